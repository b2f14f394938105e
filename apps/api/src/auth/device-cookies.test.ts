// OWASP's device cookies: a stranger guessing the owner's username from many addresses is slowed
// down; the owner's own browser, which signed in before, still signs in at once.
import { API_ROUTES } from '@cedar/api-contract';
import { afterEach, describe, expect, it } from 'vitest';
import { build, cookieValue, logIn, OWNER, type TestApp } from '../test/build';
import { DEVICE_COOKIE_TTL_MS } from './device-cookies';
import { DEVICE_LIMIT, USERNAME_DELAYS } from './login-limiter';

const apps: TestApp[] = [];
afterEach(async () => {
  for (const a of apps.splice(0)) await a.close();
});
const start = async (...args: Parameters<typeof build>) => {
  const a = await build(...args);
  apps.push(a);
  return a;
};

const OWNER_BROWSER = '192.0.2.10';
const WRONG = { username: OWNER.username, password: 'not-the-password-1' };

const login = (
  a: TestApp,
  payload: { username: string; password: string },
  remoteAddress: string,
  device?: string,
) =>
  a.app.inject({
    method: 'POST',
    url: API_ROUTES.login.path,
    payload,
    remoteAddress,
    headers: {
      origin: a.env.PUBLIC_URL,
      ...(device === undefined ? {} : { cookie: `cb_device=${device}` }),
    },
  });

/** Signs in from the owner's browser: the device cookie it is given. */
async function ownerDevice(
  a: TestApp,
  who: { username: string; password: string } = OWNER,
): Promise<string> {
  const res = await login(a, who, OWNER_BROWSER);
  expect(res.statusCode).toBe(200);
  return cookieValue(res, 'cb_device')!;
}

/** A stranger guesses the owner's password from a new address each time: the answers. */
async function hammer(a: TestApp, times: number, from = 0) {
  const answers: number[] = [];
  for (let i = from; i < from + times; i++)
    answers.push((await login(a, WRONG, `198.18.${i >> 8}.${i & 255}`)).statusCode);
  return answers;
}
const count = (answers: number[]) =>
  answers.reduce<Record<number, number>>((c, s) => ({ ...c, [s]: (c[s] ?? 0) + 1 }), {});

describe('device cookies', () => {
  it("let the owner's browser sign in at once while a stranger hammering the username from many addresses gets 429", async () => {
    const a = await start();
    const device = await ownerDevice(a);
    expect(count(await hammer(a, 60))).toEqual({ 401: USERNAME_DELAYS.free, 429: 50 });

    // Today's limits, exactly, for any browser without the cookie: the owner's laptop too.
    expect((await login(a, OWNER, '192.0.2.11')).statusCode).toBe(429);
    // The owner's browser: at once, and given a new device cookie.
    const res = await login(a, OWNER, OWNER_BROWSER, device);
    expect(res.statusCode).toBe(200);
    const renewed = cookieValue(res, 'cb_device')!;
    expect(renewed).not.toBe(device);
    // A typo there is a 401 like any other, not a lockout.
    expect((await login(a, WRONG, OWNER_BROWSER, renewed)).statusCode).toBe(401);
    expect((await login(a, OWNER, OWNER_BROWSER, renewed)).statusCode).toBe(200);
    // The owner's success did not clear the stranger's count: the stranger is still held back.
    expect(count(await hammer(a, 5, 100))).toEqual({ 429: 5 });
  });

  it('is given only on success, HttpOnly, SameSite=Strict, for a year, and Secure with __Host- in production', async () => {
    const a = await start({
      env: { NODE_ENV: 'production', PUBLIC_URL: 'https://cedarblufflabradors.example' },
    });
    const failed = await a.app.inject({
      method: 'POST',
      url: API_ROUTES.login.path,
      payload: WRONG,
      headers: { origin: a.env.PUBLIC_URL, host: 'cedarblufflabradors.example' },
    });
    expect(failed.headers['set-cookie']).toBeUndefined();
    const res = await a.app.inject({
      method: 'POST',
      url: API_ROUTES.login.path,
      payload: OWNER,
      headers: { origin: a.env.PUBLIC_URL, host: 'cedarblufflabradors.example' },
    });
    const header = (res.headers['set-cookie'] as string[]).find((c) =>
      c.startsWith('__Host-cb_device='),
    )!;
    expect(header).toMatch(/^__Host-cb_device=[\w-]+\.[\w-]{22}\.[a-z0-9]+\.[\w-]{43};/);
    for (const part of [
      `Max-Age=${DEVICE_COOKIE_TTL_MS / 1000}`,
      'Path=/',
      'HttpOnly',
      'Secure',
      'SameSite=Strict',
    ])
      expect(header).toContain(part);
    expect(header).not.toContain('Domain');
  });

  it("do not help when they name another user, are forged or tampered with, come from another server's key, or are over a year old", async () => {
    const a = await start();
    const { store } = a.services;
    await store.admins.create({
      username: 'helper',
      passwordHash: (await store.admins.find(OWNER.username))!.passwordHash,
      createdAt: a.clock.now(),
      updatedAt: a.clock.now(),
    });
    const helpers = await ownerDevice(a, { username: 'helper', password: OWNER.password });
    const owners = await ownerDevice(a);
    const elsewhere = await ownerDevice(await start());
    await hammer(a, 30);

    const [user, nonce, issued, mac] = owners.split('.') as [string, string, string, string];
    const [helperUser, ...helperRest] = helpers.split('.');
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    const useless = {
      "another user's": helpers,
      'another user renamed': [user, ...helperRest].join('.'),
      'renamed to another user': [helperUser, nonce, issued, mac].join('.'),
      'a tampered nonce': [user, flip(nonce), issued, mac].join('.'),
      'a later issue date': [user, nonce, (Number.parseInt(issued, 36) + 1).toString(36), mac].join(
        '.',
      ),
      'a forged signature': [user, nonce, issued, flip(mac)].join('.'),
      'an unsigned one': [user, nonce, issued].join('.'),
      "another server's": elsewhere,
      garbage: 'x'.repeat(60),
    };
    for (const [what, cookie] of Object.entries(useless))
      expect((await login(a, OWNER, OWNER_BROWSER, cookie)).statusCode, what).toBe(429);
    // The genuine one still works; a year later it no longer does.
    const res = await login(a, OWNER, OWNER_BROWSER, owners);
    expect(res.statusCode).toBe(200);
    const kept = cookieValue(res, 'cb_device')!;
    a.clock.advance(DEVICE_COOKIE_TTL_MS);
    await hammer(a, 30, 200);
    expect((await login(a, OWNER, OWNER_BROWSER, kept)).statusCode).toBe(429);
  });

  it(`stop being trusted after ${DEVICE_LIMIT.attempts} failures: then the stranger's lockout applies to them too`, async () => {
    const a = await start();
    const device = await ownerDevice(a);
    await hammer(a, 30);
    const answers = [];
    for (let i = 0; i < DEVICE_LIMIT.attempts; i++)
      answers.push((await login(a, WRONG, OWNER_BROWSER, device)).statusCode);
    expect(answers).toEqual(Array(DEVICE_LIMIT.attempts).fill(401));
    // Even the right password: the cookie is no longer trusted, the username is locked.
    expect((await login(a, OWNER, OWNER_BROWSER, device)).statusCode).toBe(429);
  });

  it('keep the signing key in the store: a cookie from before a restart still counts', async () => {
    const before = await start();
    const device = await ownerDevice(before);
    const a = await before.restart();
    apps[apps.indexOf(before)] = a;
    await hammer(a, 30);
    expect((await login(a, OWNER, OWNER_BROWSER, device)).statusCode).toBe(200);
  });

  it("spare the owner's password confirmation (for code saves) the stranger's lockout too", async () => {
    const a = await start();
    const owner = await logIn(a.app);
    const device = await ownerDevice(a);
    await hammer(a, 30);
    const confirm = (cookie: string) =>
      a.app.inject({
        method: 'POST',
        url: API_ROUTES.confirmPassword.path,
        headers: { ...owner.headers, cookie },
        payload: { password: OWNER.password },
      });
    expect((await confirm(owner.cookie)).statusCode).toBe(429);
    expect((await confirm(`${owner.cookie}; cb_device=${device}`)).statusCode).toBe(200);
  });
});
