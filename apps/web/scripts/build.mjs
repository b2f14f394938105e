// Builds the web app into one folder: <out>/client (what the server serves: assets, image
// variants, the prerendered pages, sitemap.xml and robots.txt, each text file also precompressed
// as .br and .gz) and <out>/server (the SSR bundle the prerender uses). The API server runs
// this with a fresh folder each time it publishes an edit, so the live build is never touched.
// <out>/client/.build-info.json, written last, records the fingerprint of the sources the owner
// edits as they were when the build began (decision 006): a build without it is unfinished.
// With --publish (the API server's builds of a saved edit) it builds the public pages only: no
// admin area (the server serves the one built at start-up), no admin.html, sitemap or robots, and
// nothing precompressed: the server compresses what it adopts, and takes the copies of every file
// that came out byte for byte as one it already serves (decision 016).
// Usage: node scripts/build.mjs [--out-dir <dir>] [--publish]   (or WEB_OUT_DIR=<dir>; default dist)
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readSources, writeBuildInfo } from '@cedar/api-contract/source-fingerprint';
import { build } from 'vite';
import { compressTree } from './compress.mjs';
import { prerenderNodeArgs } from './prerender-permissions.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const flag = process.argv.indexOf('--out-dir');
if (flag >= 0 && !process.argv[flag + 1]) throw new Error('--out-dir needs a folder');
const publish = process.argv.includes('--publish');
// Read by vite.config.ts (both builds) and scripts/prerender.mjs.
if (publish) process.env.WEB_PUBLIC_ONLY = '1';
const outDir = path.resolve(
  root,
  flag >= 0 ? process.argv[flag + 1] : (process.env.WEB_OUT_DIR ?? 'dist'),
);

// Each step's time, printed at the end: publish time is a budget (docs/performance.md).
const steps = [];
let stepStart = performance.now();
const step = (name) => {
  const now = performance.now();
  steps.push(`${name} ${Math.round(now - stepStart)} ms`);
  stepStart = now;
};

try {
  // Before anything reads them: a save during the build can only make this look stale.
  const sources = await readSources(path.resolve(root, '../..'));
  await build({ root, build: { outDir: path.join(outDir, 'client'), emptyOutDir: true } });
  step('client');
  await build({
    root,
    build: { ssr: 'src/entry-server.tsx', outDir: path.join(outDir, 'server'), emptyOutDir: true },
  });
  step('server');
  // A process of its own: the SSR bundle is imported fresh, never from a module cache.
  await new Promise((resolve, reject) => {
    // It runs the pages' code, the edited sections among them: see prerender-permissions.mjs.
    const child = spawn(process.execPath, prerenderNodeArgs(root, outDir), {
      cwd: root,
      stdio: 'inherit',
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`the prerender stopped (exit code ${code})`)),
    );
  });
  step('prerender');
  if (!publish) {
    const compressed = await compressTree(path.join(outDir, 'client'));
    step('compress');
    console.log(`precompressed ${compressed} files (brotli and gzip)`);
  }
  // vite.config.ts fixed BUILD_DAY for both builds of this run.
  const { fingerprint } = await writeBuildInfo(
    path.join(outDir, 'client'),
    sources,
    process.env.BUILD_DAY ?? null,
  );
  console.log(
    fingerprint
      ? `sources fingerprint ${fingerprint.slice(0, 12)}`
      : 'a source was saved during the build: recorded as stale, to be rebuilt',
  );
  console.log(`build steps: ${steps.join(', ')}`);
} catch (error) {
  // Vite has already printed the details; one last line says what stopped.
  console.error(`web build failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
