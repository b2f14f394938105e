import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Replaces a file so that a reader (or a crash) sees the old content or the new, never a mix:
 * temp file in the same folder, fsync, rename over the target, fsync the folder.
 */
export async function writeFileAtomic(file: string, content: string | Buffer): Promise<void> {
  const dir = path.dirname(file);
  const mode = await fs.stat(file).then(
    (s) => s.mode & 0o777,
    () => 0o644,
  );
  const temp = path.join(dir, `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await fs.open(temp, 'wx', mode);
  try {
    await handle.writeFile(content, 'utf8');
    await handle.sync();
  } catch (error) {
    await handle.close();
    await fs.rm(temp, { force: true });
    throw error;
  }
  await handle.close();
  try {
    await fs.rename(temp, file);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
  const dirHandle = await fs.open(dir, 'r');
  try {
    await dirHandle.sync();
  } finally {
    await dirHandle.close();
  }
}

/** The temp files writeFileAtomic left beside `file` when a crash cut a write short. */
export async function tempFilesOf(file: string): Promise<string[]> {
  const dir = path.dirname(file);
  const prefix = `.${path.basename(file)}.`;
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  return names
    .filter(
      (name) => name.startsWith(prefix) && /^[0-9a-f]{12}\.tmp$/.test(name.slice(prefix.length)),
    )
    .map((name) => path.join(dir, name));
}
