// What a restore may write, checked as strictly as the admin area checks it: a backup is a file
// anyone could have edited, and what it holds becomes the site's code, photos and admins.
import fs from 'node:fs/promises';
import path from 'node:path';
import { editableFilePathSchema, LITTERS_FILE } from '@cedar/api-contract';
import { litterProblems } from '@cedar/content';
import { isOwnHash } from '../auth/password';
import { sectionCodeProblem } from '../files/editable-files';
import { photoProblem } from '../lib/image-kind';
import type { BackupContents, BackupFile } from './archive';
import { NEWS_PHOTOS_DIR } from '@cedar/api-contract';
import { PHOTOS_DIR } from './backed-up-files';

const photoFileProblem = (file: BackupFile) => photoProblem(file.path, file.content);

function textOf(file: BackupFile): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(file.content);
  } catch {
    return null;
  }
}

async function currentText(repoRoot: string, file: string): Promise<string | null> {
  return fs.readFile(path.join(repoRoot, file), 'utf8').catch(() => null);
}

async function fileProblem(file: BackupFile, repoRoot: string): Promise<string | null> {
  if (file.path.startsWith(`${PHOTOS_DIR}/`)) return photoFileProblem(file);
  // Issue 40: a news photo is a JPEG the server named and re-encoded itself.
  if (file.path.startsWith(`${NEWS_PHOTOS_DIR}/`))
    return /^[a-f0-9]{24}\.jpg$/.test(file.path.slice(NEWS_PHOTOS_DIR.length + 1))
      ? photoFileProblem(file)
      : `${file.path} is not a news photo's name`;
  const section = editableFilePathSchema.safeParse(file.path);
  if (section.success) {
    const text = textOf(file);
    if (text === null) return `${file.path} is not UTF-8 text`;
    const problem = await sectionCodeProblem(
      section.data,
      text,
      await currentText(repoRoot, file.path),
    );
    // The editor's message is a sentence of its own: its full stop goes, the caller ends the line.
    return problem
      ? `${file.path} would be refused by the editor: ${problem.message.replace(/\.$/, '')}`
      : null;
  }
  if (file.path === LITTERS_FILE) {
    const text = textOf(file);
    let litters: unknown;
    try {
      litters = JSON.parse(text ?? '');
    } catch {
      return `${file.path} is not JSON`;
    }
    if (!Array.isArray(litters)) return `${file.path} is not a list of litters`;
    const problem = litterProblems(litters)[0];
    return problem
      ? `${file.path} has an invalid litter (${problem.record}, ${problem.field}: ${problem.message})`
      : null;
  }
  return `${file.path} is not a file a restore writes`;
}

/**
 * The first reason the backup's contents may not be restored, in words for the operator, or
 * null. Section files get the editor's own check (size, syntax, the section check, the exports
 * the pages import), photos must be JPEG, PNG, WebP or AVIF by their bytes, the litters file must
 * be litters, and every password hash must have this product's own scrypt parameters.
 */
export async function restoreProblem(
  contents: BackupContents,
  repoRoot: string,
): Promise<string | null> {
  for (const admin of contents.snapshot.admins) {
    if (!isOwnHash(admin.passwordHash))
      return `the password hash of admin ${JSON.stringify(admin.username)} does not have this product's scrypt parameters`;
  }
  // Passkeys and factors belong to the backup's own admins.
  const admins = new Set(contents.snapshot.admins.map((a) => a.username));
  for (const doc of [...(contents.snapshot.passkeys ?? []), ...(contents.snapshot.factors ?? [])]) {
    const owner = 'username' in doc ? doc.username : doc._id;
    if (!admins.has(owner))
      return `the backup holds a sign-in factor of ${JSON.stringify(owner)}, who is not one of its admins`;
  }
  const waitlists = contents.snapshot.waitlists ?? [];
  if (waitlists.length > 1) return 'the backup holds more than one set of waitlists';
  const inquiries = new Set(contents.snapshot.inquiries.map((i) => i._id));
  const listed = new Set<string>();
  for (const list of waitlists[0]?.lists ?? [])
    for (const entry of list.entries) {
      // A family is on one list, once, and is one of the backup's inquiries.
      if (listed.has(entry.inquiryId))
        return `the waitlists list the inquiry ${entry.inquiryId} more than once`;
      listed.add(entry.inquiryId);
      if (!inquiries.has(entry.inquiryId))
        return `the waitlists list the inquiry ${entry.inquiryId}, which the backup does not hold`;
    }
  for (const file of contents.files) {
    const problem = await fileProblem(file, repoRoot);
    if (problem) return problem;
  }
  return null;
}
