// What a restore may write, checked as strictly as the admin area checks it: a backup is a file
// anyone could have edited, and what it holds becomes the site's code, photos and admins.
import fs from 'node:fs/promises';
import path from 'node:path';
import { editableFilePathSchema, LITTERS_FILE } from '@cedar/api-contract';
import { litterProblems } from '@cedar/content';
import { isOwnHash } from '../auth/password';
import { sectionCodeProblem } from '../files/editable-files';
import type { BackupContents, BackupFile } from './archive';
import { PHOTOS_DIR } from './backed-up-files';

type ImageKind = 'JPEG' | 'PNG' | 'WebP' | 'AVIF';

/** The names a photo may have, and the kind its bytes must then be. */
const PHOTO_EXTENSIONS: Record<string, ImageKind> = {
  '.jpg': 'JPEG',
  '.jpeg': 'JPEG',
  '.png': 'PNG',
  '.webp': 'WebP',
  '.avif': 'AVIF',
};

const ascii = (bytes: Buffer, from: number, to: number) =>
  bytes.subarray(from, to).toString('latin1');

/**
 * The image format the file's first bytes name (its magic number), or null. A name or a
 * Content-Type proves nothing: an SVG or an HTML page under images/ would be served from the
 * site's own origin and could run script there.
 */
function imageKind(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'JPEG';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'PNG';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'WebP';
  // An ISO-BMFF box `ftyp` whose major brand is AVIF's (a still image or a sequence).
  if (ascii(bytes, 4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii(bytes, 8, 12)))
    return 'AVIF';
  return null;
}

function photoProblem(file: BackupFile): string | null {
  const expected = PHOTO_EXTENSIONS[path.extname(file.path).toLowerCase()];
  const found = imageKind(file.content);
  if (!expected || !found) return `${file.path} is not a JPEG, PNG, WebP or AVIF image`;
  if (found !== expected) return `${file.path} is named as ${expected} but holds ${found}`;
  return null;
}

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
  if (file.path.startsWith(`${PHOTOS_DIR}/`)) return photoProblem(file);
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
