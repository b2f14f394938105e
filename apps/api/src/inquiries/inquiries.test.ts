import { createHmac } from 'node:crypto';
import {
  KNOWN_PREFERRED_COLORS,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  inquiryListSchema,
} from '@cedar/api-contract';
import { describe, expect, it } from 'vitest';
import { DEV_WEBHOOK_SECRET } from '../env';
import type { TestApp } from '../test/build';
import { signedInApp, testApp } from '../test/per-test';
import { DEMO_INQUIRY_COUNT, seedIfEmpty } from './demo-inquiries';
import {
  signDelivery,
  WEBHOOK_BODY_LIMIT,
  WEBHOOK_RATE_LIMIT,
  webhookHeaders,
} from './inquiry-routes';

const submission = {
  firstName: 'Ada',
  lastName: 'Lane',
  email: 'ada@example.com',
  phone: '(518) 555-0100',
  preferredColor: 'fox-red',
  message: 'Hoping for a fox red male this spring.',
};

let deliveries = 0;
/** A delivery as the forms provider sends it: signed, dated now, with an id of its own. */
function deliver(
  app: TestApp['app'],
  body: string,
  {
    secret = DEV_WEBHOOK_SECRET,
    at = app.clock(),
    id = `delivery-${++deliveries}`,
    contentType = 'application/json',
    headers = {},
  }: {
    secret?: string;
    at?: Date;
    id?: string;
    contentType?: string;
    headers?: Record<string, string | undefined>;
  } = {},
) {
  const all: Record<string, string | undefined> = {
    'content-type': contentType,
    ...webhookHeaders(secret, body, { at, id }),
    ...headers,
  };
  return app.inject({
    method: 'POST',
    url: '/api/inquiries/webhook',
    headers: Object.fromEntries(Object.entries(all).filter(([, v]) => v !== undefined)) as Record<
      string,
      string
    >,
    payload: body,
  });
}
const signed = (app: TestApp['app'], value: unknown, secret = DEV_WEBHOOK_SECRET) =>
  deliver(app, JSON.stringify(value), { secret });

describe('POST /api/inquiries/webhook', () => {
  it('stores a signed submission with an id and a creation time, and answers 201 {id}', async () => {
    const app = await signedInApp();
    const res = await signed(app.app, submission);
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    expect(id).toEqual(expect.any(String));
    const list = await app.app.inject({
      method: 'GET',
      url: '/api/inquiries',
      headers: { ...app.headers },
    });
    expect(inquiryListSchema.parse(list.json())).toEqual([
      { id, ...submission, createdAt: app.clock.now().toISOString() },
    ]);
  });

  it('refuses a missing, wrong or foreign signature with 401 and stores nothing', async () => {
    const t = await testApp();
    const body = JSON.stringify(submission);
    const at = t.clock.now();
    const timestamp = String(Math.floor(at.getTime() / 1000));
    const id = 'delivery-under-test';
    const cases: (string | undefined)[] = [
      undefined,
      '',
      'not-hex',
      signDelivery('another-secret-of-some-length', id, timestamp, body),
      signDelivery(DEV_WEBHOOK_SECRET, id, timestamp, body).slice(0, 62),
      signDelivery(
        DEV_WEBHOOK_SECRET,
        id,
        timestamp,
        JSON.stringify({ ...submission, firstName: 'Eve' }),
      ),
      // The body alone, without the timestamp, as the first scheme signed it.
      createHmac('sha256', DEV_WEBHOOK_SECRET).update(body).digest('hex'),
      // The timestamp and body without the delivery id, as the second scheme signed them.
      createHmac('sha256', DEV_WEBHOOK_SECRET).update(`${timestamp}.${body}`).digest('hex'),
      // Signed for another time than the header says.
      signDelivery(DEV_WEBHOOK_SECRET, id, String(Number(timestamp) - 1), body),
      // Signed for another delivery id than the header says.
      signDelivery(DEV_WEBHOOK_SECRET, 'another-delivery', timestamp, body),
    ];
    for (const signature of cases) {
      const res = await deliver(t.app, body, {
        id,
        headers: { [WEBHOOK_SIGNATURE_HEADER]: signature },
      });
      expect(res.statusCode, String(signature)).toBe(401);
      expect(res.json()).toMatchObject({ error: 'invalid_signature' });
    }
    // A missing timestamp header.
    const noTime = await deliver(t.app, body, {
      headers: { [WEBHOOK_TIMESTAMP_HEADER]: undefined },
    });
    expect(noTime.statusCode).toBe(401);
    // Signed, then altered in transit (same JSON meaning, different bytes).
    const signedHeaders = webhookHeaders(DEV_WEBHOOK_SECRET, body, { at, id: 'altered' });
    const res = await deliver(t.app, JSON.stringify(submission, null, 2), {
      headers: signedHeaders,
    });
    expect(res.statusCode).toBe(401);
    expect(await t.services.store.inquiries.count()).toBe(0);
  });

  it('refuses a delivery older than 5 minutes or dated in the future, however well signed', async () => {
    const t = await testApp();
    const now = t.clock.now().getTime();
    for (const [label, offset, status] of [
      ['5 min 1 s old', -301_000, 401],
      ['a day old', -86_400_000, 401],
      ['2 minutes ahead', 120_000, 401],
      ['4 min 50 s old', -290_000, 201],
      ['10 s ahead (clock skew)', 10_000, 201],
    ] as const) {
      // Each its own submission: the same body twice within the window would be a repeat.
      const res = await deliver(t.app, JSON.stringify({ ...submission, message: label }), {
        at: new Date(now + offset),
      });
      expect(res.statusCode, label).toBe(status);
      if (status === 401) expect(res.json()).toMatchObject({ error: 'stale_delivery' });
    }
    expect(await t.services.store.inquiries.count()).toBe(2);
  });

  it('stores a repeated delivery once: the repeat answers 200 with the same id and adds nothing', async () => {
    const t = await testApp();
    const body = JSON.stringify(submission);
    const headers = webhookHeaders(DEV_WEBHOOK_SECRET, body, { at: t.clock.now(), id: 'evt_42' });
    const first = await deliver(t.app, body, { headers });
    expect(first.statusCode).toBe(201);
    // A captured request sent again, at once and in parallel.
    const repeats = await Promise.all(
      Array.from({ length: 5 }, () => deliver(t.app, body, { headers })),
    );
    for (const repeat of repeats) {
      expect(repeat.statusCode).toBe(200);
      expect(repeat.json()).toEqual(first.json());
    }
    expect(await t.services.store.inquiries.count()).toBe(1);
    // Later than 5 minutes, it is refused outright.
    t.clock.advance(6 * 60_000);
    expect((await deliver(t.app, body, { headers })).statusCode).toBe(401);
    // A delivery id must be there and be plain.
    expect(
      (await deliver(t.app, body, { headers: { 'x-webhook-id': undefined } })).statusCode,
    ).toBe(400);
    const odd = 'a/b c';
    const oddHeaders = webhookHeaders(DEV_WEBHOOK_SECRET, body, { at: t.clock.now(), id: odd });
    expect((await deliver(t.app, body, { headers: oddHeaders })).statusCode).toBe(400);
    expect(await t.services.store.inquiries.count()).toBe(1);
  });

  it('refuses a captured delivery sent again under a new id: the signature covers the id', async () => {
    const t = await testApp();
    const body = JSON.stringify(submission);
    const headers = webhookHeaders(DEV_WEBHOOK_SECRET, body, { at: t.clock.now(), id: 'evt_1' });
    expect((await deliver(t.app, body, { headers })).statusCode).toBe(201);
    for (const id of ['evt_2', 'evt_1x', 'EVT_1']) {
      const res = await deliver(t.app, body, { headers: { ...headers, 'x-webhook-id': id } });
      expect(res.statusCode, id).toBe(401);
      expect(res.json()).toMatchObject({ error: 'invalid_signature' });
    }
    expect(await t.services.store.inquiries.count()).toBe(1);
  });

  it('tells a sender still signing "<timestamp>.<body>" that the delivery id is now signed too', async () => {
    const t = await testApp();
    const body = JSON.stringify(submission);
    const timestamp = String(Math.floor(t.clock.now().getTime() / 1000));
    const res = await deliver(t.app, body, {
      headers: {
        [WEBHOOK_SIGNATURE_HEADER]: createHmac('sha256', DEV_WEBHOOK_SECRET)
          .update(`${timestamp}.${body}`)
          .digest('hex'),
      },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'invalid_signature' });
    expect(res.json().message).toMatch(/old form.*<x-webhook-id>\.<x-webhook-timestamp>\.<body>/i);
  });

  it('adds nothing for the same body under a new, properly signed id within the window', async () => {
    const t = await testApp();
    const body = JSON.stringify(submission);
    const first = await deliver(t.app, body, { id: 'relay-1' });
    expect(first.statusCode).toBe(201);
    t.clock.advance(4 * 60_000);
    const again = await deliver(t.app, body, { id: 'relay-2' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await t.services.store.inquiries.count()).toBe(1);
    // Another submission is another inquiry.
    const other = await deliver(t.app, JSON.stringify({ ...submission, message: 'Another one.' }));
    expect(other.statusCode).toBe(201);
    // Past the window, the same body again is a new submission (the family sent it twice).
    t.clock.advance(11 * 60_000);
    expect((await deliver(t.app, body, { id: 'relay-3' })).statusCode).toBe(201);
    expect(await t.services.store.inquiries.count()).toBe(3);
  });

  it('remembers a deleted inquiry’s delivery for the window: a replay cannot bring it back', async () => {
    const t = await testApp();
    const body = JSON.stringify(submission);
    const headers = webhookHeaders(DEV_WEBHOOK_SECRET, body, { at: t.clock.now(), id: 'evt_9' });
    const first = await deliver(t.app, body, { headers });
    expect(first.statusCode).toBe(201);
    expect(await t.services.store.inquiries.remove(first.json<{ id: string }>().id)).toBe(true);
    t.clock.advance(4 * 60_000);
    const replay = await deliver(t.app, body, { headers });
    expect(replay.statusCode).toBe(200);
    expect(await t.services.store.inquiries.count()).toBe(0);
    // Nor under a new id (signed with the secret: a relay's retry).
    expect((await deliver(t.app, body, { id: 'evt_10' })).statusCode).toBe(200);
    expect(await t.services.store.inquiries.count()).toBe(0);
  });

  it('accepts a sha256= prefixed signature', async () => {
    const t = await testApp();
    const body = JSON.stringify(submission);
    const headers = webhookHeaders(DEV_WEBHOOK_SECRET, body, { at: t.clock.now(), id: 'p-1' });
    headers[WEBHOOK_SIGNATURE_HEADER] = `sha256=${headers[WEBHOOK_SIGNATURE_HEADER]}`;
    expect((await deliver(t.app, body, { headers })).statusCode).toBe(201);
  });

  it('validates the submission: 400 with details for bad fields, unknown fields and bad JSON', async () => {
    const t = await testApp();
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
    const malformed = await deliver(t.app, '{"firstName": "Ada",');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error: 'bad_request' });
    expect(await t.services.store.inquiries.count()).toBe(0);
  });

  it('takes JSON only, and 16 KB at most', async () => {
    const t = await testApp();
    const body = 'firstName=Ada';
    expect((await deliver(t.app, body, { contentType: 'text/plain' })).statusCode).toBe(415);
    expect(
      (await deliver(t.app, body, { contentType: 'application/x-www-form-urlencoded' })).statusCode,
    ).toBe(415);
    const big = JSON.stringify({ ...submission, message: 'x'.repeat(WEBHOOK_BODY_LIMIT) });
    const res = await deliver(t.app, big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: 'payload_too_large' });
    expect(await t.services.store.inquiries.count()).toBe(0);
  });

  it(`takes at most ${WEBHOOK_RATE_LIMIT} deliveries a minute from one address (429), others unaffected`, async () => {
    const t = await testApp();
    const body = JSON.stringify(submission);
    const from = (remoteAddress: string) => {
      const id = `rate-${++deliveries}`;
      // Each its own submission: the same body again would be a repeat (200).
      const payload = JSON.stringify({ ...JSON.parse(body), message: id });
      return t.app.inject({
        method: 'POST',
        url: '/api/inquiries/webhook',
        remoteAddress,
        headers: {
          'content-type': 'application/json',
          ...webhookHeaders(DEV_WEBHOOK_SECRET, payload, { at: t.clock.now(), id }),
        },
        payload,
      });
    };
    const answers = await Promise.all(
      Array.from({ length: WEBHOOK_RATE_LIMIT + 10 }, () => from('198.51.100.9')),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(WEBHOOK_RATE_LIMIT);
    expect(codes.filter((c) => c === 429)).toHaveLength(10);
    const refused = answers.find((r) => r.statusCode === 429)!;
    expect(refused.json()).toMatchObject({ error: 'too_many_requests' });
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await from('198.51.100.10')).statusCode).toBe(201);
  });

  it("dates every inquiry by the server's clock, whatever the provider claims, and drops an empty message", async () => {
    const t = await testApp();
    const past = new Date(t.clock.now().getTime() - 3_600_000).toISOString();
    const future = new Date(t.clock.now().getTime() + 86_400_000).toISOString();
    await signed(t.app, { ...submission, message: '   ', submittedAt: past });
    await signed(t.app, { ...submission, firstName: 'Bo', submittedAt: future });
    const list = await t.services.store.inquiries.list();
    expect(list.map((i) => i.createdAt)).toEqual([
      t.clock.now().toISOString(),
      t.clock.now().toISOString(),
    ]);
    expect(list.find((i) => i.firstName === 'Ada')).not.toHaveProperty('message');
  });

  it('is off without a secret outside a loopback-only start, and on with one', async () => {
    const starts: Record<string, string>[] = [{ NODE_ENV: 'production' }, { HOST: '0.0.0.0' }];
    for (const env of starts) {
      const t = await testApp({ env });
      const res = await signed(t.app, submission);
      expect(res.statusCode, JSON.stringify(env)).toBe(404);
      expect(res.json()).toMatchObject({ error: 'not_found' });
      await t.close();
    }
    const t = await testApp({
      env: { NODE_ENV: 'production', INQUIRY_WEBHOOK_SECRET: 'a-long-production-secret-value' },
    });
    expect((await signed(t.app, submission)).statusCode).toBe(401);
    expect((await signed(t.app, submission, 'a-long-production-secret-value')).statusCode).toBe(
      201,
    );
  });
});

describe('GET /api/inquiries', () => {
  it('lists every inquiry newest first, in the spec shape', async () => {
    const app = await signedInApp();
    await signed(app.app, { ...submission, firstName: 'First' });
    app.clock.advance(1000);
    await signed(app.app, { ...submission, firstName: 'Second', message: undefined });
    const res = await app.app.inject({
      method: 'GET',
      url: '/api/inquiries',
      headers: { ...app.headers },
    });
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
    const t = await testApp();
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
