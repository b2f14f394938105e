/**
 * The responsive variants the build makes of every site image (vite/images-plugin.ts) and the
 * URLs the pages use for them (components/site-image.tsx): one rule, shared by both.
 */
export type ImageFormat = 'avif' | 'webp';

/** Best first: a <picture> lists its sources in this order. */
export const IMAGE_FORMATS: readonly ImageFormat[] = ['avif', 'webp'];

const WIDTHS = [480, 800, 1200];
/** Full-screen images get a wider variant too. */
const WIDE_FOLDERS: Readonly<Record<string, readonly number[]>> = { hero: [480, 800, 1200, 1920] };
/** Share images (og:image) are used as they are, never on a page. */
export const UNVARIED_FOLDERS: readonly string[] = ['social'];

export interface ImageManifest {
  /** URL folder of the variants, e.g. '/img/3f9a2c1b', named by a hash of every source image. */
  base: string;
  /** Intrinsic [width, height] shared by most images of a folder ('dogs': [800, 600]) */
  folders: Readonly<Record<string, readonly [number, number]>>;
  /** Images whose size differs from their folder's ('hero/home-hero': [1920, 1080]) */
  files: Readonly<Record<string, readonly [number, number]>>;
}

export interface ImageSource {
  folder: string;
  /** Path below /images without the extension: 'dogs/duke' */
  key: string;
}

const SOURCE = /^\/images\/([a-z0-9_-]+)\/([a-z0-9/_-]+)\.(jpe?g|png|webp)$/;

/** '/images/dogs/duke.jpg' -> { folder: 'dogs', key: 'dogs/duke' }; null for anything else. */
export function parseImageSource(src: string): ImageSource | null {
  const match = SOURCE.exec(src);
  if (!match) return null;
  const [, folder = '', name = ''] = match;
  return { folder, key: `${folder}/${name}` };
}

/** The widths made of an image `width` px wide: never wider than the source, always its full width up to the largest. */
export function variantWidths(width: number, folder: string): number[] {
  const steps = WIDE_FOLDERS[folder] ?? WIDTHS;
  const widest = Math.min(width, steps[steps.length - 1] ?? width);
  return [...steps.filter((w) => w < widest), widest];
}

export function variantUrl(base: string, key: string, width: number, format: ImageFormat): string {
  return `${base}/${key}-${width}.${format}`;
}

export interface ImageVariants {
  width: number;
  height: number;
  /** srcset per format, widest last */
  srcSet: Record<ImageFormat, string>;
}

/** Everything a <picture> needs for `src`, or null when the image has no variants. */
export function imageVariants(manifest: ImageManifest, src: string): ImageVariants | null {
  const source = parseImageSource(src);
  if (!source || UNVARIED_FOLDERS.includes(source.folder)) return null;
  const size = manifest.files[source.key] ?? manifest.folders[source.folder];
  if (!size) return null;
  const [width, height] = size;
  const widths = variantWidths(width, source.folder);
  const srcSet = (format: ImageFormat) =>
    widths.map((w) => `${variantUrl(manifest.base, source.key, w, format)} ${w}w`).join(', ');
  return { width, height, srcSet: { avif: srcSet('avif'), webp: srcSet('webp') } };
}
