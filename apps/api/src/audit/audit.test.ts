import { API_ROUTES, auditPageSchema } from '@cedar/api-contract';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { securityEvent } from '../lib/security-log';
import { build, logIn, OWNER, type TestApp } from '../test/build';
import { addHelper, HELPER } from '../test/people';
import { AUDIT_DETAIL_KEYS, auditDetails } from './details';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const DAY = 86_400_000;
/** Names a secret goes by: none of them may survive into an entry. */
const SECRET_KEYS = [
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'sessionToken',
  'code',
  'totp',
  'otp',
  'recoveryCodes',
  'challenge',
  'hash',
  'passwordHash',
  'sha256',
  'secret',
  'credential',
  'credentialPublicKey',
  'cookie',
  'authorization',
];
const SECRET_LOOKING = /pass|token|code|otp|challenge|hash|sha|secret|credential|cookie|auth/i;

describe('audit details', () => {
  it('keep only allow-listed keys, none secret-looking, with short plain values, whatever an event is given', () => {
    expect(AUDIT_DETAIL_KEYS.filter((k) => SECRET_LOOKING.test(k))).toEqual([]);
    const key = fc.oneof(fc.constantFrom(...SECRET_KEYS, ...AUDIT_DETAIL_KEYS), fc.string());
    const value = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.object());
    fc.assert(
      fc.property(fc.dictionary(key, value), (fields) => {
        const kept = auditDetails(fields) ?? {};
        for (const [k, v] of Object.entries(kept)) {
          expect(AUDIT_DETAIL_KEYS as readonly string[]).toContain(k);
          expect(k).not.toMatch(SECRET_LOOKING);
          expect(['string', 'number', 'boolean']).toContain(typeof v);
          if (typeof v === 'string') expect(v.length).toBeLessThanOrEqual(200);
        }
      }),
    );
  });

  it('store no secret an event is given, under any secret-looking name', async () => {
    t = await build();
    const { app } = t;
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom(...SECRET_KEYS), fc.string({ minLength: 12 }), {
          minKeys: 1,
        }),
        async (secrets) => {
          securityEvent(app.log, 'login', 'failure', { username: 'owner', ...secrets });
          await new Promise((resolve) => setTimeout(resolve, 5));
          const [entry] = (await t!.services.store.audit.page({}, { limit: 1 })).items;
          const stored = JSON.stringify(entry);
          for (const secret of Object.values(secrets))
            expect(stored).not.toContain(JSON.stringify(secret).slice(1, -1));
          expect(entry?.details).toBeUndefined();
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe('the audit log', () => {
  it('records who, when, from which address and device, what, and how it ended; a failed sign-in too, and never the password', async () => {
    t = await build();
    const device = `Mozilla/5.0 ${'x'.repeat(400)}`;
    const wrong = await t.app.inject({
      method: 'POST',
      url: API_ROUTES.login.path,
      payload: { username: 'owner', password: 'not-the-password-at-all' },
      headers: { origin: t.env.PUBLIC_URL, 'user-agent': device },
      remoteAddress: '203.0.113.9',
    });
    expect(wrong.statusCode).toBe(401);
    const owner = await logIn(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: API_ROUTES.audit.path,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    const page = auditPageSchema.parse(res.json());
    expect(page.items.map((e) => [e.action, e.outcome, e.username])).toEqual([
      ['login', 'success', 'owner'],
      ['login', 'failure', 'owner'],
    ]);
    expect(page.items[1]).toMatchObject({
      ip: '203.0.113.9',
      at: t.clock.now().toISOString(),
      details: { trustedDevice: false },
    });
    expect(page.items[1]!.userAgent).toHaveLength(200);
    expect(JSON.stringify(await t.services.store.snapshot())).not.toContain(
      'not-the-password-at-all',
    );
    expect(JSON.stringify(page)).not.toContain(OWNER.password);
  });

  it('filters by person, kind of action and days, and pages newest first', async () => {
    t = await build();
    await addHelper(t);
    await logIn(t.app, HELPER);
    t.clock.advance(DAY);
    for (let i = 0; i < 3; i++) await logIn(t.app);
    const owner = await logIn(t.app);
    const get = async (query: string) => {
      const res = await t!.app.inject({
        method: 'GET',
        url: `${API_ROUTES.audit.path}?${query}`,
        headers: owner.headers,
      });
      return { status: res.statusCode, body: res.json() };
    };
    const helperOnly = await get('username=helper');
    expect(helperOnly.body.items.map((e: { username: string }) => e.username)).toEqual(['helper']);
    const today = t.clock.now().toISOString().slice(0, 10);
    const yesterday = new Date(t.clock.now().getTime() - DAY).toISOString().slice(0, 10);
    expect((await get(`from=${today}`)).body.items).toHaveLength(4);
    expect((await get(`to=${yesterday}`)).body.items).toHaveLength(1);
    expect((await get(`action=logout`)).body.items).toHaveLength(0);
    const first = await get('limit=3&action=login');
    expect(first.body.items).toHaveLength(3);
    const second = await get(`limit=3&action=login&before=${first.body.next}`);
    expect(second.body.items).toHaveLength(2);
    expect(second.body.next).toBeNull();
    expect(second.body.items.at(-1).username).toBe('helper');

    for (const [query, message] of [
      [`from=${today}&to=${yesterday}`, /first day comes after the last day/],
      ['from=yesterday', /YYYY-MM-DD/],
      ['action=DROP%20TABLE', /kind of action/],
      ['before=zzz', /page of the log/],
      ['limit=500', /limit/],
      ['sort=asc', /sort/],
    ] as const) {
      const bad = await get(query);
      expect([query, bad.status]).toEqual([query, 400]);
      expect(JSON.stringify(bad.body)).toMatch(message);
    }
  });

  it('is still there after a restart of the server on the same DATA_DIR', async () => {
    t = await build();
    await logIn(t.app);
    t = await t.restart();
    const owner = await logIn(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: API_ROUTES.audit.path,
      headers: owner.headers,
    });
    expect(res.json().items.map((e: { action: string }) => e.action)).toEqual(['login', 'login']);
  });

  it('dates each entry to expire AUDIT_RETENTION_DAYS after it was written (the TTL index removes it then)', async () => {
    t = await build({ env: { AUDIT_RETENTION_DAYS: '30' } });
    await logIn(t.app);
    const [entry] = (await t.services.store.audit.page({}, { limit: 1 })).items;
    expect(entry!.expiresAt.getTime() - entry!.at.getTime()).toBe(30 * DAY);
  });
});
