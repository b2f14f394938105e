import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

/** sha256 of every file below a folder, by relative path. */
export async function treeHashes(root: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await fs.readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    out[path.relative(root, full)] = createHash('sha256')
      .update(await fs.readFile(full))
      .digest('hex');
  }
  return out;
}

/**
 * Bundles entry points of apps/api (our @cedar packages inlined, every other package left to
 * node_modules) into `outdir`, so a test can run them as real processes.
 */
export async function bundleForTest(
  apiDir: string,
  entryPoints: Record<string, string>,
  outdir: string,
) {
  await build({
    entryPoints,
    absWorkingDir: apiDir,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    logLevel: 'warning',
    plugins: [
      {
        name: 'externalize-dependencies',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@cedar/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
}
