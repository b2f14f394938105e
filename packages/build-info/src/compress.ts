// The one compressor of the site's builds: <file>.br and <file>.gz beside a text file, which the
// server sends as they are (@fastify/static's preCompressed) to browsers that accept them, with no
// compression work per request. The web build runs it over the build `npm start` makes
// (apps/web/scripts/build.mjs); the server runs it over each file it adopts from a publish build,
// which writes none (apps/api/src/publish/adopt.ts).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The files worth compressing, by name. */
export const TEXT_FILE = /\.(html|js|mjs|css|svg|json|xml|txt|webmanifest)$/;
/** The copies a file may have beside it, by extension. */
export const COPY_EXTENSIONS = ['.br', '.gz'] as const;
/**
 * Brotli's quality. 11, its best, for the build `npm start` makes, whose scripts every visitor
 * loads. 10 for what a publish adds, and for every page: a publish compresses every page again
 * (each names the new build's scripts) and, the first after a start, most scripts (the start-up
 * build, with the admin area, chunks them differently). Over the site's 98 scripts and
 * stylesheets quality 10 took 1.4 s of CPU against 3.6 s, for copies 2.0 % larger; over five
 * pages 0.29 s against 0.96 s, 2.7 % larger (docs/performance.md).
 */
const QUALITY = { build: 11, publish: 10, page: 10 } as const;
/** Below this a compressed copy saves too little to be worth a second request path. */
const MIN_BYTES = 1024;

/**
 * Writes `data` to `file` in one step: to a name of its own beside it first, then renamed. A file
 * the server may be sending (a copy made after a publish went live) is there whole or not at all.
 */
export async function writeWhole(file: string, data: Buffer): Promise<void> {
  const temporary = `${file}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`;
  try {
    await fs.writeFile(temporary, data);
    await fs.rename(temporary, file);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Writes the .br and .gz (level 9) copies of one file that shrink, after removing any it had:
 * what is beside it afterwards is this file's, or nothing. Returns how many it wrote. `made` says
 * who made the file: the start-up build, or a publish (QUALITY). `data` is the file's bytes when
 * the caller has read them already (a publish compresses the bytes it adopted, not the file read
 * again). Each copy appears whole (writeWhole).
 */
export async function compressFile(
  file: string,
  made: 'build' | 'publish' = 'build',
  data?: Buffer,
): Promise<number> {
  await Promise.all(COPY_EXTENSIONS.map((ext) => fs.rm(file + ext, { force: true })));
  const bytes = data ?? (await fs.readFile(file));
  if (bytes.length < MIN_BYTES) return 0;
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: file.endsWith('.html')
          ? QUALITY.page
          : QUALITY[made],
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    }),
    gzip(bytes, { level: 9 }),
  ]);
  let written = 0;
  if (br.length < bytes.length) written += (await writeWhole(`${file}.br`, br), 1);
  if (gz.length < bytes.length) written += (await writeWhole(`${file}.gz`, gz), 1);
  return written;
}

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (TEXT_FILE.test(entry.name)) yield full;
  }
}

/** Compresses every text file of a folder (compressFile); returns how many copies it wrote. */
export async function compressTree(dir: string): Promise<number> {
  const jobs: Promise<number>[] = [];
  for await (const file of files(dir)) jobs.push(compressFile(file));
  return (await Promise.all(jobs)).reduce((a, b) => a + b, 0);
}
