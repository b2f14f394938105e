import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { API_ROUTES, fileUrl, restoreUrl, revisionsUrl } from '@cedar/api-contract';
import type { InjectOptions } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { DEV_WEBHOOK_SECRET } from './env';
import { signBody } from './inquiries/inquiry-routes';
import { build, buildLoggedIn, logIn, type TestApp } from './test/build';

const HERO = 'apps/web/src/sections/hero-section.tsx';
const VALID = `export function HeroSection() {\n  return <h1>Cedar Bluff Labradors</h1>;\n}\n`;

/** Every call that needs a signed-in admin, one per protected route of the route table. */
const PROTECTED: Record<string, (revisionId: string) => InjectOptions> = {
  inquiries: () => ({ method: 'GET', url: API_ROUTES.inquiries.path }),
  readFile: () => ({ method: 'GET', url: fileUrl(HERO) }),
  saveFile: () => ({
    method: 'PUT',
    url: fileUrl(HERO),
    headers: { 'content-type': 'text/plain' },
    payload: VALID,
  }),
  fileRevisions: () => ({ method: 'GET', url: revisionsUrl(HERO) }),
  restoreRevision: (id) => ({ method: 'POST', url: restoreUrl(HERO, id) }),
  publishStatus: () => ({ method: 'GET', url: API_ROUTES.publishStatus.path }),
};

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

function call(app: TestApp['app'], options: InjectOptions, headers: Record<string, string> = {}) {
  return app.inject({
    ...options,
    headers: { ...(options.headers as Record<string, string>), ...headers },
  });
}

async function expectAll401(
  app: TestApp['app'],
  revisionId: string,
  headers: Record<string, string>,
  label: string,
) {
  for (const [name, make] of Object.entries(PROTECTED)) {
    const res = await call(app, make(revisionId), headers);
    expect(res.statusCode, `${label}: ${name}`).toBe(401);
    expect(res.json(), `${label}: ${name}`).toEqual({
      error: 'unauthorized',
      message: expect.any(String),
    });
  }
}

describe('route inventory', () => {
  it('covers every /api/admin route and the inquiries read of the route table', () => {
    const protectedRoutes = Object.entries(API_ROUTES)
      .filter(
        ([, r]) =>
          r.path.startsWith('/api/admin/') || (r.path === '/api/inquiries' && r.method === 'GET'),
      )
      .map(([name]) => name);
    expect(Object.keys(PROTECTED).sort()).toEqual(protectedRoutes.sort());
  });

  it('answers 200 to a signed-in admin on every protected route', async () => {
    const a = await buildLoggedIn();
    t = a;
    const saved = await call(a.app, PROTECTED.saveFile!(''), { cookie: a.cookie });
    const id = saved.json().revision.id as string;
    for (const [name, make] of Object.entries(PROTECTED)) {
      expect((await call(a.app, make(id), { cookie: a.cookie })).statusCode, name).toBe(200);
    }
  });

  it('answers 401 with no session, a forged one, an expired one and after logout', async () => {
    const a = await buildLoggedIn();
    t = a;
    const id = (await call(a.app, PROTECTED.saveFile!(''), a.bearer)).json().revision.id as string;

    await expectAll401(a.app, id, {}, 'no session');
    await expectAll401(a.app, id, { cookie: 'cb_session=' + 'A'.repeat(43) }, 'forged cookie');
    await expectAll401(a.app, id, { authorization: 'Bearer ' + 'A'.repeat(43) }, 'forged bearer');
    await expectAll401(a.app, id, { authorization: 'Basic b3duZXI6cGFzcw==' }, 'basic auth');
    await expectAll401(a.app, id, { cookie: `${a.cookie}x` }, 'altered token');

    a.clock.advance(12 * 3_600_000 + 1);
    await expectAll401(a.app, id, { cookie: a.cookie }, 'expired');

    const fresh = await logIn(a.app);
    expect((await call(a.app, PROTECTED.inquiries!(''), { cookie: fresh.cookie })).statusCode).toBe(
      200,
    );
    await a.app.inject({
      method: 'POST',
      url: API_ROUTES.logout.path,
      headers: { cookie: fresh.cookie },
    });
    await expectAll401(a.app, id, { cookie: fresh.cookie }, 'after logout (cookie)');
    await expectAll401(a.app, id, fresh.bearer, 'after logout (bearer)');
  });

  it('refuses state-changing admin calls from another site with 403, leaving the file alone', async () => {
    const a = await buildLoggedIn();
    t = a;
    const id = (await call(a.app, PROTECTED.saveFile!(''), { cookie: a.cookie })).json().revision
      .id as string;
    const foreign = { cookie: a.cookie, origin: 'https://evil.example' };
    for (const options of [
      { ...PROTECTED.saveFile!(''), payload: 'export const hacked = 1;\n' },
      PROTECTED.restoreRevision!(id),
    ]) {
      const res = await call(a.app, options, foreign);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: 'forbidden' });
    }
    expect((await call(a.app, PROTECTED.readFile!(''), { cookie: a.cookie })).body).toBe(VALID);
    // Reads are not state-changing; our own origin may write.
    expect((await call(a.app, PROTECTED.readFile!(''), foreign)).statusCode).toBe(200);
    expect(
      (
        await call(a.app, PROTECTED.saveFile!(''), {
          cookie: a.cookie,
          origin: 'http://localhost:3000',
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('restart', () => {
  it('loses no acknowledged inquiry, revision or session', async () => {
    const first = await buildLoggedIn();
    t = first;
    const body = JSON.stringify({
      firstName: 'Ada',
      lastName: 'Lane',
      email: 'ada@example.com',
      phone: '(518) 555-0100',
      preferredColor: 'black',
    });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await first.app.inject({
        method: 'POST',
        url: API_ROUTES.inquiryWebhook.path,
        headers: {
          'content-type': 'application/json',
          'x-webhook-signature': signBody(DEV_WEBHOOK_SECRET, body),
        },
        payload: body,
      });
      expect(res.statusCode).toBe(201);
      ids.push(res.json().id);
    }
    const saved = await call(first.app, PROTECTED.saveFile!(''), { cookie: first.cookie });
    expect(saved.statusCode).toBe(200);

    const second = await first.restart();
    t = second;
    const inquiries = await call(second.app, PROTECTED.inquiries!(''), { cookie: first.cookie });
    expect(inquiries.statusCode).toBe(200);
    expect(
      inquiries
        .json()
        .map((i: { id: string }) => i.id)
        .sort(),
    ).toEqual(ids.sort());
    const revisions = await call(second.app, PROTECTED.fileRevisions!(''), {
      cookie: first.cookie,
    });
    expect(revisions.json()[0]).toEqual(saved.json().revision);
    expect(
      (await call(second.app, PROTECTED.readFile!(''), { authorization: `Bearer ${first.token}` }))
        .body,
    ).toBe(VALID);
  });

  it('loses nothing acknowledged when the process dies without closing the store', async () => {
    const first = await buildLoggedIn();
    t = first;
    const saved = await call(first.app, PROTECTED.saveFile!(''), { cookie: first.cookie });
    const body = JSON.stringify({
      firstName: 'Bo',
      lastName: 'Reyes',
      email: 'bo@example.com',
      phone: '518-555-0101',
      preferredColor: 'yellow',
    });
    const created = await first.app.inject({
      method: 'POST',
      url: API_ROUTES.inquiryWebhook.path,
      headers: {
        'content-type': 'application/json',
        'x-webhook-signature': signBody(DEV_WEBHOOK_SECRET, body),
      },
      payload: body,
    });
    // What is on disk the moment the answers went out, as a crash would leave it (lock and all).
    const crashed = await fs.mkdtemp(path.join(os.tmpdir(), 'cedar-crash-'));
    await fs.cp(first.dataDir, crashed, { recursive: true });
    await fs.writeFile(path.join(crashed, 'store.lock'), '999999999');

    const second = await build({ dataDir: crashed });
    try {
      expect((await second.services.store.inquiries.list()).map((i) => i.id)).toEqual([
        created.json().id,
      ]);
      expect((await second.services.store.revisions.list(HERO))[0]).toEqual(saved.json().revision);
      expect(
        (await call(second.app, PROTECTED.inquiries!(''), { cookie: first.cookie })).statusCode,
      ).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('keeps the admins and does not duplicate the demo admin', async () => {
    t = await build();
    const before = await t.services.store.admins.count();
    t = await t.restart();
    expect(await t.services.store.admins.count()).toBe(before);
  });
});
