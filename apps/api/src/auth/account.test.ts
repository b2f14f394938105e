import fs from 'node:fs/promises';
import path from 'node:path';
import {
  API_ROUTES,
  CONFIRMATION_REQUIRED,
  confirmPasswordResponseSchema,
  fileUrl,
  restoreUrl,
  sessionListSchema,
  sessionUrl,
} from '@cedar/api-contract';
import { afterEach, describe, expect, it } from 'vitest';
import { build, cookieValue, logIn, type LoggedIn, OWNER, type TestApp } from '../test/build';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const MINUTE = 60_000;
const HERO = 'apps/web/src/sections/hero-section.tsx';
const source = (n: number) =>
  `export function HeroSection() {\n  return <h1>Version ${n}</h1>;\n}\n`;
const NEW_PASSWORD = 'orchard-lantern-copper-77';

const post = (a: TestApp, who: LoggedIn, url: string, payload?: object) =>
  a.app.inject({ method: 'POST', url, headers: { ...who.headers }, payload });
const save = (a: TestApp, who: LoggedIn, n: number) =>
  a.app.inject({
    method: 'PUT',
    url: fileUrl(HERO),
    headers: { ...who.headers, 'content-type': 'text/plain' },
    payload: source(n),
  });
const onDisk = (a: TestApp) => fs.readFile(path.join(a.repoRoot, HERO), 'utf8');
const signedIn = async (a: TestApp, who: LoggedIn) =>
  (
    await a.app.inject({
      method: 'GET',
      url: API_ROUTES.inquiries.path,
      headers: { ...who.headers },
    })
  ).statusCode === 200;

describe('code saves need a recent password confirmation', () => {
  it('lets a fresh sign-in save; 15 minutes later asks again (403), leaving the file alone, until the password is confirmed', async () => {
    t = await build();
    const owner = await logIn(t.app);
    expect((await save(t, owner, 1)).statusCode).toBe(200);
    t.clock.advance(15 * MINUTE);
    const stale = await save(t, owner, 2);
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ error: CONFIRMATION_REQUIRED });
    expect(await onDisk(t)).toBe(source(1));

    const wrong = await post(t, owner, API_ROUTES.confirmPassword.path, {
      password: 'not-it-at-all',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ error: 'wrong_password' });
    // A wrong confirmation does not sign the admin out.
    expect(await signedIn(t, owner)).toBe(true);

    const ok = await post(t, owner, API_ROUTES.confirmPassword.path, { password: OWNER.password });
    expect(ok.statusCode).toBe(200);
    expect(confirmPasswordResponseSchema.parse(ok.json()).confirmedUntil).toBe(
      new Date(t.clock.now().getTime() + 15 * MINUTE).toISOString(),
    );
    expect((await save(t, owner, 2)).statusCode).toBe(200);
    expect(await onDisk(t)).toBe(source(2));
  });

  it('asks again before restoring a revision, too', async () => {
    t = await build();
    const owner = await logIn(t.app);
    const first = (await save(t, owner, 1)).json().revision.id as string;
    await save(t, owner, 2);
    t.clock.advance(16 * MINUTE);
    const stale = await post(t, owner, restoreUrl(HERO, first));
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ error: CONFIRMATION_REQUIRED });
    expect(await onDisk(t)).toBe(source(2));
    await post(t, owner, API_ROUTES.confirmPassword.path, { password: OWNER.password });
    expect((await post(t, owner, restoreUrl(HERO, first))).statusCode).toBe(200);
    expect(await onDisk(t)).toBe(source(1));
  });

  it('holds confirmation attempts to the login limits', async () => {
    t = await build();
    const owner = await logIn(t.app);
    const answers = [];
    for (let i = 0; i < 7; i++)
      answers.push(
        (await post(t, owner, API_ROUTES.confirmPassword.path, { password: `guess-${i}-x` }))
          .statusCode,
      );
    expect(answers).toEqual([403, 403, 403, 403, 403, 429, 429]);
  });
});

describe('changing the password', () => {
  it('needs the current password and a strong new one, then ends every other session', async () => {
    t = await build();
    const owner = await logIn(t.app);
    const laptop = await logIn(t.app);
    const change = (body: object) => post(t!, owner, API_ROUTES.changePassword.path, body);

    // An empty field is refused with the words the Security screen's form shows (one schema).
    const empty = await change({ currentPassword: '', newPassword: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      details: [
        { path: 'currentPassword', message: 'Enter your current password.' },
        { path: 'newPassword', message: 'Enter a new password.' },
      ],
    });

    const wrong = await change({ currentPassword: 'not-it-at-all', newPassword: NEW_PASSWORD });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ error: 'wrong_password' });
    for (const [weak, why] of [
      ['short-one', /at least 12 characters/],
      ['password1234', /too common/],
      ['owner1234567', /too easy to guess/],
      ['cedarbluffowner', /contains the username/],
      ['cedarbluff2025', /too easy to guess/],
    ] as const) {
      const res = await change({ currentPassword: OWNER.password, newPassword: weak });
      expect(res.statusCode, weak).toBe(422);
      expect(res.json(), weak).toMatchObject({
        error: 'weak_password',
        field: 'newPassword',
        message: expect.stringMatching(why),
      });
    }
    expect(await signedIn(t, laptop)).toBe(true);

    const ok = await change({ currentPassword: OWNER.password, newPassword: NEW_PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ endedSessions: 1 });
    // This browser goes on with a new session; the cookie it had (and any copy of it) is dead.
    const renewed = cookieValue(ok, 'cb_session')!;
    expect(renewed).toMatch(/^[\w-]{43}$/);
    expect(renewed).not.toBe(owner.session);
    expect(String(ok.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Strict/);
    expect(await signedIn(t, owner)).toBe(false);
    const after: LoggedIn = {
      ...owner,
      session: renewed,
      cookie: `cb_session=${renewed}`,
      headers: { ...owner.headers, cookie: `cb_session=${renewed}` },
    };
    expect(await signedIn(t, after)).toBe(true);
    expect(await signedIn(t, laptop)).toBe(false);
    const left = sessionListSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: API_ROUTES.sessions.path,
          headers: { ...after.headers },
        })
      ).json(),
    );
    expect(left).toHaveLength(1);
    expect(left[0]!.current).toBe(true);
    // The renewed session counts as freshly confirmed: code can be saved at once.
    expect((await save(t, after, 3)).statusCode).toBe(200);
    await expect(logIn(t.app)).rejects.toThrow(/401/);
    expect(
      (await logIn(t.app, { username: OWNER.username, password: NEW_PASSWORD })).session,
    ).toMatch(/^[\w-]{43}$/);
  });
});

describe('sessions', () => {
  it("lists the admin's sessions with where they came from, marks this one, and ends one or all", async () => {
    t = await build();
    const phone = await logIn(t.app);
    t.clock.advance(MINUTE);
    const res = await t.app.inject({
      method: 'POST',
      url: API_ROUTES.login.path,
      remoteAddress: '198.51.100.20',
      headers: {
        origin: t.env.PUBLIC_URL,
        'user-agent': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) Safari/605.1.15',
      },
      payload: OWNER,
    });
    const laptopCookie = `cb_session=${cookieValue(res, 'cb_session')}`;
    const laptop: LoggedIn = {
      token: res.json().token,
      session: cookieValue(res, 'cb_session')!,
      cookie: laptopCookie,
      headers: { cookie: laptopCookie, origin: t.env.PUBLIC_URL },
      bearer: { authorization: '' },
    };

    const listed = await t.app.inject({
      method: 'GET',
      url: API_ROUTES.sessions.path,
      headers: { ...laptop.headers },
    });
    expect(listed.headers['cache-control']).toBe('no-store');
    const sessions = sessionListSchema.parse(listed.json());
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({
      current: true,
      ip: '198.51.100.20',
      userAgent: expect.stringContaining('Macintosh'),
      createdAt: t.clock.now().toISOString(),
    });
    expect(sessions[1]).toMatchObject({ current: false, ip: '127.0.0.1' });
    // Nothing in the list is a credential.
    expect(listed.body).not.toContain(phone.session);

    const end = (id: string) =>
      t!.app.inject({ method: 'DELETE', url: sessionUrl(id), headers: { ...laptop.headers } });
    expect((await end(sessions[1]!.id)).statusCode).toBe(204);
    expect(await signedIn(t, phone)).toBe(false);
    expect((await end(sessions[1]!.id)).statusCode).toBe(404);
    expect((await end('not-a-session')).statusCode).toBe(404);
    // Another admin's session cannot be ended from here.
    await t.services.store.admins.create({
      username: 'helper',
      passwordHash: (await t.services.store.admins.find(OWNER.username))!.passwordHash,
      createdAt: t.clock.now(),
      updatedAt: t.clock.now(),
    });
    const helper = await logIn(t.app, { username: 'helper', password: OWNER.password });
    const helperId = sessionListSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: API_ROUTES.sessions.path,
          headers: { ...helper.headers },
        })
      ).json(),
    )[0]!.id;
    expect((await end(helperId)).statusCode).toBe(404);
    expect(await signedIn(t, helper)).toBe(true);

    const again = await logIn(t.app);
    const everywhere = await post(t, laptop, API_ROUTES.endAllSessions.path);
    expect(everywhere.statusCode).toBe(204);
    expect(String(everywhere.headers['set-cookie'])).toMatch(/^cb_session=;/);
    expect(await signedIn(t, laptop)).toBe(false);
    expect(await signedIn(t, again)).toBe(false);
    expect(await signedIn(t, helper)).toBe(true);
  });
});
