// Builds the web app into one folder: <out>/client is what the server serves (React Router's
// prerendered pages and their .data, the admin shell, the assets and Vite's manifest, image
// variants, sitemap.xml and robots.txt, each text file also precompressed as .br and .gz). The
// API server runs this with a fresh folder each time it publishes an edit, so the live build is
// never touched. <out>/client/.build-info.json, written last, records the fingerprint of the
// sources the owner edits as they were when the build began (decision 006): a build without it
// is unfinished.
// Usage: node scripts/build.mjs [--out-dir <dir>]   (or WEB_OUT_DIR=<dir>; default dist)
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readSources, writeBuildInfo } from '@cedar/api-contract/source-fingerprint';
import { compressTree } from './compress.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const flag = process.argv.indexOf('--out-dir');
if (flag >= 0 && !process.argv[flag + 1]) throw new Error('--out-dir needs a folder');
const outDir = path.resolve(
  root,
  flag >= 0 ? process.argv[flag + 1] : (process.env.WEB_OUT_DIR ?? 'dist'),
);
const client = path.join(outDir, 'client');
const cli = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@react-router/dev/package.json')),
  'bin.js',
);

/**
 * React Router builds into a folder of its own below outDir (react-router.config.ts reads
 * WEB_OUT_DIR), which it removes and recreates: the publish's sandbox mounts outDir itself, which
 * cannot be removed. Its client folder then moves to outDir/client.
 */
const routerOut = path.join(outDir, 'react-router');

/** `react-router build` into routerOut, with the network closed. */
function reactRouterBuild() {
  return new Promise((resolve, reject) => {
    // It runs the pages' code, the edited sections among them, while it prerenders: no
    // connection for it (no-network.mjs); the publish runs this whole script in a sandbox.
    const child = spawn(
      process.execPath,
      ['--import', path.join(root, 'scripts/no-network.mjs'), cli, 'build'],
      { cwd: root, stdio: 'inherit', env: { ...process.env, WEB_OUT_DIR: routerOut } },
    );
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`react-router build stopped (exit code ${code})`)),
    );
  });
}

/** The client folders of up to 3 finished builds next to this one (the publishes', npm start's). */
async function earlierBuilds() {
  const dist = path.join(root, 'dist');
  const builds = path.join(dist, 'builds');
  const names = await fs.readdir(builds).catch(() => []);
  const dirs = [
    ...names
      .sort()
      .reverse()
      .map((name) => path.join(builds, name, 'client')),
    path.join(dist, 'client'),
  ].filter((dir) => dir !== client);
  // Only finished builds (.build-info.json is written last): never a copy still being written.
  const finished = await Promise.all(
    dirs.map((dir) =>
      fs.access(path.join(dir, '.build-info.json')).then(
        () => true,
        () => false,
      ),
    ),
  );
  return dirs.filter((_, i) => finished[i]).slice(0, 3);
}

try {
  // Before anything reads them: a save during the build can only make this look stale.
  const sources = await readSources(path.resolve(root, '../..'));
  // Only what this build writes: dist/ also holds the publishes' builds (dist/builds).
  for (const dir of ['client', 'server', 'react-router'])
    await fs.rm(path.join(outDir, dir), { recursive: true, force: true });
  await reactRouterBuild();
  await fs.rename(path.join(routerOut, 'client'), client);
  await fs.rm(routerOut, { recursive: true, force: true });
  // What the server expects under its own names (apps/api/src/web-app.ts): the SPA fallback is
  // the client-only admin area's shell; the page prerendered for a path that is no page is the
  // 404 page.
  await fs.rename(path.join(client, '__spa-fallback.html'), path.join(client, 'admin.html'));
  await fs.rename(path.join(client, '__not-found__/index.html'), path.join(client, '404.html'));
  await fs.rm(path.join(client, '__not-found__'), { recursive: true, force: true });
  await fs.rm(path.join(client, '__not-found__.data'), { force: true });
  const compressed = await compressTree(client, await earlierBuilds());
  console.log(`precompressed ${compressed} files (brotli and gzip)`);
  // vite.config.ts fixed BUILD_DAY for the client and server builds of this run.
  const { fingerprint } = await writeBuildInfo(client, sources, process.env.BUILD_DAY ?? null);
  console.log(
    fingerprint
      ? `sources fingerprint ${fingerprint.slice(0, 12)}`
      : 'a source was saved during the build: recorded as stale, to be rebuilt',
  );
} catch (error) {
  // React Router and Vite have already printed the details; one last line says what stopped.
  console.error(`web build failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
