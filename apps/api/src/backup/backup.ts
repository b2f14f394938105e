import { auditEntry } from '../audit/audit-log';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { Clock } from '../auth/sessions';
import type { EditableFiles } from '../files/editable-files';
import { writeFileAtomic } from '../lib/atomic-write';
import { PRIVATE_FILE_MODE } from '../lib/private-dir';
import type { Store } from '../store';
import { type BackupContents, type BackupFile, BackupError, readArchive } from './archive';
import { BACKED_UP_PATHS } from './backed-up-files';
import { restoreProblem } from './restore-check';

/** Every regular file of BACKED_UP_PATHS below `repoRoot` (symbolic links are not followed). */
async function readBackedUpFiles(repoRoot: string): Promise<BackupFile[]> {
  const out: BackupFile[] = [];
  const visit = async (relative: string) => {
    const full = path.join(repoRoot, relative);
    const stat = await fs.lstat(full).catch(() => null);
    if (stat?.isFile()) out.push({ path: relative, content: await fs.readFile(full) });
    else if (stat?.isDirectory()) {
      const names = (await fs.readdir(full)).sort();
      for (const name of names) await visit(`${relative}/${name}`);
    }
  };
  for (const entry of BACKED_UP_PATHS) await visit(entry);
  return out;
}

export interface BackupSources {
  store: Store;
  repoRoot: string;
  clock: Clock;
  /** The server's section files: saves wait while the backup reads, so files and revisions agree. */
  files?: EditableFiles;
}

/** What a backup holds, read as one: the store's snapshot and the files, no save in between. */
export async function collectBackup({
  store,
  repoRoot,
  clock,
  files,
}: BackupSources): Promise<BackupContents> {
  const read = async () => ({
    createdAt: clock(),
    store: store.kind,
    snapshot: await store.snapshot(),
    files: await readBackedUpFiles(repoRoot),
  });
  return files ? files.whileNoSave(read) : read();
}

/**
 * Writes an archive stream to `file` so that the name only ever holds a whole backup (a temp
 * file beside it, synced, then renamed), then reads it back to check it.
 */
export async function saveArchive(archive: Readable, file: string) {
  const temp = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${randomBytes(6).toString('hex')}.partial`,
  );
  try {
    await pipeline(archive, createWriteStream(temp, { flags: 'wx', mode: PRIVATE_FILE_MODE }));
    const handle = await fs.open(temp, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    const checked = await readArchive(temp);
    await fs.rename(temp, file);
    return checked;
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
}

/**
 * Fills the store and the files from a checked archive, once its contents passed the checks a
 * save would (restore-check.ts). The store must be empty unless `force`:
 * then its admins, inquiries and revisions are replaced, and every session and login counter ends.
 */
export async function restoreBackup(
  contents: BackupContents,
  {
    store,
    repoRoot,
    force,
    auditRetentionDays = 365,
  }: { store: Store; repoRoot: string; force: boolean; auditRetentionDays?: number },
) {
  // Everything is checked before anything is written: a refused backup changes nothing.
  const problem = await restoreProblem(contents, repoRoot);
  if (problem)
    throw new BackupError(`The backup cannot be restored, and nothing was changed: ${problem}.`);
  if (!force && !(await store.isEmpty()))
    throw new BackupError(
      `The ${store.kind} store already holds admins, inquiries or revisions. ` +
        'Restore into an empty DATA_DIR, or add --force to replace what it holds with the backup.',
    );
  await store.replaceAll(contents.snapshot);
  for (const file of contents.files) {
    const target = path.join(repoRoot, file.path);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await writeFileAtomic(target, file.content);
  }
  // Written after the restore, so the backup's own log does not replace it (issue 39).
  const { snapshot } = contents;
  await store.audit.add(
    auditEntry(
      {
        action: 'restore',
        outcome: 'success',
        target: `backup made ${contents.createdAt.toISOString()}`,
        fields: {
          admins: snapshot.admins.length,
          inquiries: snapshot.inquiries.length,
          revisions: snapshot.revisions.length,
          files: contents.files.length,
        },
      },
      new Date(),
      auditRetentionDays,
    ),
  );
}
