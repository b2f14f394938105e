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

/** What the web build does not read: not the server (whose tests write bundles there meanwhile). */
const NOT_READ_BY_THE_WEB_BUILD = new Set([
  '.git',
  'data',
  'apps/api',
  'apps/web/dist',
  'apps/web/e2e',
  '.turbo',
  'bench',
  'docs',
]);

/**
 * A copy of the repository made of hard links (a file is copied only across file systems), for
 * tests that run the real web build: `skip` names paths relative to `from`. A test that changes a
 * file of the copy unlinks it first, or it would change the repository's.
 */
export async function linkRepoCopy(
  from: string,
  to: string,
  skip: Set<string> = NOT_READ_BY_THE_WEB_BUILD,
  root: string = from,
): Promise<void> {
  await fs.mkdir(to, { recursive: true });
  for (const entry of await fs.readdir(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (skip.has(path.relative(root, source))) continue;
    if (entry.isSymbolicLink()) await fs.symlink(await fs.readlink(source), target);
    else if (entry.isDirectory()) await linkRepoCopy(source, target, skip, root);
    else if (entry.isFile())
      await fs.link(source, target).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code === 'EXDEV') await fs.copyFile(source, target);
        else if (error.code !== 'ENOENT') throw error;
      });
  }
}
