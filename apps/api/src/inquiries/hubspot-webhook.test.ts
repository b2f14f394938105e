import { API_ROUTES } from '@cedar/api-contract';
import { site } from '@cedar/content';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { TestApp } from '../test/build';
import { signedInApp, testApp } from '../test/per-test';
import { startHubSpotStandIn } from '../test/hubspot-stand-in';
import {
  signV2,
  signV3,
  SIGNATURE_HEADER,
  SIGNATURE_V3_HEADER,
  SIGNATURE_VERSION_HEADER,
  TIMESTAMP_HEADER,
} from './hubspot/signature';
import { HUBSPOT_RATE_LIMIT } from './hubspot-routes';

const SECRET = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
const PATH = API_ROUTES.hubspotWebhook.path;

/** The signed-in app with the secret set; `lines` receives its log lines. */
const withSecret = (env: Record<string, string> = {}, lines?: string[]) =>
  signedInApp({
    env: { HUBSPOT_CLIENT_SECRET: SECRET, ...env },
    ...(lines ? { logStream: { write: (line: string) => lines.push(line) } } : {}),
  });

/** A delivery as HubSpot's workflow sends it: signed v3 over PUBLIC_URL + path, dated now. */
function deliver(
  app: TestApp,
  body: string | Buffer,
  {
    url = PATH,
    at = app.clock.now().getTime(),
    headers = {},
    sign = 'v3',
    contentType = 'application/json',
    secret = SECRET,
    remoteAddress,
  }: {
    url?: string;
    at?: number;
    headers?: Record<string, string>;
    sign?: 'v3' | 'v2' | 'none';
    contentType?: string;
    secret?: string;
    remoteAddress?: string;
  } = {},
) {
  const uri = `${app.env.PUBLIC_URL}${url}`;
  const signature =
    sign === 'v3'
      ? {
          [SIGNATURE_V3_HEADER]: signV3(secret, 'POST', uri, body, String(at)),
          [TIMESTAMP_HEADER]: String(at),
        }
      : sign === 'v2'
        ? {
            [SIGNATURE_HEADER]: signV2(secret, 'POST', uri, body),
            [SIGNATURE_VERSION_HEADER]: 'v2',
          }
        : {};
  return app.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': contentType, ...signature, ...headers },
    payload: body,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/** The contact object a workflow sends with "include all properties" (trimmed). */
const contactObject = (conversionId = 'f1e2d3c4-0000-4000-8000-000000000001') => ({
  vid: 1051,
  'canonical-vid': 1051,
  'portal-id': 48213657,
  properties: {
    firstname: { value: 'Ada', versions: [{ value: 'Ada', timestamp: 1 }] },
    lastname: { value: 'Lane' },
    email: { value: 'ada@example.com' },
    phone: { value: '(518) 555-0100' },
    preferred_color: { value: 'Chocolate' },
    message: { value: 'A chocolate female for our farm.' },
    fenced_yard: { value: 'Yes' },
    hs_analytics_source: { value: 'ORGANIC_SEARCH' },
    createdate: { value: '1700000000000' },
    lifecyclestage: { value: 'lead' },
  },
  'form-submissions': [
    {
      'conversion-id': 'older-0000',
      timestamp: 1_600_000_000_000,
      'form-id': site.forms.contactFormId,
    },
    {
      'conversion-id': conversionId,
      timestamp: 1_700_000_000_000,
      'form-id': site.forms.questionnaireFormId,
      'page-url': 'https://www.cedarblufflabradors.com/puppy-application',
    },
  ],
});

const flat = {
  firstname: 'Ben',
  lastname: 'Ortiz',
  email: 'ben@example.net',
  phone: '802.555.0117',
  preferred_color: 'Blue Merle',
  how_soon: 'This summer',
  hs_object_id: 99,
};

async function inquiries(app: TestApp) {
  const res = await app.app.inject({
    method: 'GET',
    url: API_ROUTES.inquiryPage.path,
    headers: (app as TestApp & { headers: Record<string, string> }).headers,
  });
  return res.json<{ items: Record<string, unknown>[] }>().items;
}

describe('POST /api/inquiries/hubspot (HubSpot workflow webhook)', () => {
  it('stores the contact object a workflow sends, from its newest form submission, once', async () => {
    const t = await withSecret();
    const body = JSON.stringify(contactObject());
    const res = await deliver(t, body);
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<{ id: string }>();
    expect(await inquiries(t)).toEqual([
      {
        id,
        firstName: 'Ada',
        lastName: 'Lane',
        email: 'ada@example.com',
        phone: '(518) 555-0100',
        preferredColor: 'chocolate',
        message: 'A chocolate female for our farm.',
        createdAt: t.clock.now().toISOString(),
        status: 'new',
        note: '',
        // HubSpot's own properties are not the family's answers.
        answers: [{ name: 'fenced_yard', label: 'Fenced yard', value: 'Yes' }],
        form: {
          id: site.forms.questionnaireFormId,
          name: 'Puppy questionnaire',
          pageUrl: 'https://www.cedarblufflabradors.com/puppy-application',
        },
      },
    ]);
    // HubSpot retries (a time-out on its side): the same submission, signed anew, adds nothing.
    t.clock.advance(60_000);
    const again = await deliver(t, body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ id });
    expect(await inquiries(t)).toHaveLength(1);
  });

  it('stores a flat property body, keeping an unknown colour as written; a retry of the same body adds nothing', async () => {
    const t = await withSecret();
    const body = JSON.stringify(flat);
    const res = await deliver(t, body);
    expect(res.statusCode).toBe(201);
    expect(await inquiries(t)).toEqual([
      expect.objectContaining({
        firstName: 'Ben',
        lastName: 'Ortiz',
        preferredColor: 'Blue Merle',
        answers: [{ name: 'how_soon', label: 'How soon', value: 'This summer' }],
      }),
    ]);
    expect((await deliver(t, body)).statusCode).toBe(200);
    expect(
      (
        await deliver(
          t,
          JSON.stringify({ ...flat, conversion_id: 'abc-1', form_id: site.forms.contactFormId }),
        )
      ).statusCode,
    ).toBe(201);
    const [newest] = await inquiries(t);
    expect(newest).toMatchObject({ form: { id: site.forms.contactFormId, name: 'Contact form' } });
  });

  it('refuses a v2 signature unless HUBSPOT_ACCEPT_V2 is on, and accepts it where there is no v3 then', async () => {
    const t = await withSecret();
    const off = await deliver(t, JSON.stringify(flat), { sign: 'v2' });
    expect(off.statusCode).toBe(401);
    expect(off.json()).toMatchObject({
      error: 'invalid_signature',
      message: expect.stringMatching(/HUBSPOT_ACCEPT_V2/),
    });
    const accepting = await withSecret({ HUBSPOT_ACCEPT_V2: 'true' });
    const res = await deliver(accepting, JSON.stringify(flat), { sign: 'v2' });
    expect(res.statusCode).toBe(201);
  });

  it('accepts HUBSPOT_CLIENT_SECRET_PREVIOUS as well during a rotation, and no third secret', async () => {
    const previous = 'previous-secret-1234-5678-90ab-cdef';
    const t = await withSecret({ HUBSPOT_CLIENT_SECRET_PREVIOUS: previous });
    const body = (n: number) => JSON.stringify({ ...flat, conversion_id: `rotation-${n}` });
    expect((await deliver(t, body(1))).statusCode).toBe(201);
    expect((await deliver(t, body(2), { secret: previous })).statusCode).toBe(201);
    const third = await deliver(t, body(3), { secret: 'a-third-secret-0000-0000-0000' });
    expect(third.statusCode).toBe(401);
    expect(third.json()).toMatchObject({ error: 'invalid_signature' });
  });

  it('answers a burst over its limit with 429 and Retry-After in milliseconds, as HubSpot’s workflows read it', async () => {
    const t = await withSecret();
    const answers = [];
    for (let n = 0; n < HUBSPOT_RATE_LIMIT + 2; n++)
      answers.push(
        await deliver(t, JSON.stringify({ ...flat, conversion_id: `burst-${n}` }), {
          remoteAddress: '54.174.62.10',
        }),
      );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(HUBSPOT_RATE_LIMIT);
    const refused = answers.at(-1)!;
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'too_many_requests' });
    // Milliseconds: whole seconds of the minute's window left, times 1000.
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter % 1000).toBe(0);
    expect(retryAfter).toBeGreaterThanOrEqual(1000);
    expect(retryAfter).toBeLessThanOrEqual(60_000);
    // Another address (HubSpot sends from several) is not held back.
    expect(
      (
        await deliver(t, JSON.stringify({ ...flat, conversion_id: 'other' }), {
          remoteAddress: '54.174.62.11',
        })
      ).statusCode,
    ).toBe(201);
  });

  it('signs over PUBLIC_URL and the path and query as sent, with the listed escapes decoded', async () => {
    const t = await withSecret({ PUBLIC_URL: 'https://www.cedarblufflabradors.com' });
    const url = `${PATH}?source=hubspot%3Aworkflow`;
    const at = t.clock.now().getTime();
    const body = JSON.stringify(flat);
    const signedDecoded = signV3(
      SECRET,
      'POST',
      'https://www.cedarblufflabradors.com/api/inquiries/hubspot?source=hubspot:workflow',
      body,
      String(at),
    );
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: {
        host: 'www.cedarblufflabradors.com',
        'content-type': 'application/json',
        [SIGNATURE_V3_HEADER]: signedDecoded,
        [TIMESTAMP_HEADER]: String(at),
      },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses a wrong, missing or old signature with 401, and stores nothing', async () => {
    const t = await withSecret();
    const body = JSON.stringify(flat);
    const now = t.clock.now().getTime();
    const cases = [
      await deliver(t, body, { sign: 'none' }),
      await deliver(t, body, { headers: { [SIGNATURE_V3_HEADER]: 'AAAA' } }),
      await deliver(t, body, { headers: { [TIMESTAMP_HEADER]: String(now + 1) } }),
      await deliver(t, body, { headers: { [TIMESTAMP_HEADER]: 'yesterday' } }),
      // Signed for another query than the one sent.
      await t.app.inject({
        method: 'POST',
        url: `${PATH}?x=2`,
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_V3_HEADER]: signV3(
            SECRET,
            'POST',
            `${t.env.PUBLIC_URL}${PATH}?x=1`,
            body,
            String(now),
          ),
          [TIMESTAMP_HEADER]: String(now),
        },
        payload: body,
      }),
    ];
    for (const res of cases) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: 'invalid_signature' });
    }
    const old = await deliver(t, body, { at: now - 5 * 60_000 - 1 });
    expect(old.statusCode).toBe(401);
    expect(old.json()).toMatchObject({ error: 'stale_delivery' });
    expect(await inquiries(t)).toEqual([]);
  });

  it('answers every bad body with a clear 4xx, never a 5xx', async () => {
    const t = await withSecret();
    const cases: [string, number, RegExp, string?][] = [
      ['{"firstname": ', 400, /not valid UTF-8 JSON/],
      ['[{"eventId":1,"subscriptionType":"contact.creation"}]', 400, /one JSON object/],
      ['"text"', 400, /one JSON object/],
      ['{"properties": {"firstname": [1, 2]}}', 400, /properties/],
      ['{"firstname": {"nested": true}}', 400, /flat body/],
      ['{"how_soon": "June"}', 400, /no contact details/],
      ['{}', 400, /no contact details/],
      ['firstname=Ada', 415, /application\/json/, 'text/plain'],
    ];
    for (const [body, status, reason, contentType] of cases) {
      const res = await deliver(t, body, contentType ? { contentType } : {});
      expect(res.statusCode, body).toBe(status);
      expect(res.json().message, body).toMatch(reason);
    }
    const bad = Buffer.concat([
      Buffer.from('{"firstname":"'),
      Buffer.from([0xff]),
      Buffer.from('"}'),
    ]);
    const notUtf8 = await deliver(t, bad);
    expect(notUtf8.statusCode).toBe(400);
    expect(notUtf8.json().message).toMatch(/UTF-8/);
    const big = await deliver(t, JSON.stringify({ ...flat, note: 'x'.repeat(600 * 1024) }));
    expect(big.statusCode).toBe(413);
  });

  it('does not exist without HUBSPOT_CLIENT_SECRET', async () => {
    const t = await testApp();
    const res = await t.app.inject({
      method: 'POST',
      url: PATH,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(flat),
    });
    expect(res.statusCode).toBe(404);
  });

  it('says once in the log, while it polls, that a body naming no submission will be stored again by the poller', async () => {
    const hubspot = await startHubSpotStandIn();
    onTestFinished(() => hubspot.close());
    const lines: string[] = [];
    const warned = () => lines.filter((l) => l.includes('has no conversion_id'));
    hubspot.open(site.forms.contactFormId);
    hubspot.open(site.forms.questionnaireFormId);
    const t = await withSecret(
      { HUBSPOT_ACCESS_TOKEN: hubspot.token, HUBSPOT_API_URL: hubspot.url, LOG_LEVEL: 'info' },
      lines,
    );
    await t.app.ready();
    // Bodies that name their submission: the poller will recognise it, nothing to say.
    expect((await deliver(t, JSON.stringify(contactObject()))).statusCode).toBe(201);
    const named = { ...flat, conversion_id: 'abc-2', form_id: site.forms.contactFormId };
    expect((await deliver(t, JSON.stringify(named))).statusCode).toBe(201);
    expect(warned()).toEqual([]);
    // A customized body without conversion_id: stored, and said once however many come.
    expect((await deliver(t, JSON.stringify(flat))).statusCode).toBe(201);
    expect((await deliver(t, JSON.stringify({ ...flat, email: 'b@example.net' }))).statusCode).toBe(
      201,
    );
    expect(warned()).toHaveLength(1);
    expect(warned()[0]).toContain('Include all contact properties');
    await t.close();
    // Without polling there is nothing to match it with, and nothing to say.
    lines.length = 0;
    const quiet = await withSecret({ LOG_LEVEL: 'info' }, lines);
    expect((await deliver(quiet, JSON.stringify(flat))).statusCode).toBe(201);
    expect(warned()).toEqual([]);
  });

  it('stores a submission the poller read and the webhook delivered once', async () => {
    const hubspot = await startHubSpotStandIn();
    onTestFinished(() => hubspot.close());
    hubspot.open(site.forms.contactFormId);
    hubspot.open(site.forms.questionnaireFormId);
    const t = await withSecret({
      HUBSPOT_ACCESS_TOKEN: hubspot.token,
      HUBSPOT_API_URL: hubspot.url,
    });
    await t.app.ready();
    await t.services.hubspot!.pollNow();
    const conversionId = 'f1e2d3c4-0000-4000-8000-000000000042';
    expect((await deliver(t, JSON.stringify(contactObject(conversionId)))).statusCode).toBe(201);
    hubspot.submit(site.forms.questionnaireFormId, {
      conversionId,
      submittedAt: t.clock.now().getTime(),
      values: [{ name: 'email', value: 'ada@example.com' }],
    });
    expect((await t.services.hubspot!.pollNow()).added).toBe(0);
    expect(await inquiries(t)).toHaveLength(1);
  });
});
