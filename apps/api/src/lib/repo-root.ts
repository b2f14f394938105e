import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The monorepo's root: the nearest folder above `from` holding pnpm-workspace.yaml. The bundled
 * server and CLI sit at different depths under apps/api, so a fixed '../..' would be wrong for one.
 */
export function findRepoRoot(
  from: string = path.dirname(fileURLToPath(import.meta.url)),
): string | undefined {
  let dir = path.resolve(from);
  for (;;) {
    if (fs.existsSync(path.join(dir, 'pnpm-workspace.yaml'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}
