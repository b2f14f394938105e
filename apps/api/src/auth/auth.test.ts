import { scryptSync } from 'node:crypto';
import { authConfigSchema, loginResponseSchema } from '@cedar/api-contract';
import { afterEach, describe, expect, it } from 'vitest';
import { build, cookieValue, logIn, OWNER, type TestApp } from '../test/build';
import { hashPassword, isOwnHash, verifyPassword } from './password';
import { DEMO_ADMIN, passwordProblem } from './password-policy';
import { hashToken } from './sessions';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const HOUR = 3_600_000;
/** A login as our own login page sends it (its Origin), unless `headers` say otherwise. */
const login = (
  app: TestApp['app'],
  payload: object,
  remoteAddress = '203.0.113.7',
  headers: Record<string, string> = {},
) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload,
    remoteAddress,
    headers: { origin: app.env.PUBLIC_URL, ...headers },
  });
const inquiries = (app: TestApp['app'], headers: Record<string, string>) =>
  app.inject({ method: 'GET', url: '/api/inquiries', headers });

describe('passwords', () => {
  it('hashes with scrypt and a salt of its own, and verifies', async () => {
    const a = await hashPassword('kennel-ledger-harbor-42');
    const b = await hashPassword('kennel-ledger-harbor-42');
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('kennel-ledger-harbor-42', a)).toBe(true);
    expect(await verifyPassword('kennel-ledger-harbor-43', a)).toBe(false);
    expect(await verifyPassword('anything', 'not-a-hash')).toBe(false);
  });

  it("uses a stored hash only when it has the product's own parameters: never a cost the hash asks for", async () => {
    const own = await hashPassword('kennel-ledger-harbor-42');
    expect(isOwnHash(own)).toBe(true);
    const [, , , , salt, key] = own.split('$');
    // The right password, hashed with weaker parameters: a correct key, yet refused.
    const weak = scryptSync('kennel-ledger-harbor-42', Buffer.from(salt!, 'base64url'), 64, {
      N: 1024,
      r: 8,
      p: 1,
    }).toString('base64url');
    const crafted = [
      `scrypt$1024$8$1$${salt}$${weak}`,
      // Costs that would take gigabytes and minutes per check: refused before any work.
      `scrypt$1073741824$8$1$${salt}$${key}`,
      `scrypt$16384$1024$1$${salt}$${key}`,
      `scrypt$16384$8$64$${salt}$${key}`,
      `scrypt$16384$8$1$${salt}$${key}$extra`,
      `scrypt$16384$8$1$${salt}x$${key}`,
      `scrypt$16384$8$1$${salt}$${key!.slice(1)}`,
      `bcrypt$16384$8$1$${salt}$${key}`,
    ];
    const started = Date.now();
    for (const stored of crafted) {
      expect(isOwnHash(stored), stored).toBe(false);
      expect(await verifyPassword('kennel-ledger-harbor-42', stored), stored).toBe(false);
    }
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('refuses short, common and demo passwords', () => {
    expect(passwordProblem('short')).toMatch(/12 characters/);
    expect(passwordProblem('Password1234')).toMatch(/too common/);
    expect(passwordProblem(DEMO_ADMIN.password)).toMatch(/too common/);
    expect(passwordProblem('aaaaaaaaaaaaaaa')).toMatch(/repeat/);
    expect(passwordProblem('kennel-ledger-harbor-42')).toBeNull();
  });
});

describe('GET /api/auth/config', () => {
  it('offers the demo login while it is on', async () => {
    t = await build();
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/config' });
    expect(res.statusCode).toBe(200);
    expect(authConfigSchema.parse(res.json())).toEqual({
      demoLogin: { username: 'admin', password: 'cedar-bluff-demo' },
    });
    expect((await login(t.app, DEMO_ADMIN)).statusCode).toBe(200);
  });

  it('answers null and removes the demo admin when demo login is off', async () => {
    t = await build();
    expect(await t.services.store.admins.find('admin')).not.toBeNull();
    t = await t.restart({ DEMO_LOGIN: 'false' });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/config' })).json()).toEqual({
      demoLogin: null,
    });
    expect(await t.services.store.admins.find('admin')).toBeNull();
    expect((await login(t.app, DEMO_ADMIN)).statusCode).toBe(401);
  });

  it('removes the demo admin on any start others can reach, and reveals no credentials there', async () => {
    t = await build();
    const before = await logIn(t.app, DEMO_ADMIN);
    const site = 'https://cedarblufflabradors.example';
    t = await t.restart({ HOST: '0.0.0.0', PUBLIC_URL: site });
    const host = 'cedarblufflabradors.example';
    const config = await t.app.inject({
      method: 'GET',
      url: '/api/auth/config',
      headers: { host },
    });
    expect(config.json()).toEqual({ demoLogin: null });
    expect(await t.services.store.admins.find(DEMO_ADMIN.username)).toBeNull();
    // Its sessions ended with it.
    expect((await inquiries(t.app, { host, cookie: before.cookie })).statusCode).toBe(401);
    expect((await login(t.app, DEMO_ADMIN, undefined, { host, origin: site })).statusCode).toBe(
      401,
    );
  });
});

describe('POST /api/auth/login', () => {
  it('answers a marker and the user, and sets an httpOnly SameSite=Strict cookie: the only credential', async () => {
    t = await build();
    const res = await login(t.app, OWNER);
    expect(res.statusCode).toBe(200);
    const body = loginResponseSchema.parse(res.json());
    expect(body.user).toEqual({ username: 'owner', role: 'owner' });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const session = cookieValue(res, 'cb_session')!;
    expect(session).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^cb_session=[\w-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain(`Max-Age=${12 * 3600}`);
    expect(cookie).not.toContain('Secure');
    expect((await inquiries(t.app, { cookie: `cb_session=${session}` })).statusCode).toBe(200);
    // The answer's token (the screens keep it in localStorage, where any script of the page can
    // read it) is a marker: it is not the session, and no header makes it one.
    expect(body.token).not.toBe(session);
    expect((await inquiries(t.app, { cookie: `cb_session=${body.token}` })).statusCode).toBe(401);
    for (const value of [body.token, session]) {
      expect((await inquiries(t.app, { authorization: `Bearer ${value}` })).statusCode).toBe(401);
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/admin/sessions',
            headers: { authorization: `Bearer ${value}` },
          })
        ).statusCode,
      ).toBe(401);
    }
    // The store holds only the session's hash, and nothing of the marker.
    expect(await t.services.store.sessions.find(session)).toBeNull();
    expect(await t.services.store.sessions.find(hashToken(body.token))).toBeNull();
    expect(await t.services.store.sessions.find(hashToken(session))).not.toBeNull();
  });

  it('uses a Secure __Host- cookie in production', async () => {
    t = await build({
      env: { NODE_ENV: 'production', PUBLIC_URL: 'https://cedarblufflabradors.example' },
    });
    const res = await login(t.app, OWNER, undefined, { host: 'cedarblufflabradors.example' });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^__Host-cb_session=[\w-]{43};/);
    expect(cookie).toContain('Secure');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/');
    expect(cookie).not.toContain('Domain');
    const token = cookieValue(res, '__Host-cb_session')!;
    const host = 'cedarblufflabradors.example';
    expect(
      (await inquiries(t.app, { host, cookie: `__Host-cb_session=${token}` })).statusCode,
    ).toBe(200);
    expect((await inquiries(t.app, { host, cookie: `cb_session=${token}` })).statusCode).toBe(401);
  });

  it('gives an unknown user and a wrong password the same 401', async () => {
    t = await build();
    const unknown = await login(t.app, { username: 'nobody', password: OWNER.password });
    const wrong = await login(t.app, { username: OWNER.username, password: 'not-the-password' });
    for (const res of [unknown, wrong]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        error: 'invalid_credentials',
        message: 'Invalid username or password',
      });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('refuses the 6th attempt after 5 failures in 15 minutes, per IP and username', async () => {
    t = await build();
    const wrong = { username: OWNER.username, password: 'guess-number-x' };
    for (let i = 0; i < 5; i++) {
      expect((await login(t.app, wrong)).statusCode).toBe(401);
      t.clock.advance(60_000);
    }
    const locked = await login(t.app, OWNER);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({
      error: 'too_many_attempts',
      message: expect.stringMatching(/Try again in \d+ minutes?/),
    });
    // The first failure leaves the window 15 minutes after it was made: 10 minutes from now.
    expect(Number(locked.headers['retry-after'])).toBe(10 * 60);

    // The owner from another address, and another name from this one, are not affected.
    expect((await login(t.app, OWNER, '198.51.100.20')).statusCode).toBe(200);
    expect((await login(t.app, { username: 'someone', password: 'x' })).statusCode).toBe(401);
    expect((await login(t.app, { username: 'OWNER', password: 'x' })).statusCode).toBe(429);

    t.clock.advance(10 * 60_000);
    expect((await login(t.app, OWNER)).statusCode).toBe(200);
  });

  it('clears the failure count on success', async () => {
    t = await build();
    for (let i = 0; i < 4; i++)
      await login(t.app, { username: OWNER.username, password: 'guess-number-x' });
    expect((await login(t.app, OWNER)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++)
      await login(t.app, { username: OWNER.username, password: 'guess-number-x' });
    expect((await login(t.app, OWNER)).statusCode).toBe(200);
  });

  it('refuses a login posted from another site', async () => {
    t = await build();
    const foreign = await login(t.app, OWNER, undefined, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ error: 'forbidden' });
    expect((await login(t.app, OWNER, undefined, { origin: 'null' })).statusCode).toBe(403);
    // A state-changing call without an Origin is not one of our pages' either.
    const bare = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: OWNER,
    });
    expect(bare.statusCode).toBe(403);
    expect(
      (await login(t.app, OWNER, undefined, { origin: 'http://localhost:3000' })).statusCode,
    ).toBe(200);
    // On a loopback-only start, the loopback origin the request was sent to is ours too.
    expect(
      (
        await login(t.app, OWNER, undefined, {
          host: '127.0.0.1:4319',
          origin: 'http://127.0.0.1:4319',
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('sessions', () => {
  it('end after the idle time without use', async () => {
    t = await build();
    const { cookie } = await logIn(t.app);
    t.clock.advance(2 * HOUR - 1000);
    expect((await inquiries(t.app, { cookie })).statusCode).toBe(200);
    // That use moved the idle end forward.
    t.clock.advance(2 * HOUR - 1000);
    expect((await inquiries(t.app, { cookie })).statusCode).toBe(200);
    t.clock.advance(2 * HOUR);
    const res = await inquiries(t.app, { cookie });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'unauthorized' });
  });

  it('end at the absolute lifetime however busy they are', async () => {
    t = await build();
    const { cookie } = await logIn(t.app);
    for (let hour = 1; hour < 12; hour++) {
      t.clock.advance(HOUR);
      expect((await inquiries(t.app, { cookie })).statusCode, `hour ${hour}`).toBe(200);
    }
    t.clock.advance(HOUR);
    expect((await inquiries(t.app, { cookie })).statusCode).toBe(401);
  });

  it('follow SESSION_TTL and SESSION_IDLE_TTL', async () => {
    t = await build({ env: { SESSION_TTL: '30m', SESSION_IDLE_TTL: '10m' } });
    const res = await login(t.app, OWNER);
    expect(String(res.headers['set-cookie'])).toContain('Max-Age=1800');
    t.clock.advance(10 * 60_000);
    expect(
      (await inquiries(t.app, { cookie: `cb_session=${cookieValue(res, 'cb_session')}` }))
        .statusCode,
    ).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the cookie session and clears the cookie', async () => {
    t = await build();
    const { cookie } = await logIn(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, origin: t.env.PUBLIC_URL },
    });
    expect(res.statusCode).toBe(204);
    expect(String(res.headers['set-cookie'])).toMatch(
      /^cb_session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/,
    );
    expect((await inquiries(t.app, { cookie })).statusCode).toBe(401);
  });

  it('ignores a Bearer token (the session lives on), and answers 204 without a session', async () => {
    t = await build();
    const { bearer, cookie } = await logIn(t.app);
    const origin = t.env.PUBLIC_URL;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/logout',
          headers: { ...bearer, origin },
        })
      ).statusCode,
    ).toBe(204);
    expect((await inquiries(t.app, { cookie })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { origin } }))
        .statusCode,
    ).toBe(204);
  });
});
