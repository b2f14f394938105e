import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Connect, Plugin } from 'vite';
import {
  IMAGE_FORMATS,
  UNVARIED_FOLDERS,
  variantUrl,
  variantWidths,
  type ImageFormat,
  type ImageManifest,
} from '../src/lib/image-variants.ts';

const IMAGES_MODULE = 'virtual:cedar-images';
const RESOLVED = `\0${IMAGES_MODULE}`;

/**
 * Encoder settings. Low effort keeps the first build of a fresh clone (every variant encoded)
 * short on a small machine; the cache makes every later build, the editor's publish included,
 * copy files instead. Changing a setting changes the cache keys and the URL folder.
 */
const ENCODE = {
  avif: { quality: 50, effort: 1 },
  webp: { quality: 75, effort: 3 },
} as const satisfies Record<ImageFormat, object>;
const SETTINGS_VERSION = `1:${JSON.stringify(ENCODE)}`;

export interface SourceImage {
  /** 'dogs/duke' */
  key: string;
  folder: string;
  file: string;
  hash: string;
  width: number;
  height: number;
}

export interface Variant {
  source: SourceImage;
  width: number;
  format: ImageFormat;
  /** URL path below the site root */
  url: string;
  /** File in the encode cache (in the publish sandbox, a new one may sit in a scratch folder) */
  cached: string;
}

function listImages(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return listImages(full);
    return /\.(jpe?g|png|webp)$/i.test(entry.name) ? [full] : [];
  });
}

async function readSources(imagesDir: string): Promise<SourceImage[]> {
  const files = listImages(imagesDir).sort();
  return Promise.all(
    files.map(async (file) => {
      const rel = path.relative(imagesDir, file).split(path.sep).join('/');
      const folder = rel.split('/')[0] ?? '';
      const buffer = await fsp.readFile(file);
      const meta = await sharp(buffer).metadata();
      // Photos from a camera can be stored sideways with an EXIF orientation; sizes are as shown.
      const turned = (meta.orientation ?? 1) >= 5;
      return {
        key: rel.replace(/\.[a-z]+$/i, ''),
        folder,
        file,
        hash: createHash('sha256').update(buffer).digest('hex'),
        width: (turned ? meta.height : meta.width) ?? 0,
        height: (turned ? meta.width : meta.height) ?? 0,
      };
    }),
  );
}

/** The manifest the pages read: most images of a folder share a size, so only the exceptions are listed. */
function buildManifest(sources: SourceImage[], base: string): ImageManifest {
  const counts = new Map<string, Map<string, number>>();
  for (const s of sources) {
    const sizes = counts.get(s.folder) ?? new Map<string, number>();
    sizes.set(`${s.width}x${s.height}`, (sizes.get(`${s.width}x${s.height}`) ?? 0) + 1);
    counts.set(s.folder, sizes);
  }
  const folders: Record<string, [number, number]> = {};
  for (const [folder, sizes] of counts) {
    const [common = '0x0'] = [...sizes.entries()].sort((a, b) => b[1] - a[1])[0] ?? [];
    const [w = 0, h = 0] = common.split('x').map(Number);
    folders[folder] = [w, h];
  }
  const files: Record<string, [number, number]> = {};
  for (const s of sources) {
    const [w, h] = folders[s.folder] ?? [0, 0];
    if (s.width !== w || s.height !== h) files[s.key] = [s.width, s.height];
  }
  return { base, folders, files };
}

function variantsOf(sources: SourceImage[], base: string, cacheDir: string): Variant[] {
  return sources
    .filter((s) => !UNVARIED_FOLDERS.includes(s.folder))
    .flatMap((source) =>
      variantWidths(source.width, source.folder).flatMap((width) =>
        IMAGE_FORMATS.map((format) => ({
          source,
          width,
          format,
          url: variantUrl(base, source.key, width, format),
          cached: path.join(
            cacheDir,
            `${source.hash.slice(0, 20)}-${width}-${createHash('sha1').update(SETTINGS_VERSION).digest('hex').slice(0, 8)}.${format}`,
          ),
        })),
      ),
    );
}

/** The cache cannot be written here: read-only, not ours, or (in a sandbox) not there at all. */
const unwritable = (error: unknown) =>
  ['EROFS', 'EACCES', 'EPERM', 'ENOENT', 'ERR_ACCESS_DENIED'].includes(
    (error as NodeJS.ErrnoException).code ?? '',
  );

/** The encodes under way in this process, by cache file (see `encode`). */
const encoding = new Map<string, Promise<string>>();

/**
 * The variant's file, from the cache or encoded into it. Two source images with the same bytes
 * (the content has three such pairs) share their cache files: their variants are encoded once,
 * whichever asks first, and the other waits for that one. Each write also has a temporary name
 * of its own, so two processes never share one either.
 */
export function encode(variant: Variant): Promise<string> {
  const under = encoding.get(variant.cached);
  if (under) return under;
  const done = encodeOnce(variant).finally(() => encoding.delete(variant.cached));
  encoding.set(variant.cached, done);
  return done;
}

async function encodeOnce(variant: Variant): Promise<string> {
  if (fs.existsSync(variant.cached)) return variant.cached;
  const pipeline = sharp(variant.source.file)
    .rotate()
    .resize({ width: variant.width, withoutEnlargement: true });
  const buffer =
    variant.format === 'avif'
      ? await pipeline.avif(ENCODE.avif).toBuffer()
      : await pipeline.webp(ENCODE.webp).toBuffer();
  // Written under a temporary name first: two builds at once never read half a file.
  const temp = `${variant.cached}.${process.pid}-${randomUUID()}.tmp`;
  try {
    await fsp.writeFile(temp, buffer);
  } catch (error) {
    // The publish sandbox may read the cache but not write it: the new file is kept for this
    // build only, in its own temporary folder.
    if (!unwritable(error)) throw error;
    const scratch = path.join(os.tmpdir(), 'cedar-images', path.basename(variant.cached));
    await fsp.mkdir(path.dirname(scratch), { recursive: true });
    await fsp.writeFile(scratch, buffer);
    return scratch;
  }
  await fsp.rename(temp, variant.cached);
  return variant.cached;
}

async function inPool<T>(items: T[], size: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.max(1, size) }, worker));
}

/**
 * Responsive images: every source image of packages/content/public/images becomes AVIF and WebP
 * variants at a few widths (lib/image-variants.ts), written to <outDir>/img/<hash>/ where <hash>
 * names the whole image set, so the files can be cached for a year. Encoded files are kept in
 * node_modules/.cache/cedar-images by content hash, so only new or changed images are encoded
 * again. `virtual:cedar-images` gives the pages the sizes and the URL folder. The dev server
 * encodes a variant when it is first asked for.
 */
export function imagesPlugin(): Plugin {
  let imagesDir = '';
  let cacheDir = '';
  let state: Promise<{
    sources: SourceImage[];
    manifest: ImageManifest;
    variants: Variant[];
  }> | null = null;
  let encoding: Promise<Variant[]> | null = null;
  /** The variants being copied into the client build (writeBundle), awaited by buildApp. */
  let copying: Promise<void> | null = null;
  let report = { encoded: 0, cached: 0, ms: 0 };

  const load = () =>
    (state ??= readSources(imagesDir).then((sources) => {
      const setHash = createHash('sha256').update(SETTINGS_VERSION);
      for (const s of sources) setHash.update(`${s.key}:${s.hash}\n`);
      const base = `/img/${setHash.digest('hex').slice(0, 10)}`;
      return {
        sources,
        manifest: buildManifest(sources, base),
        variants: variantsOf(sources, base, cacheDir),
      };
    }));

  const encodeAll = async () => {
    const started = Date.now();
    const { variants } = await load();
    // A publish sandbox reads the cache but may not create it: encode() then keeps new files in
    // a scratch folder for this build only.
    await fsp.mkdir(cacheDir, { recursive: true }).catch((error: unknown) => {
      if (!unwritable(error)) throw error;
    });
    report = { encoded: 0, cached: 0, ms: 0 };
    await inPool(variants, os.availableParallelism(), async (v) => {
      if (fs.existsSync(v.cached)) report.cached++;
      else {
        v.cached = await encode(v);
        report.encoded++;
      }
    });
    report.ms = Date.now() - started;
    return variants;
  };

  const middleware: Connect.NextHandleFunction = (req, res, next) => {
    if (!req.url?.startsWith('/img/')) return next();
    load()
      .then(async ({ variants }) => {
        const variant = variants.find((v) => v.url === req.url?.split('?')[0]);
        if (!variant) return next();
        await fsp.mkdir(cacheDir, { recursive: true });
        const file = await encode(variant);
        res.setHeader('content-type', `image/${variant.format}`);
        res.end(await fsp.readFile(file));
      })
      .catch(next);
  };

  return {
    name: 'cedar:images',
    configResolved(config) {
      imagesDir = path.join(config.publicDir, 'images');
      cacheDir = path.join(config.root, 'node_modules/.cache/cedar-images');
    },
    buildStart() {
      // Encoding runs beside the bundling; writeBundle waits for it. A build that writes nothing
      // (the publish process's warm-up, decision 044) has no use for the variants.
      const environment = this.environment;
      if (
        environment?.name === 'client' &&
        environment.config.command === 'build' &&
        environment.config.build.write !== false
      )
        encoding = encodeAll();
    },
    resolveId: {
      filter: { id: new RegExp(`^${IMAGES_MODULE}$`) },
      handler: () => RESOLVED,
    },
    load: {
      filter: { id: new RegExp(`^\\0${IMAGES_MODULE}$`) },
      async handler() {
        const { manifest } = await load();
        return `export const imageManifest = ${JSON.stringify(manifest)};`;
      },
    },
    configureServer(server) {
      server.middlewares.use(middleware);
    },
    writeBundle(options) {
      // The client's build only: the server bundle's folder (React Router's, for the prerender)
      // is removed after it, and the plugin is shared by both builds (one Vite builder).
      if (!encoding || !options.dir || this.environment?.name !== 'client') return;
      const dir = options.dir;
      const { logger } = this.environment;
      // Copied while the server bundle is built and the pages prerendered, which need none of
      // them: 160-440 ms of a publish's build no longer waited for (decision 043). The
      // build waits for them at its end (buildApp, below), and fails if a copy does.
      copying = encoding.then(async (variants) => {
        await inPool(variants, 8, async (v) => {
          const target = path.join(dir, v.url);
          await fsp.mkdir(path.dirname(target), { recursive: true });
          await fsp.copyFile(v.cached, target);
        });
        logger.info(
          `images: ${variants.length} variants (${report.encoded} encoded, ${report.cached} from cache) in ${(report.ms / 1000).toFixed(1)} s`,
        );
      });
      // Reported by buildApp, not as an unhandled rejection while the prerender runs.
      copying.catch(() => undefined);
    },
    // After the builder's own buildApp, which builds every environment: React Router's (its
    // client and server builds, then the prerender).
    buildApp: {
      order: 'post',
      async handler() {
        await copying;
      },
    },
  };
}
