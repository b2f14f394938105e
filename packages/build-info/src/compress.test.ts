import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compressFile, writeWhole } from './compress';

let root: string;
beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'cedar-compress-'));
});
afterEach(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

describe('the compressed copies', () => {
  it('appear whole to a reader that reads while they are written, and leave nothing else behind', async () => {
    // A publish makes its copies while the server may already be sending them (adopt.ts).
    const file = path.join(root, 'page.html.br');
    const versions = [randomBytes(4 << 20), randomBytes(4 << 20)];
    let writing = true;
    const seen: string[] = [];
    const reader = (async () => {
      while (writing) {
        const bytes = await fs.readFile(file).catch(() => null);
        if (bytes === null) seen.push('absent');
        else if (versions.some((v) => v.equals(bytes))) seen.push('whole');
        else seen.push(`torn (${bytes.length} bytes)`);
      }
    })();
    for (let i = 0; i < 6; i++) await writeWhole(file, versions[i % 2]!);
    writing = false;
    await reader;
    expect(seen.filter((s) => s !== 'absent' && s !== 'whole')).toEqual([]);
    expect(seen).toContain('whole');
    expect(await fs.readdir(root)).toEqual(['page.html.br']);
  });

  it('hold the bytes given, not the file as it is on disk by then', async () => {
    const file = path.join(root, 'index.html');
    const adopted = Buffer.from('<p>the page as adopted</p>'.repeat(100));
    await fs.writeFile(file, 'written over after adoption '.repeat(100));
    expect(await compressFile(file, 'publish', adopted)).toBe(2);
    expect(zlib.brotliDecompressSync(await fs.readFile(`${file}.br`))).toEqual(adopted);
    expect(zlib.gunzipSync(await fs.readFile(`${file}.gz`))).toEqual(adopted);
  });
});
