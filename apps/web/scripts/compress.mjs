// Precompresses the text files of a client build: <file>.br and <file>.gz beside each, which the
// server sends as they are to browsers that accept them (no compression work per request).
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const TEXT = /\.(html|js|mjs|css|svg|json|xml|txt|webmanifest)$/;
/** Below this a compressed copy saves too little to be worth a second request path. */
const MIN_BYTES = 1024;

async function* files(dir) {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

/** Names that carry a content hash (assets/*): the same name is the same bytes in any build. */
const HASHED = /^assets\/[^/]+$/;

/**
 * The compressed copies of a hashed asset from an earlier build, if one has them: a publish
 * changes a page or two, and most of the scripts (the admin area's editor among them) are the
 * same files, so brotli at quality 11 need not run on them again.
 */
async function reuse(rel, earlier) {
  if (!HASHED.test(rel)) return null;
  for (const other of earlier) {
    try {
      const [br, gz] = await Promise.all([
        fs.readFile(path.join(other, `${rel}.br`)),
        fs.readFile(path.join(other, `${rel}.gz`)),
      ]);
      return { br, gz };
    } catch {
      // Not in that build (or only one copy): try the next, else compress.
    }
  }
  return null;
}

/**
 * Writes .br (quality 11) and .gz (level 9) copies of every text file that shrinks; returns their
 * count. `earlier`: client folders of earlier builds whose copies of hashed assets can be reused.
 */
export async function compressTree(dir, earlier = []) {
  const jobs = [];
  for await (const file of files(dir)) {
    jobs.push(
      (async () => {
        const data = await fs.readFile(file);
        if (data.length < MIN_BYTES) return 0;
        const kept = await reuse(path.relative(dir, file).split(path.sep).join('/'), earlier);
        if (kept) {
          await Promise.all([
            fs.writeFile(`${file}.br`, kept.br),
            fs.writeFile(`${file}.gz`, kept.gz),
          ]);
          return 2;
        }
        const [br, gz] = await Promise.all([
          brotli(data, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            },
          }),
          gzip(data, { level: 9 }),
        ]);
        let written = 0;
        if (br.length < data.length) written += (await fs.writeFile(`${file}.br`, br), 1);
        if (gz.length < data.length) written += (await fs.writeFile(`${file}.gz`, gz), 1);
        return written;
      })(),
    );
  }
  return (await Promise.all(jobs)).reduce((a, b) => a + b, 0);
}
