// The web build runs the pages' code, the sections the admin edits among them: React Router
// imports every route module to prerender it. So the build's node process runs under Node's
// permission model, inside whatever sandbox the publish adds (bubblewrap): it may read the web
// app, the workspace packages and node_modules (never the store, which lives elsewhere in the
// repository), write only its own build folder and Vite's scratch folder, start no process or
// worker, and open no connection (no-network.mjs). Native addons are allowed: the bundler
// (Rolldown), the CSS minifier (Lightning CSS) and the image encoder (sharp) are native, and
// Node cannot load them otherwise; Node says this weakens the model, which is why the publish
// runs it in bubblewrap where bubblewrap runs, and with Code mode off where it does not.
import fs from 'node:fs';
import path from 'node:path';

/** Node's flag: --experimental-permission on Node 20, --permission from Node 22. */
const permissionFlag = process.allowedNodeEnvironmentFlags.has('--permission')
  ? '--permission'
  : '--experimental-permission';

/** Vite asks whether it runs in WSL (`existsSync` of these), which the model would refuse with an error. */
const VITE_PROBES = ['/proc/version', '/proc/sys/fs/binfmt_misc/WSLInterop', '/run/WSL'];

/** What tools look for in the folders above the app to find the workspace's root. */
const WORKSPACE_PROBES = [
  'pnpm-workspace.yaml',
  'lerna.json',
  'package.json',
  'deno.json',
  'deno.jsonc',
];

/** Every folder above `dir`, up to the file system's root. */
function ancestors(dir) {
  const found = [];
  for (let at = path.dirname(dir); ; at = path.dirname(at)) {
    found.push(at);
    if (path.dirname(at) === at) return found;
  }
}

/**
 * The node arguments that run `entry` (a script, with its arguments) contained. `cacheWritable`:
 * the image variants' cache may be written (`npm run build` of the checked-out code; a publish
 * only reads it, and keeps new variants in its own TMPDIR).
 */
export function containedNodeArgs(webRoot, outDir, entry, entryArgs = [], cacheWritable = false) {
  const repoRoot = path.resolve(webRoot, '../..');
  const real = (p) => (fs.existsSync(p) ? fs.realpathSync(p) : p);
  // A folder grants everything below it. One flag per path: Node no longer takes a list.
  const readable = [
    webRoot,
    path.join(repoRoot, 'node_modules'),
    path.join(repoRoot, 'packages'),
    path.join(repoRoot, 'package.json'),
    path.join(repoRoot, 'tsconfig.base.json'),
    path.join(repoRoot, 'pnpm-workspace.yaml'),
    ...VITE_PROBES,
    // Tools find the workspace's root by looking for these in every folder above the app.
    ...ancestors(webRoot).flatMap((dir) => WORKSPACE_PROBES.map((name) => path.join(dir, name))),
  ];
  const writable = [
    outDir,
    path.join(webRoot, 'node_modules/.vite-temp'),
    ...(cacheWritable ? [path.join(webRoot, 'node_modules/.cache/cedar-images')] : []),
  ];
  return [
    permissionFlag,
    '--allow-addons',
    // The model is experimental on Node 20, addons weaken it: said here once, not on every publish.
    '--disable-warning=ExperimentalWarning',
    '--disable-warning=SecurityWarning',
    ...[...new Set(readable.map(real))].map((p) => `--allow-fs-read=${p}`),
    ...writable.map((p) => `--allow-fs-write=${real(p)}`),
    '--import',
    path.join(webRoot, 'scripts/no-network.mjs'),
    entry,
    ...entryArgs,
  ];
}
