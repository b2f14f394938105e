import fs from 'node:fs/promises';
import path from 'node:path';
import { NEWS_PHOTO_WIDTHS, NEWS_PHOTOS_DIR, type NewsPhotoWidth } from '@cedar/api-contract';
import { writeFileAtomic } from '../lib/atomic-write';
import { PRIVATE_DIR_MODE } from '../lib/private-dir';
import { photoVariant } from '../litters/photos';

/**
 * The display copies of the news photos (`<name>-<width>.jpg`), private as the photos are. They
 * are made from the photos, so backups leave them out: after a restore they are made again.
 */
const NEWS_PHOTO_COPIES_DIR = 'private/litter-news-sized';

const storedFile = (repoRoot: string, name: string) => path.join(repoRoot, NEWS_PHOTOS_DIR, name);
const copyFile = (repoRoot: string, name: string, width: NewsPhotoWidth) =>
  path.join(repoRoot, NEWS_PHOTO_COPIES_DIR, name.replace(/\.jpg$/, `-${width}.jpg`));

/** The display widths worth making of a photo `width` px wide: those narrower than it. */
export const displayWidths = (width: number): NewsPhotoWidth[] =>
  NEWS_PHOTO_WIDTHS.filter((w) => w < width);

/**
 * A news photo's bytes (`name` checked by the caller against newsPhotoNameSchema): as stored, or
 * its copy `width` px wide, made by the litter photos' encoder (litters/photos.ts) the first time
 * it is asked for and kept. Null when the photo is not stored (removed, or never uploaded): a copy
 * never outlives its photo.
 */
export async function readNewsPhoto(
  repoRoot: string,
  name: string,
  width?: NewsPhotoWidth,
): Promise<Buffer | null> {
  const stored = await fs.readFile(storedFile(repoRoot, name)).catch(() => null);
  if (!stored || !width) return stored;
  const file = copyFile(repoRoot, name, width);
  const kept = await fs.readFile(file).catch(() => null);
  if (kept) return kept;
  const copy = await photoVariant(stored, width);
  await fs.mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
  // Two requests at once may both make it: each writes whole, the last one stays.
  await writeFileAtomic(file, copy);
  return copy;
}

/** Makes a newly uploaded photo's display copies, so that the first family to look waits less. */
export async function makeDisplayCopies(repoRoot: string, name: string, width: number) {
  for (const w of displayWidths(width)) await readNewsPhoto(repoRoot, name, w);
}

/** Removes a news photo and its display copies. */
export async function removeNewsPhoto(repoRoot: string, name: string) {
  await fs.rm(storedFile(repoRoot, name), { force: true });
  for (const w of NEWS_PHOTO_WIDTHS) await fs.rm(copyFile(repoRoot, name, w), { force: true });
}
