import { SECOND_STEP_COOKIE } from '@cedar/api-contract';
import fc from 'fast-check';
import { generateSync } from 'otplib';
import { afterEach, describe, expect, it } from 'vitest';
import { loadEnv } from '../env';
import { buildLoggedIn, cookieValue, FakeClock, OWNER, type TestApp } from '../test/build';
import { PAIR_LIMIT } from './login-limiter';
import { normalRecoveryCode, newRecoveryCodes, recoveryCodeHash } from './one-time-codes';
import { CHALLENGE_TTL_MS } from './passkeys';

let t: (TestApp & { cookie: string }) | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const MINUTE = 60_000;
// A fixed clock, in the middle of a 30-second step: RFC 6238's time steps are the test's. In the
// future: the stores' TTL indexes drop expired tickets by the real clock, so the app's clock must
// stay ahead of it.
const START = new Date('2099-06-01T10:00:10Z');

function call(
  app: TestApp['app'],
  method: 'GET' | 'POST',
  url: string,
  options: { payload?: unknown; cookie?: string; ip?: string } = {},
) {
  return app.inject({
    method,
    url,
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
    remoteAddress: options.ip ?? '203.0.113.7',
    headers: { origin: app.env.PUBLIC_URL, ...(options.cookie ? { cookie: options.cookie } : {}) },
  });
}

const codeAt = (secret: string, at: Date) =>
  generateSync({ secret, epoch: Math.floor(at.getTime() / 1000) });

/** Signed in as the owner, with one-time codes turned on; answers the secret and recovery codes. */
async function withCodes(env: Record<string, string> = {}) {
  const a = await buildLoggedIn({ env, clock: new FakeClock(START) });
  t = a;
  const setup = await call(a.app, 'POST', '/api/admin/totp/setup', {
    payload: {},
    cookie: a.cookie,
  });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret, uri, qrCode } = setup.json<{ secret: string; uri: string; qrCode: string }>();
  const enabled = await call(a.app, 'POST', '/api/admin/totp/enable', {
    payload: { code: codeAt(secret, a.clock.now()) },
    cookie: a.cookie,
  });
  expect(enabled.statusCode, enabled.body).toBe(200);
  return {
    a,
    secret,
    uri,
    qrCode,
    recoveryCodes: enabled.json<{ recoveryCodes: string[] }>().recoveryCodes,
  };
}

/** The password step: answers the second-step cookie header. */
async function passwordStep(app: TestApp['app'], ip?: string) {
  const res = await call(app, 'POST', '/api/auth/login', { payload: OWNER, ip });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ secondStep: 'code' });
  expect(cookieValue(res, app.cookieName)).toBeUndefined();
  const ticket = cookieValue(res, SECOND_STEP_COOKIE)!;
  expect(String(res.headers['set-cookie'])).toMatch(
    /HttpOnly.*SameSite=Strict|SameSite=Strict.*HttpOnly/,
  );
  return `${SECOND_STEP_COOKIE}=${ticket}`;
}

const codeStep = (app: TestApp['app'], cookie: string | undefined, code: string, ip?: string) =>
  call(app, 'POST', '/api/auth/login/code', { payload: { code }, cookie, ip });

describe('one-time codes (RFC 6238)', () => {
  it('sets up with a QR code and the secret as text, turns on only with a right code, and gives ten recovery codes once', async () => {
    const a = await buildLoggedIn({ clock: new FakeClock(START) });
    t = a;
    const setup = await call(a.app, 'POST', '/api/admin/totp/setup', {
      payload: {},
      cookie: a.cookie,
    });
    const { secret, uri, qrCode } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(`otpauth://totp/localhost:owner?secret=${secret}&issuer=localhost`);
    expect(Buffer.from(qrCode.split(',')[1], 'base64').toString()).toMatch(/^<svg/);
    const wrong = await call(a.app, 'POST', '/api/admin/totp/enable', {
      payload: { code: '000000' },
      cookie: a.cookie,
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      error: 'wrong_code',
      message: 'That code is not right. Enter the code your authenticator app shows now.',
    });
    const bad = await call(a.app, 'POST', '/api/admin/totp/enable', {
      payload: { code: '12ab56' },
      cookie: a.cookie,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Enter the 6-digit code from your authenticator app.');
    const right = await call(a.app, 'POST', '/api/admin/totp/enable', {
      payload: { code: codeAt(secret, a.clock.now()) },
      cookie: a.cookie,
    });
    expect(right.statusCode).toBe(200);
    const { recoveryCodes } = right.json<{ recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    // Stored hashed, never as given.
    const stored = JSON.stringify(await a.services.store.factors.get('owner'));
    for (const code of recoveryCodes) expect(stored).not.toContain(code.replaceAll('-', ''));
    expect(
      (await call(a.app, 'GET', '/api/admin/factors', { cookie: a.cookie })).json().totp,
    ).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    // On already: neither a new set-up nor a second turning on.
    expect(
      (await call(a.app, 'POST', '/api/admin/totp/setup', { payload: {}, cookie: a.cookie })).json()
        .error,
    ).toBe('totp_enabled');
    expect(
      (
        await call(a.app, 'POST', '/api/admin/totp/enable', {
          payload: { code: '123456' },
          cookie: a.cookie,
        })
      ).statusCode,
    ).toBe(409);
  });

  it('refuses to turn codes on without a set-up (409) or without a recent password (403)', async () => {
    const a = await buildLoggedIn();
    t = a;
    const none = await call(a.app, 'POST', '/api/admin/totp/enable', {
      payload: { code: '123456' },
      cookie: a.cookie,
    });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ error: 'no_totp_setup' });
    a.clock.advance(16 * MINUTE);
    expect(
      (
        await call(a.app, 'POST', '/api/admin/totp/setup', { payload: {}, cookie: a.cookie })
      ).json(),
    ).toMatchObject({ error: 'confirmation_required' });
  });

  it('asks for the code after a right password, signs in with it, and accepts each code once', async () => {
    const { a, secret } = await withCodes();
    a.clock.advance(30_000);
    const ticket = await passwordStep(a.app);
    const code = codeAt(secret, a.clock.now());
    const res = await codeStep(a.app, ticket, code);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toEqual({ username: 'owner', role: 'owner' });
    expect(cookieValue(res, a.app.cookieName)).toMatch(/^[\w-]{43}$/);
    // The ticket is gone, and the same code does not sign in again, even within its 30 seconds.
    expect((await codeStep(a.app, ticket, code)).json().error).toBe('second_step_expired');
    const replay = await codeStep(a.app, await passwordStep(a.app), code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ error: 'wrong_code' });
    a.clock.advance(30_000);
    expect(
      (await codeStep(a.app, await passwordStep(a.app), codeAt(secret, a.clock.now()))).statusCode,
    ).toBe(200);
  });

  it('accepts the code of the step before or after (clocks drift), not two steps away', async () => {
    const { a, secret } = await withCodes();
    a.clock.advance(5 * MINUTE);
    const now = a.clock.now().getTime();
    expect(
      (await codeStep(a.app, await passwordStep(a.app), codeAt(secret, new Date(now - 60_000))))
        .statusCode,
    ).toBe(401);
    expect(
      (await codeStep(a.app, await passwordStep(a.app), codeAt(secret, new Date(now - 30_000))))
        .statusCode,
    ).toBe(200);
    expect(
      (await codeStep(a.app, await passwordStep(a.app), codeAt(secret, new Date(now + 30_000))))
        .statusCode,
    ).toBe(200);
  });

  it('counts wrong codes toward the login limiter: the 6th from one address gets 429', async () => {
    const { a } = await withCodes();
    const ticket = await passwordStep(a.app);
    const statuses = [];
    for (let i = 0; i < PAIR_LIMIT.attempts + 1; i++)
      statuses.push((await codeStep(a.app, ticket, String(100000 + i))).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // The password is checked under the same limits: it too is refused now.
    expect((await call(a.app, 'POST', '/api/auth/login', { payload: OWNER })).statusCode).toBe(429);
  });

  it('signs in with each recovery code once, in any case and spacing', async () => {
    const { a, recoveryCodes } = await withCodes();
    const [first, second] = recoveryCodes;
    const res = await codeStep(
      a.app,
      await passwordStep(a.app),
      first!.toUpperCase().replaceAll('-', ' '),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await codeStep(a.app, await passwordStep(a.app), first!)).statusCode).toBe(401);
    expect(
      (await call(a.app, 'GET', '/api/admin/factors', { cookie: a.cookie })).json().totp
        .recoveryCodesLeft,
    ).toBe(9);
    expect((await codeStep(a.app, await passwordStep(a.app), second!)).statusCode).toBe(200);
  });

  it('refuses the code step without a ticket, after it expired, and for an account whose codes are off', async () => {
    const { a, secret } = await withCodes();
    const none = await codeStep(a.app, undefined, '123456');
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({
      error: 'second_step_expired',
      message: 'Your sign-in has expired. Enter your username and password again.',
    });
    const late = await passwordStep(a.app);
    a.clock.advance(CHALLENGE_TTL_MS + 1000);
    expect((await codeStep(a.app, late, codeAt(secret, a.clock.now()))).json().error).toBe(
      'second_step_expired',
    );
    const ticket = await passwordStep(a.app);
    await a.services.store.factors.disableTotp('owner');
    const off = await codeStep(a.app, ticket, '123456');
    expect(off.statusCode).toBe(400);
    expect(off.json()).toMatchObject({ error: 'no_second_factor' });
    expect((await codeStep(a.app, ticket, 'not a code')).statusCode).toBe(400);
  });

  it('turns codes off with the password or a code, never with a wrong one', async () => {
    const { a, secret, recoveryCodes } = await withCodes();
    const off = (payload: object) =>
      call(a.app, 'POST', '/api/admin/totp/disable', { payload, cookie: a.cookie });
    const wrong = await off({ password: 'not-the-password' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ error: 'wrong_password' });
    expect((await off({ code: '000000' })).json()).toMatchObject({ error: 'wrong_code' });
    expect((await off({})).statusCode).toBe(400);
    a.clock.advance(30_000);
    expect((await off({ code: codeAt(secret, a.clock.now()) })).statusCode).toBe(204);
    expect(await a.services.store.factors.get('owner')).toEqual({ _id: 'owner' });
    expect((await off({ password: OWNER.password })).json()).toMatchObject({
      error: 'totp_disabled',
    });
    // Off: the password alone signs in, and the old recovery codes are gone with the secret.
    const login = await call(a.app, 'POST', '/api/auth/login', { payload: OWNER });
    expect(login.json().user).toEqual({ username: 'owner', role: 'owner' });
    expect(recoveryCodes).toHaveLength(10);
  });

  it('turns codes off with the password', async () => {
    const { a } = await withCodes();
    expect(
      (
        await call(a.app, 'POST', '/api/admin/totp/disable', {
          payload: { password: OWNER.password },
          cookie: a.cookie,
        })
      ).statusCode,
    ).toBe(204);
  });
});

describe('new recovery codes (codes stay on)', () => {
  const renew = (a: TestApp & { cookie: string }, payload: unknown = {}, cookie = a.cookie) =>
    call(a.app, 'POST', '/api/admin/totp/recovery-codes', { payload, cookie });

  it('replaces all ten at once: the old ones no longer sign in, the new ones do, and the log says so', async () => {
    const { a, recoveryCodes: old } = await withCodes();
    expect((await codeStep(a.app, await passwordStep(a.app), old[0]!)).statusCode).toBe(200);
    const res = await renew(a);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const fresh = res.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(new Set(fresh).size).toBe(10);
    expect(fresh.filter((c) => old.includes(c))).toEqual([]);
    expect(
      (await call(a.app, 'GET', '/api/admin/factors', { cookie: a.cookie })).json().totp,
    ).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    // Stored hashed, never as given; one of the old ten is refused, one of the new ten signs in.
    const stored = JSON.stringify(await a.services.store.factors.get('owner'));
    for (const code of fresh) expect(stored).not.toContain(code.replaceAll('-', ''));
    const refused = await codeStep(a.app, await passwordStep(a.app), old[1]!);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ error: 'wrong_code' });
    expect((await codeStep(a.app, await passwordStep(a.app), fresh[0]!)).statusCode).toBe(200);
    const { items } = await a.services.store.audit.page(
      { action: 'recovery-codes-new' },
      { limit: 10 },
    );
    expect(items).toMatchObject([{ username: 'owner', outcome: 'success' }]);
    const logged = JSON.stringify(items);
    for (const code of fresh) expect(logged).not.toContain(code);
  });

  it('needs a password confirmed in the last 15 minutes (403), and records the refusal', async () => {
    const { a, recoveryCodes } = await withCodes();
    a.clock.advance(16 * MINUTE);
    const res = await renew(a);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: 'confirmation_required',
      message: 'Please confirm your password first.',
    });
    const confirmed = await call(a.app, 'POST', '/api/admin/password/confirm', {
      payload: { password: OWNER.password },
      cookie: a.cookie,
    });
    expect(confirmed.statusCode, confirmed.body).toBeLessThan(300);
    expect((await renew(a)).statusCode).toBe(200);
    expect(recoveryCodes).toHaveLength(10);
    const { items } = await a.services.store.audit.page(
      { action: 'recovery-codes-new' },
      { limit: 10 },
    );
    expect(items.map((e) => e.outcome)).toEqual(['success', 'refused']);
  });

  it('refuses an account whose codes are off (409), a body with fields (400) and no session (401)', async () => {
    const a = await buildLoggedIn({ clock: new FakeClock(START) });
    t = a;
    const off = await renew(a);
    expect(off.statusCode).toBe(409);
    expect(off.json()).toEqual({
      error: 'totp_disabled',
      message: 'One-time codes are not turned on: recovery codes come with them.',
    });
    expect(await a.services.store.factors.get('owner')).toBeNull();
    const extra = await renew(a, { password: OWNER.password });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toMatchObject({ error: 'bad_request' });
    expect((await renew(a, {}, '')).statusCode).toBe(401);
  });
});

describe('recovery codes', () => {
  it('are read back from any case, spaces and dashes, and hashed per account', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...newRecoveryCodes()),
        fc.boolean(),
        fc.constantFrom('', ' ', '-', '  '),
        (code, upper, sep) => {
          const typed = (upper ? code.toUpperCase() : code).replaceAll('-', sep);
          expect(normalRecoveryCode(typed)).toBe(code.replaceAll('-', ''));
          expect(recoveryCodeHash('owner', typed)).toBe(recoveryCodeHash('owner', code));
          expect(recoveryCodeHash('helper', code)).not.toBe(recoveryCodeHash('owner', code));
        },
      ),
    );
    expect(normalRecoveryCode('abcd-efgh-ijkl-mno1')).toBeNull();
  });
});

describe('REQUIRE_MFA', () => {
  it('is on with NODE_ENV=production and off otherwise, unless REQUIRE_MFA says', () => {
    const base = { HOST: 'localhost', REPO_ROOT: '/tmp', DATA_DIR: '/tmp/x' };
    expect(loadEnv({ ...base, NODE_ENV: 'production' }).REQUIRE_MFA).toBe(true);
    expect(loadEnv({ ...base, NODE_ENV: 'production', REQUIRE_MFA: '0' }).REQUIRE_MFA).toBe(false);
    expect(loadEnv({ ...base, NODE_ENV: 'development' }).REQUIRE_MFA).toBe(false);
    expect(loadEnv({ ...base, NODE_ENV: 'test', REQUIRE_MFA: '1' }).REQUIRE_MFA).toBe(true);
    expect(() => loadEnv({ ...base, REQUIRE_MFA: 'maybe' })).toThrow(/REQUIRE_MFA/);
  });
});
