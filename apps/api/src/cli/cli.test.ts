import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verifyPassword } from '../auth/password';
import { openEmbeddedStore } from '../store/embedded';
import { bundleForTest } from '../test/files';

const apiDir = path.resolve(import.meta.dirname, '../..');
// Bundled once like build.mjs does (inside apps/api so that packages resolve), then run with node:
// much faster than tsx per call.
const bundleDir = path.join(apiDir, 'node_modules', `.cli-test-${process.pid}`);

beforeAll(async () => {
  await bundleForTest(apiDir, { admin: 'src/cli/admin.ts', seed: 'src/cli/seed.ts' }, bundleDir);
});
afterAll(async () => {
  await fs.rm(bundleDir, { recursive: true, force: true });
});

let dataDir: string;
beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cedar-cli-'));
});
afterEach(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

function run(script: string, args: string[], env: Record<string, string> = {}, stdin?: string) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      [path.join(bundleDir, `${script}.js`), ...args],
      { cwd: apiDir, env: { PATH: process.env.PATH, DATA_DIR: dataDir, NODE_ENV: 'test', ...env } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin?.end(stdin ?? '');
  });
}

async function withStore<T>(
  fn: (store: Awaited<ReturnType<typeof openEmbeddedStore>>) => Promise<T>,
): Promise<T> {
  const store = await openEmbeddedStore(dataDir);
  try {
    return await fn(store);
  } finally {
    await store.close();
  }
}

describe('admin CLI', { timeout: 60_000 }, () => {
  it('creates an admin with the password from ADMIN_PASSWORD, and refuses a second one of that name', async () => {
    const created = await run('admin', ['create', 'owner'], {
      ADMIN_PASSWORD: 'kennel-ledger-harbor-42',
    });
    expect(created).toMatchObject({ code: 0, stdout: 'Created the admin owner.\n' });
    const admin = await withStore((s) => s.admins.find('owner'));
    expect(await verifyPassword('kennel-ledger-harbor-42', admin!.passwordHash)).toBe(true);
    const again = await run('admin', ['create', 'owner'], {
      ADMIN_PASSWORD: 'kennel-ledger-harbor-42',
    });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already an admin named owner; use reset/);
  });

  it("resets a password read from stdin and ends that admin's sessions", async () => {
    await run('admin', ['create', 'owner'], { ADMIN_PASSWORD: 'kennel-ledger-harbor-42' });
    await withStore((s) =>
      s.sessions.create({
        tokenHash: 'a'.repeat(64),
        username: 'owner',
        createdAt: new Date(),
        lastSeenAt: new Date(),
        expiresAt: new Date(Date.now() + 3_600_000),
        idleExpiresAt: new Date(Date.now() + 3_600_000),
      }),
    );
    const reset = await run('admin', ['reset', 'owner'], {}, 'willow-creek-retriever-7\n');
    expect(reset).toMatchObject({
      code: 0,
      stdout: 'Set a new password for owner and ended 1 session.\n',
    });
    const admin = await withStore((s) => s.admins.find('owner'));
    expect(await verifyPassword('willow-creek-retriever-7', admin!.passwordHash)).toBe(true);
    expect(await withStore((s) => s.sessions.find('a'.repeat(64)))).toBeNull();
  });

  it('turns an admin’s two-step sign-in off and removes their passkeys with factors-off', async () => {
    await run('admin', ['create', 'owner'], { ADMIN_PASSWORD: 'kennel-ledger-harbor-42' });
    await withStore(async (s) => {
      await s.factors.offerTotp('owner', 'JBSWY3DPEHPK3PXPJBSWY3DP', new Date());
      await s.factors.enableTotp(
        'owner',
        'JBSWY3DPEHPK3PXPJBSWY3DP',
        1,
        ['a'.repeat(64)],
        new Date(),
      );
      await s.passkeys.add({
        _id: 'Y3JlZC1h',
        username: 'owner',
        publicKey: 'AQID',
        counter: 0,
        transports: [],
        deviceType: 'multiDevice',
        backedUp: true,
        name: 'Lost phone',
        createdAt: new Date(),
      });
    });
    expect(await run('admin', ['factors-off', 'owner'])).toMatchObject({
      code: 0,
      stdout:
        'For owner: turned two-step sign-in off, removed 1 passkey, ended 0 sessions. The password alone signs in now.\n',
    });
    expect(await withStore((s) => s.factors.get('owner'))).toEqual({ _id: 'owner' });
    expect(await withStore((s) => s.passkeys.countFor('owner'))).toBe(0);
    expect(await run('admin', ['factors-off', 'nobody'])).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/no admin named nobody/),
    });
  });

  it('signs an admin out everywhere with revoke, and a reset lifts any delay on their logins', async () => {
    await run('admin', ['create', 'owner'], { ADMIN_PASSWORD: 'kennel-ledger-harbor-42' });
    const session = (tokenHash: string) => ({
      tokenHash,
      username: 'owner',
      createdAt: new Date(),
      lastSeenAt: new Date(),
      expiresAt: new Date(Date.now() + 3_600_000),
      idleExpiresAt: new Date(Date.now() + 3_600_000),
    });
    await withStore(async (s) => {
      await s.sessions.create(session('a'.repeat(64)));
      await s.sessions.create(session('b'.repeat(64)));
      // An attacker's guesses at the owner's name from many addresses.
      for (let i = 0; i < 30; i++)
        await s.loginAttempts.add('username|owner', { id: `g${i}`, at: new Date() }, 86_400_000);
    });
    const revoked = await run('admin', ['revoke', 'owner']);
    expect(revoked).toMatchObject({
      code: 0,
      stdout: 'Signed owner out everywhere: ended 2 sessions.\n',
    });
    expect(await withStore((s) => s.sessions.listFor('owner'))).toEqual([]);
    expect(await run('admin', ['revoke', 'nobody'])).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/no admin named nobody/),
    });

    expect(
      await withStore((s) => s.loginAttempts.list('username|owner', new Date(), 86_400_000)),
    ).toHaveLength(30);
    const reset = await run('admin', ['reset', 'owner'], {}, 'willow-creek-retriever-7\n');
    expect(reset.code).toBe(0);
    expect(
      await withStore((s) => s.loginAttempts.list('username|owner', new Date(), 86_400_000)),
    ).toEqual([]);
  });

  it('refuses short and common passwords, the demo name, unknown admins and bad usage', async () => {
    const short = await run('admin', ['create', 'owner'], {}, 'short\n');
    expect(short).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/at least 12 characters/),
    });
    const common = await run('admin', ['create', 'owner'], { ADMIN_PASSWORD: 'password1234' });
    expect(common).toMatchObject({ code: 1, stderr: expect.stringMatching(/too common/) });
    const guessable = await run('admin', ['create', 'owner'], {}, 'cedarbluffowner\n');
    expect(guessable).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/too easy to guess \(it contains the username/),
    });
    const demo = await run('admin', ['create', 'admin'], {
      ADMIN_PASSWORD: 'kennel-ledger-harbor-42',
    });
    expect(demo).toMatchObject({ code: 1, stderr: expect.stringMatching(/demo admin/) });
    const missing = await run('admin', ['reset', 'nobody'], {
      ADMIN_PASSWORD: 'kennel-ledger-harbor-42',
    });
    expect(missing).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/no admin named nobody/),
    });
    const usage = await run('admin', ['delete', 'owner']);
    expect(usage).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/Usage: npm run admin -- create <username>/),
    });
    expect(await withStore((s) => s.admins.count())).toBe(0);
  });

  it('refuses to open the store while a server holds it', async () => {
    const store = await openEmbeddedStore(dataDir);
    try {
      const res = await run('admin', ['create', 'owner'], {
        ADMIN_PASSWORD: 'kennel-ledger-harbor-42',
      });
      expect(res).toMatchObject({
        code: 1,
        stderr: expect.stringMatching(/in use by process \d+/),
      });
    } finally {
      await store.close();
    }
  });
});

describe('seed CLI', { timeout: 60_000 }, () => {
  it('fills an empty store once, and again only with --force', async () => {
    expect(await run('seed', [])).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^Added 12 demo inquiries to the embedded store/),
    });
    expect(await run('seed', [])).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/already holds 12 inquiries; run with --force/),
    });
    expect(await run('seed', ['--force'])).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^Added 12/),
    });
    expect(await withStore((s) => s.inquiries.count())).toBe(24);
  });
});
