import path from 'node:path';

type ImageKind = 'JPEG' | 'PNG' | 'WebP' | 'AVIF';

/** The names a photo may have, and the kind its bytes must then be. */
const PHOTO_EXTENSIONS: Record<string, ImageKind> = {
  '.jpg': 'JPEG',
  '.jpeg': 'JPEG',
  '.png': 'PNG',
  '.webp': 'WebP',
  '.avif': 'AVIF',
};

/** How many leading bytes imageKind needs. */
export const IMAGE_MAGIC_BYTES = 12;

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

/**
 * Null when `name` is a photo's name (JPEG, PNG, WebP or AVIF) and `bytes` (its first
 * IMAGE_MAGIC_BYTES at least) are that kind of image; else why not, in words.
 */
export function photoProblem(name: string, bytes: Buffer): string | null {
  const expected = PHOTO_EXTENSIONS[path.extname(name).toLowerCase()];
  const found = imageKind(bytes);
  if (!expected || !found) return `${name} is not a JPEG, PNG, WebP or AVIF image`;
  if (found !== expected) return `${name} is named as ${expected} but holds ${found}`;
  return null;
}
