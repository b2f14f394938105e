import sharp, { type Metadata } from 'sharp';
import { HttpError } from '../lib/http-errors';

/** The most pixels a photo may have: a 50-megapixel phone camera, with room to spare. */
const MAX_PHOTO_PIXELS = 64_000_000;
/** The longest side of a stored photo: the site's largest variant is narrower. */
const STORED_PHOTO_SIDE = 2400;

const READABLE = new Set(['jpeg', 'png', 'webp', 'heif']);
/** The one JPEG setting of every photo the server writes, stored or made smaller from it. */
const JPEG = { quality: 88, mozjpeg: true } as const;

const unsupported = () =>
  new HttpError(
    415,
    'unsupported_media_type',
    'This file is not a photo we can read. Send a JPEG, PNG, WebP or HEIC photo.',
  );

/**
 * A photo from the owner's phone as the site stores it: decoded, turned upright, at most
 * STORED_PHOTO_SIDE on its longest side, and re-encoded as JPEG without any metadata (no camera
 * details, no GPS location). The header is read first, so a file claiming huge dimensions is
 * refused before any pixel is decoded.
 */
export async function decodePhoto(input: Buffer): Promise<Buffer> {
  let header: Metadata;
  try {
    header = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw unsupported();
  }
  if (!READABLE.has(header.format)) throw unsupported();
  if ((header.width ?? 0) * (header.height ?? 0) > MAX_PHOTO_PIXELS) {
    throw new HttpError(
      422,
      'photo_too_large',
      `The photo is ${header.width} × ${header.height} pixels; at most ${MAX_PHOTO_PIXELS / 1_000_000} megapixels fit.`,
    );
  }
  try {
    // Without withMetadata(), sharp writes no EXIF, XMP or IPTC: the location goes with them.
    return await sharp(input, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error' })
      .rotate()
      .resize({
        width: STORED_PHOTO_SIDE,
        height: STORED_PHOTO_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .jpeg(JPEG)
      .toBuffer();
  } catch {
    // A HEIC photo in a codec this server's sharp cannot decode ends here too.
    throw new HttpError(
      415,
      'unsupported_media_type',
      header.format === 'heif'
        ? 'This HEIC photo cannot be read here. On the phone, choose "Most Compatible" for the camera format, or send the photo as JPEG.'
        : 'This photo could not be read: it may be damaged. Send it again, or as a JPEG.',
    );
  }
}

/**
 * A smaller copy of a stored photo (decodePhoto's output: upright, without metadata) for display,
 * `width` px wide at most, never wider than the photo, by the same encoder and setting.
 */
export function photoVariant(stored: Buffer, width: number): Promise<Buffer> {
  return sharp(stored, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error' })
    .resize({ width, withoutEnlargement: true })
    .jpeg(JPEG)
    .toBuffer();
}
