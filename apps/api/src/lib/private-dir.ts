import fs from 'node:fs/promises';
import path from 'node:path';

/** Folders only their owner may enter; files only their owner may read or write. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Any permission for the group or for others. */
const SHARED_BITS = 0o077;

/**
 * Creates `dir` if it is missing, private; then takes away every permission of the group and of
 * others from it and from everything below it (folders 0700, files and sockets 0600). Symbolic
 * links are left alone. Answers the paths (relative to `dir`, `.` for itself) that were wider.
 */
export async function makePrivate(dir: string): Promise<string[]> {
  await fs.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const tightened: string[] = [];
  const visit = async (full: string) => {
    const stat = await fs.lstat(full).catch(() => null);
    if (!stat || stat.isSymbolicLink()) return;
    if ((stat.mode & SHARED_BITS) !== 0) {
      await fs.chmod(full, stat.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE);
      tightened.push(path.relative(dir, full) || '.');
    }
    if (stat.isDirectory())
      for (const name of await fs.readdir(full)) await visit(path.join(full, name));
  };
  await visit(dir);
  return tightened;
}
