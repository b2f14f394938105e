import { randomUUID } from 'node:crypto';
// Faults: the real server process killed with SIGKILL while signed inquiries and file saves stream
// in, then started again on the same data; and start-up on a DATA_DIR that cannot hold the store.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { API_ROUTES, EDITABLE_FILES, fileUrl, revisionsUrl } from '@cedar/api-contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEV_WEBHOOK_SECRET } from './env';
import { inspectSource } from './files/editable-files';
import { webhookHeaders } from './inquiries/inquiry-routes';
import { build, componentOf } from './test/build';
import { logIn, serverProcesses } from './test/server-process';

const ROUNDS = 3;
const WEBHOOK_WORKERS = 4;

const servers = serverProcesses('crash-test');
const { start, startFailing } = servers;
let root: string;
beforeAll(async () => {
  await servers.bundle();
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'cedar-crash-'));
}, 60_000);

afterAll(async () => {
  await servers.cleanup();
  await fs.rm(root, { recursive: true, force: true });
});

/** A section file of a realistic size (about 4 kB) that exports its component. */
const sectionSource = (file: string, note: string) =>
  `// ${note}\nconst ROWS = ${JSON.stringify(Array.from({ length: 40 }, (_, i) => `Row ${i} of the section`))};\n\n` +
  `export function ${componentOf(file)}() {\n  return (\n    <section>\n${'      <p>Seven open acres, champion bloodlines and holistic care.</p>\n'.repeat(40)}      {ROWS.map((r) => <p key={r}>{r}</p>)}\n    </section>\n  );\n}\n`;

const sha = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 12);

describe('kill -9 while inquiries and saves stream in', () => {
  it(
    `loses nothing acknowledged, leaves every section file old or new and parsing, over ${ROUNDS} rounds`,
    { timeout: 120_000 },
    async () => {
      const repoRoot = path.join(root, 'repo');
      const dataDir = path.join(root, 'data');
      for (const { path: file } of EDITABLE_FILES) {
        await fs.mkdir(path.dirname(path.join(repoRoot, file)), { recursive: true });
        await fs.writeFile(path.join(repoRoot, file), sectionSource(file, 'original'));
      }
      const env = { DATA_DIR: dataDir, REPO_ROOT: repoRoot };
      const ackedInquiries: string[] = [];
      const ackedRevisions = new Map<string, string[]>(EDITABLE_FILES.map((f) => [f.path, []]));
      const figures = {
        inquiries: 0,
        saves: 0,
        foundInquiries: 0,
        foundRevisions: 0,
        filesOld: 0,
        filesNew: 0,
        filesInFlight: 0,
        tempFilesRemoved: 0,
      };

      let server = await start(env);
      for (let round = 1; round <= ROUNDS; round++) {
        const auth = await logIn(server.base);
        // What each file holds as the round begins, then what was acknowledged or in flight.
        const state = new Map<
          string,
          { before: string; acked: string[]; inFlight: string | null }
        >();
        for (const { path: file } of EDITABLE_FILES) {
          state.set(file, {
            before: await fs.readFile(path.join(repoRoot, file), 'utf8'),
            acked: [],
            inFlight: null,
          });
        }
        const unexpected: string[] = [];
        let stop = false;

        const webhookWorker = async (w: number) => {
          for (let n = 0; !stop; n++) {
            const body = JSON.stringify({
              firstName: `Round${round}`,
              lastName: `Worker${w}`,
              email: `r${round}w${w}n${n}@example.com`,
              phone: '518-555-0100',
              preferredColor: 'black',
              message: `Round ${round}, worker ${w}, inquiry ${n}`,
            });
            try {
              const res = await fetch(server.base + API_ROUTES.inquiryWebhook.path, {
                method: 'POST',
                headers: {
                  'content-type': 'application/json',
                  ...webhookHeaders(DEV_WEBHOOK_SECRET, body, { id: randomUUID() }),
                },
                body,
              });
              const text = await res.text();
              if (res.status === 201) ackedInquiries.push((JSON.parse(text) as { id: string }).id);
              // Over the webhook's rate limit: refused, so never acknowledged; wait for the window.
              else if (res.status === 429) await new Promise((r) => setTimeout(r, 200));
              else unexpected.push(`webhook ${res.status} ${text}`);
            } catch {
              return; // The server is gone: this one was never acknowledged.
            }
          }
        };
        const saver = async (file: string) => {
          const s = state.get(file)!;
          for (let n = 0; !stop; n++) {
            const content = sectionSource(file, `round ${round}, save ${n}`);
            s.inFlight = content;
            try {
              const res = await fetch(server.base + fileUrl(file), {
                method: 'PUT',
                headers: { ...auth, 'content-type': 'text/plain' },
                body: content,
              });
              const text = await res.text();
              if (res.status !== 200) {
                unexpected.push(`save ${file} ${res.status} ${text}`);
                continue;
              }
              ackedRevisions
                .get(file)!
                .push((JSON.parse(text) as { revision: { id: string } }).revision.id);
              s.acked.push(content);
              s.inFlight = null;
            } catch {
              return; // Unacknowledged: the file may hold this content or the one before it.
            }
          }
        };

        const streaming = [
          ...Array.from({ length: WEBHOOK_WORKERS }, (_, w) => webhookWorker(w)),
          ...EDITABLE_FILES.map((f) => saver(f.path)),
        ];
        await new Promise((r) => setTimeout(r, 1000 + Math.random() * 1000));
        server.child.kill('SIGKILL');
        await server.exited;
        stop = true;
        await Promise.all(streaming);
        expect(unexpected).toEqual([]);

        // An atomic write cut short leaves its temp file beside the target; the restart removes it.
        const sectionsDir = path.join(repoRoot, 'apps/web/src/sections');
        const temps = async () =>
          (await fs.readdir(sectionsDir)).filter((f) => f.endsWith('.tmp')).length;
        figures.tempFilesRemoved += await temps();

        server = await start(env);
        expect(await temps()).toBe(0);
        expect((await fetch(server.base + API_ROUTES.health.path)).status).toBe(200);
        const check = await logIn(server.base);

        const listed = (await (
          await fetch(server.base + API_ROUTES.inquiries.path, { headers: check })
        ).json()) as { id: string }[];
        const stored = new Set(listed.map((i) => i.id));
        expect(ackedInquiries.filter((id) => !stored.has(id))).toEqual([]);

        for (const { path: file } of EDITABLE_FILES) {
          const s = state.get(file)!;
          const revisions = (await (
            await fetch(server.base + revisionsUrl(file), { headers: check })
          ).json()) as { id: string }[];
          const ids = new Set(revisions.map((r) => r.id));
          expect(
            ackedRevisions.get(file)!.filter((id) => !ids.has(id)),
            file,
          ).toEqual([]);

          const onDisk = await fs.readFile(path.join(repoRoot, file), 'utf8');
          const old = s.acked.at(-1) ?? s.before;
          const allowed = [old, ...(s.inFlight ? [s.inFlight] : [])];
          expect(allowed.map(sha), `${file} holds ${sha(onDisk)}`).toContain(sha(onDisk));
          if (onDisk === s.inFlight) figures.filesInFlight += 1;
          else if (s.acked.length > 0) figures.filesNew += 1;
          else figures.filesOld += 1;
          const parsed = await inspectSource(onDisk, file);
          expect(parsed.ok, file).toBe(true);
          if (parsed.ok) expect(parsed.exports).toContain(componentOf(file));
          // The API serves what is on disk.
          expect(await (await fetch(server.base + fileUrl(file), { headers: check })).text()).toBe(
            onDisk,
          );
        }
        figures.inquiries = ackedInquiries.length;
        figures.saves = [...ackedRevisions.values()].reduce((n, ids) => n + ids.length, 0);
        figures.foundInquiries = ackedInquiries.filter((id) => stored.has(id)).length;
        figures.foundRevisions = figures.saves;
      }
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);

      console.log(
        `kill -9: ${ROUNDS} rounds; acknowledged ${figures.inquiries} inquiries and ${figures.saves} file saves, ` +
          `found ${figures.foundInquiries} and ${figures.foundRevisions} after restart; section files after a kill: ` +
          `${figures.filesNew} last saved, ${figures.filesInFlight} the unacknowledged save in flight, ${figures.filesOld} untouched that round; ` +
          `${figures.tempFilesRemoved} temp files of interrupted writes removed at restart`,
      );
      expect(figures.inquiries).toBeGreaterThan(0);
      expect(figures.saves).toBeGreaterThan(0);
    },
  );
});

describe('start-up on a DATA_DIR that cannot hold the store', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it(
    'stops with a message naming DATA_DIR when the path runs through a file',
    { timeout: 30_000 },
    async () => {
      const file = path.join(root, 'a-file.txt');
      await fs.writeFile(file, 'not a folder');
      const dataDir = path.join(file, 'data');
      const { code, output } = await startFailing({ DATA_DIR: dataDir, REPO_ROOT: root });
      expect(code).toBe(1);
      expect(output).toContain(
        `DATA_DIR ${dataDir} cannot hold the embedded store: part of the path is a file, not a folder`,
      );
      expect(output).not.toMatch(/\n\s+at /);
    },
  );

  it(
    'stops with a message naming DATA_DIR when the file system refuses the folder',
    { timeout: 30_000 },
    async () => {
      // sysfs takes no new folders, whoever asks (root included, where chmod would not stop a write).
      const dataDir = '/sys/cedar-data-test';
      const { code, output } = await startFailing({ DATA_DIR: dataDir, REPO_ROOT: root });
      expect(code).toBe(1);
      expect(output).toMatch(
        new RegExp(
          `DATA_DIR ${dataDir} cannot hold the embedded store: (the server may not write there|it is on a read-only file system|the folder cannot be created there)`,
        ),
      );
    },
  );

  it('stops with a message naming DATA_DIR when the disk is full (ENOSPC injected into every write there)', async () => {
    const dataDir = path.join(root, 'full-disk');
    const { default: fsp } = await import('node:fs/promises');
    const full = () =>
      Object.assign(new Error(`ENOSPC: no space left on device, write`), {
        code: 'ENOSPC',
        errno: -28,
        syscall: 'write',
      });
    const inDataDir = (p: unknown) => String(p).startsWith(dataDir + path.sep);
    const writeFile = fsp.writeFile.bind(fsp);
    const open = fsp.open.bind(fsp);
    vi.spyOn(fsp, 'writeFile').mockImplementation(async (file, ...rest) => {
      if (inDataDir(file)) throw full();
      return writeFile(file, ...rest);
    });
    vi.spyOn(fsp, 'open').mockImplementation(async (file, flags, ...rest) => {
      if (inDataDir(file) && flags !== 'r' && flags !== undefined) throw full();
      return open(file, flags, ...rest);
    });
    await expect(build({ dataDir })).rejects.toThrow(
      `DATA_DIR ${dataDir} cannot hold the embedded store: the disk is full (ENOSPC: no space left on device, write)`,
    );
    vi.restoreAllMocks();
    // Nothing was left behind that would stop the next start once there is room again.
    expect((await fs.readdir(dataDir)).filter((f) => f === 'store.lock')).toEqual([]);
  });
});

describe('restart after a crash', () => {
  it('removes the temp files of interrupted section saves, and nothing else', async () => {
    const first = await build();
    const repoRoot = first.repoRoot;
    await first.app.close();
    const dir = path.join(repoRoot, 'apps/web/src/sections');
    const ours = ['.hero-section.tsx.0123456789ab.tmp', '.about-section.tsx.ba9876543210.tmp'];
    const theirs = [
      '.hero-section.tsx.not-ours.tmp',
      'notes.tmp',
      '.hero-section.tsx.0123456789ab.tmp.bak',
    ];
    for (const name of [...ours, ...theirs]) await fs.writeFile(path.join(dir, name), 'partial');
    const second = await build({ repoRoot });
    try {
      const left = await fs.readdir(dir);
      for (const name of ours) expect(left).not.toContain(name);
      for (const name of theirs) expect(left).toContain(name);
      for (const { path: file } of EDITABLE_FILES) expect(left).toContain(path.basename(file));
    } finally {
      await second.close();
    }
  });
});
