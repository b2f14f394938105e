import { EDITABLE_FILES, LITTERS_FILE, NEWS_PHOTOS_DIR } from '@cedar/api-contract';

/** The site's photos: those it ships, those the owner replaced, and those uploaded. */
export const PHOTOS_DIR = 'packages/content/public/images';

/**
 * What a backup holds besides the store: the content the owner changes, as paths from the
 * repository root, each a file or a folder (taken whole, its subfolders too). One list, so that
 * what the owner can change next is backed up by adding it here.
 */
export const BACKED_UP_PATHS: readonly string[] = [
  // The seven section files of the file editor.
  ...EDITABLE_FILES.map((f) => f.path),
  // Litters: the data file the admin's Litters screen and developers edit.
  LITTERS_FILE,
  // Photos: the ones the site ships, those the owner replaced, and those uploaded.
  PHOTOS_DIR,
  // The photos of the litters' weekly news (issue 40): private, served only on families' pages.
  NEWS_PHOTOS_DIR,
];

/** Is `file` (relative, `/`-separated) one of BACKED_UP_PATHS or inside one of its folders? */
export const isBackedUpPath = (file: string) =>
  BACKED_UP_PATHS.some((p) => file === p || file.startsWith(`${p}/`));
