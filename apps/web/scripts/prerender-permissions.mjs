// The prerender is the one step of the web build that runs the pages' code, the sections the
// admin edits among them. It runs under Node's permission model: it may read the repository's
// node_modules, the workspace packages, its own scripts and the build folder, write only the
// client build, start no process, worker or native addon, and open no connection.
import fs from 'node:fs';
import path from 'node:path';

/** Node's flag: --experimental-permission on Node 20, --permission from Node 22. */
const permissionFlag = process.allowedNodeEnvironmentFlags.has('--permission')
  ? '--permission'
  : '--experimental-permission';

/** The node arguments that run `scripts/prerender.mjs --out-dir <outDir>` contained. */
export function prerenderNodeArgs(webRoot, outDir) {
  const repoRoot = path.resolve(webRoot, '../..');
  const real = (p) => (fs.existsSync(p) ? fs.realpathSync(p) : p);
  // A folder grants everything below it. One flag per path: Node no longer takes a list.
  const readable = [
    outDir,
    path.join(webRoot, 'scripts'),
    path.join(webRoot, 'node_modules'),
    path.join(webRoot, 'package.json'),
    path.join(repoRoot, 'node_modules'),
    path.join(repoRoot, 'packages'),
    path.join(repoRoot, 'package.json'),
  ];
  return [
    permissionFlag,
    // The model is experimental on Node 20; saying so on every publish helps nobody.
    '--disable-warning=ExperimentalWarning',
    ...readable.map((p) => `--allow-fs-read=${real(p)}`),
    `--allow-fs-write=${real(path.join(outDir, 'client'))}`,
    '--import',
    path.join(webRoot, 'scripts/no-network.mjs'),
    path.join(webRoot, 'scripts/prerender.mjs'),
    '--out-dir',
    outDir,
  ];
}
