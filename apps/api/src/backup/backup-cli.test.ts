// `npm run admin -- backup` and `restore` as an operator runs them: the bundled CLI beside the
// bundled server, a real process on the embedded store, which only one process may open.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { API_ROUTES, EDITABLE_FILES, fileUrl, inquiryUrl } from '@cedar/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../auth/password-policy';
import { openEmbeddedStore } from '../store/embedded';
import type { StoreSnapshot } from '../store';
import { componentOf } from '../test/build';
import { HERO } from '../test/per-test';
import { bundleForTest } from '../test/files';
import { archiveStream } from './archive';
import { saveArchive } from './backup';

const apiDir = path.resolve(import.meta.dirname, '../..');
const bundleDir = path.join(apiDir, 'node_modules', `.backup-cli-test-${process.pid}`);
const PHOTO = 'packages/content/public/images/dogs/willow.jpg';
const children = new Set<ChildProcess>();
let root: string;

beforeAll(async () => {
  await bundleForTest(apiDir, { server: 'src/server.ts', admin: 'src/cli/admin.ts' }, bundleDir);
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'cedar-backup-cli-'));
}, 60_000);
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await fs.rm(bundleDir, { recursive: true, force: true });
  await fs.rm(root, { recursive: true, force: true });
});

/** A stand-in repository: the seven section files and a photo. */
async function makeRepo(dir: string) {
  for (const { path: file, name } of EDITABLE_FILES) {
    await fs.mkdir(path.join(dir, path.dirname(file)), { recursive: true });
    await fs.writeFile(
      path.join(dir, file),
      `// ${name}\nexport function ${componentOf(file)}() {\n  return <section>${name}</section>;\n}\n`,
    );
  }
  await fs.mkdir(path.join(dir, path.dirname(PHOTO)), { recursive: true });
  await fs.writeFile(path.join(dir, PHOTO), Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0, 255]));
}

const env = (dataDir: string, repoRoot: string) => ({
  PATH: process.env.PATH,
  DATA_DIR: dataDir,
  REPO_ROOT: repoRoot,
  WEB_DIST: '',
  HOST: '127.0.0.1',
  PORT: '0',
  PUBLISH: 'off',
});

async function startServer(dataDir: string, repoRoot: string) {
  const child = spawn(process.execPath, [path.join(bundleDir, 'server.js')], {
    cwd: apiDir,
    env: env(dataDir, repoRoot),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const base = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /is running at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (m) resolve(m[1]!);
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    void exited.then(() => reject(new Error(`the server stopped:\n${output}`)));
  });
  return {
    base,
    output: () => output,
    stop: async () => {
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      children.delete(child);
    },
  };
}

function admin(args: string[], dataDir: string, repoRoot: string, cwd = root) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [path.join(bundleDir, 'admin.js'), ...args],
      { cwd: apiDir, env: { ...env(dataDir, repoRoot), INIT_CWD: cwd } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function snapshotOf(dataDir: string) {
  const store = await openEmbeddedStore(dataDir);
  try {
    const snap = await store.snapshot();
    const byId = <T extends { _id: string }>(docs: T[]) =>
      [...docs].sort((a, b) => a._id.localeCompare(b._id));
    return {
      snapshot: {
        admins: byId(snap.admins),
        inquiries: byId(snap.inquiries),
        revisions: byId(snap.revisions),
        cursors: byId(snap.cursors),
      } satisfies StoreSnapshot,
      list: await store.inquiries.list(),
      sessions: await store.sessions.listFor(DEMO_ADMIN.username),
    };
  } finally {
    await store.close();
  }
}

async function fileHashes(repoRoot: string) {
  const out: Record<string, string> = {};
  for (const file of [...EDITABLE_FILES.map((f) => f.path), PHOTO])
    out[file] = createHash('sha256')
      .update(await fs.readFile(path.join(repoRoot, file)))
      .digest('hex');
  return out;
}

describe('npm run admin -- backup / restore', { timeout: 120_000 }, () => {
  it('backs up a running server, and restores into an empty DATA_DIR: every inquiry, revision and file identical', async () => {
    const dataDir = path.join(root, 'data');
    const repoRoot = path.join(root, 'repo');
    await makeRepo(repoRoot);
    const server = await startServer(dataDir, repoRoot);

    // Use it as the owner would: sign in, save a section twice, mark and annotate an inquiry,
    // delete another (the demo inquiries fill the empty store on a loopback start).
    const login = await fetch(server.base + API_ROUTES.login.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.base },
      body: JSON.stringify(DEMO_ADMIN),
    });
    const headers = {
      cookie: login.headers.getSetCookie()[0]!.split(';')[0]!,
      origin: server.base,
    };
    for (const n of [1, 2]) {
      const saved = await fetch(server.base + fileUrl(HERO), {
        method: 'PUT',
        headers: { ...headers, 'content-type': 'text/plain' },
        body: `export function HeroSection() {\n  return <h1>Version ${n} — ü</h1>;\n}\n`,
      });
      expect(saved.status).toBe(200);
    }
    const page = (await (
      await fetch(server.base + API_ROUTES.inquiryPage.path, { headers })
    ).json()) as { items: { id: string }[] };
    expect(page.items.length).toBeGreaterThan(5);
    const patched = await fetch(server.base + inquiryUrl(page.items[0]!.id), {
      method: 'PATCH',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'waitlist', note: 'Wants a spring female' }),
    });
    expect(patched.status).toBe(200);
    const deleted = await fetch(server.base + inquiryUrl(page.items[1]!.id), {
      method: 'DELETE',
      headers,
    });
    expect(deleted.status).toBe(204);

    // The server is running and holds the store: the backup comes from it.
    const backup = await admin(['backup', 'nightly.jsonl.gz'], dataDir, repoRoot);
    expect(backup.stderr).toBe('');
    expect(backup.stdout).toMatch(
      new RegExp(
        `^Wrote ${path.join(root, 'nightly.jsonl.gz')} \\(1 admin, \\d+ inquiries, 3 revisions, 8 files\\), from the running server\\.\\n$`,
      ),
    );
    expect(server.output()).toMatch(/"security":"backup","outcome":"success"/);
    // A restore while it runs is refused: the store is in use.
    const busy = await admin(['restore', 'nightly.jsonl.gz', '--force'], dataDir, repoRoot);
    expect(busy.code).toBe(1);
    expect(busy.stderr).toMatch(/in use by process \d+\. Stop that process first/);
    await server.stop();

    const before = await snapshotOf(dataDir);
    const filesBefore = await fileHashes(repoRoot);
    expect(before.sessions.length).toBeGreaterThan(0);
    expect(before.snapshot.revisions).toHaveLength(3);

    // Wipe: a new machine with an empty DATA_DIR and the files as the repository ships them.
    await fs.rm(dataDir, { recursive: true });
    await fs.rm(repoRoot, { recursive: true });
    await makeRepo(repoRoot);
    await fs.rm(path.join(repoRoot, PHOTO));

    const restored = await admin(['restore', 'nightly.jsonl.gz'], dataDir, repoRoot);
    expect(restored.stderr).toBe('');
    expect(restored.stdout).toMatch(/^Restored 1 admin, \d+ inquiries, 3 revisions, 8 files from /);
    const after = await snapshotOf(dataDir);
    expect(after.snapshot).toEqual(before.snapshot);
    expect(after.list).toEqual(before.list);
    expect(after.list[0]).toMatchObject({ status: 'waitlist', note: 'Wants a spring female' });
    expect(after.sessions).toEqual([]);
    expect(await fileHashes(repoRoot)).toEqual(filesBefore);

    // Now the store holds data: a second restore needs --force.
    const again = await admin(['restore', 'nightly.jsonl.gz'], dataDir, repoRoot);
    expect(again).toMatchObject({ code: 1, stdout: '' });
    expect(again.stderr).toMatch(/already holds admins, inquiries or revisions.*--force/);
    const forced = await admin(['restore', 'nightly.jsonl.gz', '--force'], dataDir, repoRoot);
    expect(forced.code).toBe(0);

    // With no server running the CLI opens the store itself.
    const offline = await admin(['backup', 'offline.jsonl.gz'], dataDir, repoRoot);
    expect(offline.stdout).toMatch(
      /^Wrote .*offline\.jsonl\.gz \(1 admin, \d+ inquiries, 3 revisions, 8 files\)\.\n$/,
    );
  });

  it('refuses a file that is not a backup, or a crafted one, with one sentence and no stack trace', async () => {
    const notes = path.join(root, 'notes.txt');
    await fs.writeFile(notes, 'not a backup');
    const result = await admin(['restore', 'notes.txt'], path.join(root, 'empty'), root);
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr: `${notes} is not a Cedar Bluff backup (not a gzip file).\n`,
    });
    // A whole, well-formed backup that would plant a script as a photo: refused the same way.
    const crafted = path.join(root, 'crafted.jsonl.gz');
    const svg = 'packages/content/public/images/dogs/badge.svg';
    await saveArchive(
      archiveStream({
        createdAt: new Date(),
        store: 'embedded',
        snapshot: { admins: [], inquiries: [], revisions: [], cursors: [] },
        files: [{ path: svg, content: Buffer.from('<svg><script>alert(1)</script></svg>') }],
      }),
      crafted,
    );
    const refused = await admin(['restore', 'crafted.jsonl.gz'], path.join(root, 'empty'), root);
    expect(refused).toEqual({
      code: 1,
      stdout: '',
      stderr: `The backup cannot be restored, and nothing was changed: ${svg} is not a JPEG, PNG, WebP or AVIF image.\n`,
    });
    await expect(fs.access(path.join(root, svg))).rejects.toThrow(/ENOENT/);
    const usage = await admin(['restore'], path.join(root, 'empty'), root);
    expect(usage.stderr).toMatch(/restore <file> \[--force\]/);
  });
});
