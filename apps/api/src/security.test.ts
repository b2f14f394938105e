import { API_ROUTES, fileUrl, revisionPathSchema } from '@cedar/api-contract';
import { describe, expect, it } from 'vitest';
import { hashToken } from './auth/sessions';
import { DEV_WEBHOOK_SECRET } from './env';
import { webhookHeaders } from './inquiries/inquiry-routes';
import { cookieValue, logIn, OWNER, writeFakeBuild } from './test/build';
import { ADA, HERO, saveHero, signedInApp, tempDir, testApp, webhook } from './test/per-test';
import { treeHashes } from './test/files';

/** Our own pages' Origin: PUBLIC_URL's default on a loopback start. */
const ORIGIN = 'http://localhost:3000';

const VALID = `export function HeroSection() {\n  return <h1>Cedar Bluff Labradors</h1>;\n}\n`;
const SUBMISSION = JSON.stringify({ ...ADA, message: 'Hello' });

describe('session tokens', () => {
  it('carry 256 random bits, and every login gets a new one, even when the client presents an old or planted one', async () => {
    const t = await testApp();
    const tokens = new Set<string>();
    for (let i = 0; i < 8; i++) tokens.add((await logIn(t.app)).session);
    expect(tokens.size).toBe(8);
    for (const token of tokens) expect(Buffer.from(token, 'base64url')).toHaveLength(32);

    // Session fixation: a cookie set before login (ours or an attacker's) is never adopted.
    const planted = 'P'.repeat(43);
    const old = [...tokens][0]!;
    for (const presented of [planted, old]) {
      const res = await t.app.inject({
        method: 'POST',
        url: API_ROUTES.login.path,
        headers: { origin: ORIGIN, cookie: `cb_session=${presented}` },
        payload: OWNER,
      });
      expect(res.statusCode).toBe(200);
      const fresh = cookieValue(res, 'cb_session')!;
      expect(fresh).not.toBe(presented);
      expect(String(res.headers['set-cookie'])).toMatch(new RegExp(`^cb_session=${fresh};`));
    }
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/inquiries',
          headers: { cookie: `cb_session=${planted}` },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('safe methods', () => {
  it('no GET or HEAD changes state: every read route, signed in or not, leaves the store and the files as they were', async () => {
    const dist = await tempDir('cedar-dist-');
    await writeFakeBuild(dist, 'v1');
    const a = await signedInApp({ webDist: dist });
    expect((await webhook(a, SUBMISSION)).statusCode).toBe(201);
    const saved = await saveHero(a, VALID);
    expect(saved.statusCode).toBe(200);

    const snapshot = async () => ({
      files: await treeHashes(a.repoRoot),
      inquiries: await a.services.store.inquiries.list(),
      revisions: await Promise.all(
        revisionPathSchema.options.map((f) => a.services.store.revisions.list(f)),
      ),
      admins: await a.services.store.admins.count(),
      session: (await a.services.store.sessions.find(hashToken(a.session)))?.expiresAt,
      publish: a.services.publisher.status(),
      waitlists: await a.services.store.waitlists.get(),
      announcements: await a.services.store.announcements.list(),
      passkeys: await a.services.store.passkeys.listFor('owner'),
      factors: await a.services.store.factors.get('owner'),
      deposits: await a.services.store.deposits.list(),
      depositAmounts: await a.services.store.deposits.amounts(),
      familyLinks: await a.services.store.familyLinks.list(),
    });
    const before = await snapshot();

    const concrete = (route: string) =>
      route.replace(':path', encodeURIComponent(HERO)).replace(':id', 'x');
    const readRoutes = Object.values(API_ROUTES).filter((r) => r.method === 'GET');
    // Issue 39 added four reads (factors, me, people, audit) and eighteen writes; issue 40's
    // deposits one read and six writes (the Stripe webhook among them); its family pages and news
    // five reads (the page and its photos among them) and seven writes (the page's Pay button).
    expect(readRoutes).toHaveLength(28);
    // The state-changing routes with no read at the same address answer GET with 404.
    const writeOnly = Object.values(API_ROUTES)
      .filter((r) => r.method !== 'GET' && !readRoutes.some((read) => read.path === r.path))
      .map((r) => concrete(r.path));
    expect(writeOnly).toHaveLength(49);
    const urls = [
      ...readRoutes.map((r) => concrete(r.path)),
      ...writeOnly,
      '/',
      '/puppies',
      '/admin',
      '/assets/app-v1.js',
      '/nope',
    ];
    for (const url of urls) {
      for (const method of ['GET', 'HEAD'] as const) {
        for (const headers of [{}, { ...a.headers }, a.bearer]) {
          const res = await a.app.inject({ method, url, headers });
          expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
          if (writeOnly.includes(url)) expect(res.statusCode, `${method} ${url}`).toBe(404);
        }
        // Time moves on, less than the idle limit (2 h) over the routes a session does not touch.
        a.clock.advance(60_000);
      }
    }
    expect(await snapshot()).toEqual(before);
    // The session is still alive: GET /api/auth/logout did not end it.
    expect(
      (await a.app.inject({ method: 'GET', url: '/api/inquiries', headers: { ...a.headers } }))
        .statusCode,
    ).toBe(200);
  });
});

describe('logs', () => {
  it('never carry a password, a session token, a cookie or a webhook signature', async () => {
    const lines: string[] = [];
    const a = await testApp({
      env: { LOG_LEVEL: 'trace' },
      logStream: { write: (line) => void lines.push(line) },
    });
    const wrong = 'wrong-guess-of-the-owner-9';
    const fail = await a.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: ORIGIN },
      payload: { username: OWNER.username, password: wrong },
    });
    expect(fail.statusCode).toBe(401);
    const ok = await a.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: ORIGIN, 'x-forwarded-for': '198.51.100.4' },
      payload: OWNER,
    });
    expect(ok.statusCode).toBe(200);
    const token = ok.json<{ token: string }>().token;
    const session = cookieValue(ok, 'cb_session')!;
    const cookie = `cb_session=${session}`;
    await a.app.inject({ method: 'GET', url: '/api/inquiries', headers: { cookie } });
    await a.app.inject({
      method: 'GET',
      url: '/api/inquiries',
      headers: { authorization: `Bearer ${session}` },
    });
    await a.app.inject({ method: 'GET', url: fileUrl(HERO), headers: { cookie } });
    const delivery = webhookHeaders(DEV_WEBHOOK_SECRET, SUBMISSION, {
      id: 'log-check',
      at: a.clock.now(),
    });
    const signature = delivery['x-webhook-signature']!;
    expect((await webhook(a, SUBMISSION, delivery)).statusCode).toBe(201);
    // A server fault is logged in full: its message must not drag secrets along either.
    a.services.store.inquiries.list = async () => {
      throw new Error('store unavailable');
    };
    expect(
      (await a.app.inject({ method: 'GET', url: '/api/inquiries', headers: { cookie } }))
        .statusCode,
    ).toBe(500);
    expect(
      (
        await a.app.inject({
          method: 'POST',
          url: '/api/auth/logout',
          headers: { origin: ORIGIN, cookie },
        })
      ).statusCode,
    ).toBe(204);
    for (let i = 0; i < 6; i++) {
      await a.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { origin: ORIGIN },
        payload: { username: OWNER.username, password: wrong },
      });
    }

    const log = lines.join('');
    // The logs were really written, at every request.
    expect(lines.length).toBeGreaterThan(20);
    expect(log).toContain('POST /api/auth/login arrived');
    expect(log).toContain('request failed');
    for (const secret of [
      OWNER.password,
      wrong,
      token,
      session,
      hashToken(session),
      cookie,
      signature,
      DEV_WEBHOOK_SECRET,
    ]) {
      expect(log).not.toContain(secret);
    }
    expect(log).not.toMatch(/"(authorization|cookie|password|token)":"(?!\[redacted\])/i);
  });
});
