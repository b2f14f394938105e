import {
  KNOWN_PREFERRED_COLORS,
  WEBHOOK_SIGNATURE_HEADER,
  inquiryListSchema,
} from '@cedar/api-contract';
import { afterEach, describe, expect, it } from 'vitest';
import { DEV_WEBHOOK_SECRET } from '../env';
import { build, buildLoggedIn, type TestApp } from '../test/build';
import { DEMO_INQUIRY_COUNT, seedIfEmpty } from './demo-inquiries';
import { signBody } from './inquiry-routes';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const submission = {
  firstName: 'Ada',
  lastName: 'Lane',
  email: 'ada@example.com',
  phone: '(518) 555-0100',
  preferredColor: 'fox-red',
  message: 'Hoping for a fox red male this spring.',
};

function post(
  app: TestApp['app'],
  body: string,
  signature: string | undefined,
  contentType = 'application/json',
) {
  return app.inject({
    method: 'POST',
    url: '/api/inquiries/webhook',
    headers: {
      'content-type': contentType,
      ...(signature === undefined ? {} : { [WEBHOOK_SIGNATURE_HEADER]: signature }),
    },
    payload: body,
  });
}
const signed = (app: TestApp['app'], value: unknown, secret = DEV_WEBHOOK_SECRET) => {
  const body = JSON.stringify(value);
  return post(app, body, signBody(secret, body));
};

describe('POST /api/inquiries/webhook', () => {
  it('stores a signed submission with an id and a creation time, and answers 201 {id}', async () => {
    const app = await buildLoggedIn();
    t = app;
    const res = await signed(app.app, submission);
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    expect(id).toEqual(expect.any(String));
    const list = await app.app.inject({
      method: 'GET',
      url: '/api/inquiries',
      headers: { cookie: app.cookie },
    });
    expect(inquiryListSchema.parse(list.json())).toEqual([
      { id, ...submission, createdAt: app.clock.now().toISOString() },
    ]);
  });

  it('refuses a missing, wrong or foreign signature with 401 and stores nothing', async () => {
    t = await build();
    const body = JSON.stringify(submission);
    const cases = [
      undefined,
      '',
      'not-hex',
      signBody('another-secret-of-some-length', body),
      signBody(DEV_WEBHOOK_SECRET, body).slice(0, 62),
      signBody(DEV_WEBHOOK_SECRET, JSON.stringify({ ...submission, firstName: 'Eve' })),
    ];
    for (const signature of cases) {
      const res = await post(t.app, body, signature);
      expect(res.statusCode, String(signature)).toBe(401);
      expect(res.json()).toMatchObject({ error: 'invalid_signature' });
    }
    // Signed, then altered in transit (same JSON meaning, different bytes).
    const res = await post(
      t.app,
      JSON.stringify(submission, null, 2),
      signBody(DEV_WEBHOOK_SECRET, body),
    );
    expect(res.statusCode).toBe(401);
    expect(await t.services.store.inquiries.count()).toBe(0);
  });

  it('accepts a sha256= prefixed signature', async () => {
    t = await build();
    const body = JSON.stringify(submission);
    expect(
      (await post(t.app, body, `sha256=${signBody(DEV_WEBHOOK_SECRET, body)}`)).statusCode,
    ).toBe(201);
  });

  it('validates the submission: 400 with details for bad fields, unknown fields and bad JSON', async () => {
    t = await build();
    const bad = await signed(t.app, {
      ...submission,
      email: 'not-an-email',
      preferredColor: 'Fox Red',
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['email', 'preferredColor']);
    expect((await signed(t.app, { ...submission, role: 'admin' })).statusCode).toBe(400);
    expect((await signed(t.app, { ...submission, firstName: { $ne: null } })).statusCode).toBe(400);
    const { firstName: _firstName, ...missing } = submission;
    expect((await signed(t.app, missing)).statusCode).toBe(400);
    const broken = '{"firstName": "Ada",';
    const malformed = await post(t.app, broken, signBody(DEV_WEBHOOK_SECRET, broken));
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error: 'bad_request' });
    expect(await t.services.store.inquiries.count()).toBe(0);
  });

  it('takes JSON only', async () => {
    t = await build();
    const body = 'firstName=Ada';
    const res = await post(t.app, body, signBody(DEV_WEBHOOK_SECRET, body), 'text/plain');
    expect(res.statusCode).toBe(415);
    const form = await post(
      t.app,
      body,
      signBody(DEV_WEBHOOK_SECRET, body),
      'application/x-www-form-urlencoded',
    );
    expect(form.statusCode).toBe(415);
  });

  it('drops an empty message and keeps a provider timestamp that is not in the future', async () => {
    t = await build();
    const past = new Date(t.clock.now().getTime() - 3_600_000).toISOString();
    await signed(t.app, { ...submission, message: '   ', submittedAt: past });
    await signed(t.app, {
      ...submission,
      firstName: 'Bo',
      submittedAt: new Date(t.clock.now().getTime() + 86_400_000).toISOString(),
    });
    const [future, kept] = await t.services.store.inquiries.list();
    expect(kept).not.toHaveProperty('message');
    expect(kept?.createdAt).toBe(past);
    expect(future?.createdAt).toBe(t.clock.now().toISOString());
  });

  it('is switched off in production without a secret, and on with one', async () => {
    t = await build({ env: { NODE_ENV: 'production' } });
    const res = await signed(t.app, submission);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found' });
    t = await t.restart({
      NODE_ENV: 'production',
      INQUIRY_WEBHOOK_SECRET: 'a-long-production-secret-value',
    });
    expect((await signed(t.app, submission)).statusCode).toBe(401);
    expect((await signed(t.app, submission, 'a-long-production-secret-value')).statusCode).toBe(
      201,
    );
  });
});

describe('GET /api/inquiries', () => {
  it('lists every inquiry newest first, in the spec shape', async () => {
    const app = await buildLoggedIn();
    t = app;
    await signed(app.app, { ...submission, firstName: 'First' });
    app.clock.advance(1000);
    await signed(app.app, { ...submission, firstName: 'Second', message: undefined });
    const res = await app.app.inject({ method: 'GET', url: '/api/inquiries', headers: app.bearer });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const list = inquiryListSchema.parse(res.json());
    expect(list.map((i) => i.firstName)).toEqual(['Second', 'First']);
    expect(Object.keys(list[0]!).sort()).toEqual([
      'createdAt',
      'email',
      'firstName',
      'id',
      'lastName',
      'phone',
      'preferredColor',
    ]);
  });
});

describe('demo inquiries', () => {
  it('fill an empty store with a realistic spread, once', async () => {
    t = await build();
    const now = t.clock.now();
    expect(await seedIfEmpty(t.services.store, now)).toBe(DEMO_INQUIRY_COUNT);
    expect(await seedIfEmpty(t.services.store, now)).toBe(0);
    const list = await t.services.store.inquiries.list();
    expect(list).toHaveLength(12);
    const age = (i: { createdAt: string }) => now.getTime() - Date.parse(i.createdAt);
    expect(list.filter((i) => age(i) < 24 * 3_600_000).length).toBeGreaterThanOrEqual(2);
    expect(list.every((i) => age(i) > 0 && age(i) <= 10 * 24 * 3_600_000)).toBe(true);
    expect(list.filter((i) => i.message === undefined).length).toBeGreaterThanOrEqual(2);
    const colours = new Set(list.map((i) => i.preferredColor));
    expect(colours.size).toBeGreaterThanOrEqual(6);
    const known: readonly string[] = KNOWN_PREFERRED_COLORS;
    expect([...colours].filter((c) => !known.includes(c))).toHaveLength(1);
  });
});
