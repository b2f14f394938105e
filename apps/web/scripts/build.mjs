// Builds the web app into one folder: <out>/client is what the server serves (React Router's
// prerendered pages and their .data, the admin shell, the assets and Vite's manifest, image
// variants, sitemap.xml and robots.txt, each text file also precompressed as .br and .gz). The
// API server runs this with a fresh folder each time it publishes an edit, so the live build is
// never touched. <out>/client/.build-info.json, written last, records the fingerprint of the
// sources the owner edits as they were when the build began (decision 006): a build without it
// is unfinished. A start-up build's stylesheet is split in the public pages' and the admin's
// (split-admin-css.mjs, decision 037).
// With --publish (the API server's builds of a saved edit) it builds the public pages only: no
// admin area (the server serves the one built at start-up), no admin.html, sitemap or robots, and
// nothing precompressed: the server compresses what it adopts, and takes the copies of every file
// that came out byte for byte as one it already serves (decision 016).
// With --wait (a publish's build, started by the server ahead of the save that needs it) it starts
// React Router's build process, which loads its tools, and builds once `go` arrives on stdin.
// Usage: node scripts/build.mjs [--out-dir <dir>] [--publish] [--wait]
//   (or WEB_OUT_DIR=<dir>; default dist)
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readSources, writeBuildInfo } from '@cedar/build-info';
import { containedNodeArgs } from './build-permissions.mjs';
import { waitForGo } from './wait-for-go.mjs';
import { compressTree } from '@cedar/build-info/compress';
import { splitAdminCss } from './split-admin-css.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const flag = process.argv.indexOf('--out-dir');
if (flag >= 0 && !process.argv[flag + 1]) throw new Error('--out-dir needs a folder');
const publish = process.argv.includes('--publish');
// Read by src/routes.ts and react-router.config.ts, in React Router's build process.
if (publish) process.env.WEB_PUBLIC_ONLY = '1';
const outDir = path.resolve(
  root,
  flag >= 0 ? process.argv[flag + 1] : (process.env.WEB_OUT_DIR ?? 'dist'),
);
const client = path.join(outDir, 'client');
/**
 * React Router builds into a folder of its own below outDir (react-router.config.ts reads
 * WEB_OUT_DIR), which it removes and recreates: the publish's sandbox mounts outDir itself, which
 * cannot be removed. Its client folder then moves to outDir/client.
 */
const routerOut = path.join(outDir, 'react-router');
const tmp = path.join(outDir, 'tmp');

/**
 * Starts React Router's build into routerOut (react-router-build.mjs). It runs the pages' code,
 * the edited sections among them, while it prerenders: under Node's permission model with the
 * network closed (build-permissions.mjs), inside the publish's sandbox. With `wait` it loads its
 * tools and waits for `go()`. Resolves when it has finished.
 */
async function startReactRouterBuild({ wait }) {
  await fs.mkdir(tmp, { recursive: true });
  await fs.mkdir(path.join(root, 'node_modules/.vite-temp'), { recursive: true });
  if (!publish)
    await fs.mkdir(path.join(root, 'node_modules/.cache/cedar-images'), { recursive: true });
  const child = spawn(
    process.execPath,
    containedNodeArgs(
      root,
      outDir,
      path.join(root, 'scripts/react-router-build.mjs'),
      wait ? ['--wait'] : [],
      !publish,
    ),
    {
      cwd: root,
      stdio: [wait ? 'pipe' : 'ignore', 'inherit', 'inherit'],
      env: { ...process.env, WEB_OUT_DIR: routerOut, TMPDIR: tmp },
    },
  );
  const done = new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`react-router build stopped (exit code ${code})`)),
    );
  });
  const finished = done.then(() => fs.rm(tmp, { recursive: true, force: true }));
  // Awaited only after the go: a failure while it waits is reported then, not as unhandled.
  finished.catch(() => undefined);
  return { go: () => child.stdin?.end('go\n'), done: finished };
}

// Each step's time, printed at the end: publish time is a budget (docs/performance.md).
const steps = [];
let stepStart = performance.now();
const step = (name) => {
  const now = performance.now();
  steps.push(`${name} ${Math.round(now - stepStart)} ms`);
  stepStart = now;
};

try {
  const wait = process.argv.includes('--wait');
  // Only what this build writes: dist/ also holds the publishes' builds (dist/builds).
  for (const dir of ['client', 'server', 'react-router'])
    await fs.rm(path.join(outDir, dir), { recursive: true, force: true });
  // The build's process starts now; with --wait it loads its tools while this one waits.
  const reactRouterBuild = await startReactRouterBuild({ wait });
  if (wait && !(await waitForGo())) process.exit(0);
  stepStart = performance.now();
  // Before anything reads them: a save during the build can only make this look stale.
  const sources = await readSources(path.resolve(root, '../..'));
  step('sources');
  // The client build, the server bundle and the prerender, in one process of React Router's.
  reactRouterBuild.go();
  await reactRouterBuild.done;
  step('react-router build');
  await fs.rename(path.join(routerOut, 'client'), client);
  await fs.rm(routerOut, { recursive: true, force: true });
  // What the server expects under its own names (apps/api/src/web-app.ts): the SPA fallback is
  // the client-only admin area's shell; the page prerendered for a path that is no page is the
  // 404 page. A publish build has no admin area: the server keeps the start-up build's shell.
  if (publish) await fs.rm(path.join(client, '__spa-fallback.html'), { force: true });
  else await fs.rename(path.join(client, '__spa-fallback.html'), path.join(client, 'admin.html'));
  await fs.rename(path.join(client, '__not-found__/index.html'), path.join(client, '404.html'));
  await fs.rm(path.join(client, '__not-found__'), { recursive: true, force: true });
  await fs.rm(path.join(client, '__not-found__.data'), { force: true });
  step('move');
  if (!publish) {
    // The admin's component styles in a sheet of their own, linked by admin.html only.
    const sheets = await splitAdminCss(client);
    step('css');
    if (sheets)
      console.log(`stylesheets: ${sheets.site} for every page, ${sheets.admin} for the admin area`);
    const compressed = await compressTree(client);
    step('compress');
    console.log(`precompressed ${compressed} files (brotli and gzip)`);
  }
  // vite.config.ts fixed BUILD_DAY for the client and server builds of this run.
  const { fingerprint } = await writeBuildInfo(client, sources, process.env.BUILD_DAY ?? null);
  console.log(
    fingerprint
      ? `sources fingerprint ${fingerprint.slice(0, 12)}`
      : 'a source was saved during the build: recorded as stale, to be rebuilt',
  );
  console.log(`build steps: ${steps.join(', ')}`);
} catch (error) {
  // React Router and Vite have already printed the details; one last line says what stopped.
  console.error(`web build failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
