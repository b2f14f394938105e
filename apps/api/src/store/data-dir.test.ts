// DATA_DIR holds password hashes, customers' details and the control socket: only the server's
// own user may read it. Checked with the real file modes on disk.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { serveControl } from '../backup/control';
import { build, type TestApp } from '../test/build';
import { openEmbeddedStore } from './embedded';

const temps: string[] = [];
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
  for (const dir of temps.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});
const tempDir = async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cedar-private-'));
  temps.push(dir);
  return dir;
};

const modeOf = async (file: string) => (await fs.lstat(file)).mode & 0o777;

/** Every entry below `dir` (itself included) with its mode, as `relative: 0o…`. */
async function modes(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = { '.': (await modeOf(dir)).toString(8) };
  for (const entry of await fs.readdir(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    out[path.relative(dir, full)] = (await modeOf(full)).toString(8);
  }
  return out;
}

describe('DATA_DIR is private', () => {
  it('is created 0700 with every file 0600, compacted files and the lock included', async () => {
    // A umask that would leave everything readable by everyone: the store does not rely on it.
    const umask = process.umask(0o000);
    try {
      const dataDir = path.join(await tempDir(), 'nested', 'data');
      const store = await openEmbeddedStore(dataDir);
      await store.admins.create({
        username: 'owner',
        passwordHash: 'h',
        createdAt: new Date(),
        updatedAt: new Date(),
      });
      expect(await modeOf(path.join(dataDir, 'store.lock'))).toBe(0o600);
      // A removal compacts the file: nedb rewrites it under a temp name, then renames it.
      const inquiry = await store.inquiries.create({
        firstName: 'Ada',
        lastName: 'Lane',
        email: 'ada@example.com',
        phone: '1',
        preferredColor: 'black',
        createdAt: new Date(),
      });
      await store.inquiries.remove(inquiry.id);
      const found = await modes(dataDir);
      await store.close();
      expect(found['.']).toBe('700');
      const files = Object.entries(found).filter(([name]) => name !== '.');
      expect(files.map(([name]) => name)).toEqual(
        expect.arrayContaining(['admins.db', 'inquiries.db', 'sessions.db', 'store.lock']),
      );
      for (const [name, mode] of files) expect(mode, name).toBe('600');
    } finally {
      process.umask(umask);
    }
  });

  it('tightens a folder and files left readable by others, with one warning line', async () => {
    const dataDir = await tempDir();
    await fs.chmod(dataDir, 0o755);
    await fs.writeFile(path.join(dataDir, 'admins.db'), '', { mode: 0o644 });
    await fs.writeFile(path.join(dataDir, 'inquiries.db'), '', { mode: 0o664 });
    await fs.mkdir(path.join(dataDir, 'control'), { mode: 0o755 });
    await fs.chmod(path.join(dataDir, 'control'), 0o755);
    const warnings: string[] = [];
    const store = await openEmbeddedStore(dataDir, { warn: (line) => warnings.push(line) });
    await store.close();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      new RegExp(`^DATA_DIR ${dataDir} was readable by other users of this machine \\(4 items: `),
    );
    expect(warnings[0]).toMatch(/made private \(folders 700, files 600\)$/);
    expect(await modeOf(dataDir)).toBe(0o700);
    expect(await modeOf(path.join(dataDir, 'control'))).toBe(0o700);
    for (const file of ['admins.db', 'inquiries.db'])
      expect(await modeOf(path.join(dataDir, file)), file).toBe(0o600);

    // Already private: nothing to say.
    const again = await openEmbeddedStore(dataDir, { warn: (line) => warnings.push(line) });
    await again.close();
    expect(warnings).toHaveLength(1);
  });

  it("says so in the server's log at start-up", async () => {
    const dataDir = await tempDir();
    await fs.chmod(dataDir, 0o755);
    const lines: string[] = [];
    t = await build({
      dataDir,
      env: { LOG_LEVEL: 'warn' },
      logStream: { write: (line) => void lines.push(line) },
    });
    const warnings = lines.map((l) => JSON.parse(l) as { level: number; msg: string });
    expect(warnings.filter((l) => l.msg.startsWith('DATA_DIR'))).toEqual([
      expect.objectContaining({ level: 40, msg: expect.stringContaining('made private') }),
    ]);
    expect(await modeOf(dataDir)).toBe(0o700);
  });

  it('serves the control socket 0600 in a 0700 folder', async () => {
    const umask = process.umask(0o000);
    const dataDir = await tempDir();
    const log = { warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;
    try {
      const control = await serveControl(dataDir, async () => new PassThrough(), log);
      expect(control).not.toBeNull();
      try {
        expect(await modeOf(path.join(dataDir, 'control'))).toBe(0o700);
        expect(await modeOf(path.join(dataDir, 'control', 'admin.sock'))).toBe(0o600);
      } finally {
        await control!.close();
      }
    } finally {
      process.umask(umask);
    }
  });
});
