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

/** Writes .br (quality 11) and .gz (level 9) copies of every text file that shrinks; returns their count. */
export async function compressTree(dir) {
  const jobs = [];
  for await (const file of files(dir)) {
    jobs.push(
      (async () => {
        const data = await fs.readFile(file);
        if (data.length < MIN_BYTES) return 0;
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
