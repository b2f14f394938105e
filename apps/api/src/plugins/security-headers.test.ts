import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { site } from '@cedar/content';
import { describe, expect, it } from 'vitest';
import { logIn, type TestApp, writeFakeBuild } from '../test/build';
import { tempDir, testApp } from '../test/per-test';

/** Every page but the forms pages, the admin and the not-found page included: our origin alone. */
const EXPECTED_CSP: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'frame-src': ["'none'"],
  'form-action': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
};

/** The two pages that embed a form: the forms provider's hosts (HubSpot, na1), each by name. */
const EXPECTED_FORMS_CSP: Record<string, string[]> = {
  ...EXPECTED_CSP,
  'script-src': ["'self'", 'https://js.hsforms.net'],
  'style-src': ["'self'", "'unsafe-inline'", 'https://js.hsforms.net'],
  'img-src': ["'self'", 'data:', 'https://forms.hsforms.com', 'https://forms-na1.hsforms.com'],
  'connect-src': [
    "'self'",
    'https://forms.hsforms.com',
    'https://forms-na1.hsforms.com',
    'https://api.hsforms.com',
  ],
  'frame-src': ['https://js.hsforms.net', 'https://forms.hsforms.com'],
  'form-action': ["'self'", 'https://forms.hsforms.com'],
};
const FORMS_PAGES = new Set(['forms page', 'other forms page', 'forms page, trailing slash']);
const expectedCsp = (label: string) => (FORMS_PAGES.has(label) ? EXPECTED_FORMS_CSP : EXPECTED_CSP);

function parseCsp(header: unknown): Record<string, string[]> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

async function webApp(env: Record<string, string> = {}) {
  const dist = await tempDir('cedar-dist-');
  await writeFakeBuild(dist, 'v1', ['/', '/puppies', ...site.forms.pages]);
  return testApp({ webDist: dist, env: { BODY_LIMIT: '2kb', ...env } });
}

/** One request for every kind of answer the server gives: pages, files, JSON, errors of each layer. */
async function everyKindOfResponse(a: TestApp): Promise<[string, LightMyRequestResponse][]> {
  const { cookie } = await logIn(a.app);
  // Our own site, as PUBLIC_URL names it: its host, and its origin on calls that change state.
  const site = { host: new URL(a.env.PUBLIC_URL).host, origin: a.env.PUBLIC_URL };
  const calls: [string, InjectOptions][] = [
    ['page', { method: 'GET', url: '/' }],
    ['nested page', { method: 'GET', url: '/puppies' }],
    ['forms page', { method: 'GET', url: '/contact' }],
    ['other forms page', { method: 'GET', url: '/puppy-application' }],
    ['forms page, trailing slash', { method: 'GET', url: '/contact/' }],
    ['404 below a forms page', { method: 'GET', url: '/contact/nope' }],
    ['HEAD page', { method: 'HEAD', url: '/' }],
    ['admin shell', { method: 'GET', url: '/admin/files' }],
    ['asset', { method: 'GET', url: '/assets/app-v1.js' }],
    ['public file', { method: 'GET', url: '/robots.txt' }],
    ['404 page', { method: 'GET', url: '/no-such-page' }],
    ['undecodable page URL', { method: 'GET', url: '/%E0%A4%A' }],
    ['API JSON', { method: 'GET', url: '/api/health' }],
    ['API 404', { method: 'GET', url: '/api/nope' }],
    ['undecodable API URL', { method: 'GET', url: '/api/admin/files/%E0%A4%A' }],
    [
      'overlong API parameter',
      { method: 'GET', url: `/api/admin/files/${'a'.repeat(500)}`, headers: { cookie } },
    ],
    ['401', { method: 'GET', url: '/api/inquiries' }],
    [
      '403',
      {
        method: 'POST',
        url: '/api/auth/login',
        headers: { host: site.host, origin: 'https://evil.example' },
        payload: { username: 'a', password: 'b' },
      },
    ],
    [
      '400',
      {
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{',
      },
    ],
    [
      '413',
      {
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'a', password: 'x'.repeat(4000) },
      },
    ],
    [
      '415',
      {
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'text/xml' },
        payload: '<a/>',
      },
    ],
    ['signed-in JSON', { method: 'GET', url: '/api/inquiries', headers: { cookie } }],
    [
      'file text',
      {
        method: 'GET',
        url: '/api/admin/files/apps%2Fweb%2Fsrc%2Fsections%2Fhero-section.tsx',
        headers: { cookie },
      },
    ],
    ['204', { method: 'POST', url: '/api/auth/logout' }],
  ];
  const out: [string, LightMyRequestResponse][] = [];
  for (const [label, options] of calls) {
    const headers = { ...site, ...(options.headers as Record<string, string>) };
    out.push([label, await a.app.inject({ ...options, headers })]);
  }
  a.services.store.inquiries.list = async () => {
    throw new Error('disk on fire');
  };
  out.push([
    '500',
    await a.app.inject({ method: 'GET', url: '/api/inquiries', headers: { ...site, cookie } }),
  ]);
  return out;
}

describe('security headers', () => {
  it("are on every response: the CSP allows our origin only (and on the forms pages the forms provider's hosts), plus nosniff, Referrer-Policy and no framing", async () => {
    const a = await webApp();
    const responses = await everyKindOfResponse(a);
    // Each kind of answer really happened.
    expect(
      Object.fromEntries(responses.map(([label, res]) => [label, res.statusCode])),
    ).toMatchObject({
      page: 200,
      'forms page': 200,
      'other forms page': 200,
      'forms page, trailing slash': 200,
      '404 below a forms page': 404,
      asset: 200,
      '404 page': 404,
      'undecodable page URL': 404,
      'API 404': 404,
      'undecodable API URL': 404,
      'overlong API parameter': 404,
      '401': 401,
      '403': 403,
      '400': 400,
      '413': 413,
      '415': 415,
      '204': 204,
      '500': 500,
    });
    for (const [label, res] of responses) {
      expect(parseCsp(res.headers['content-security-policy']), label).toEqual(expectedCsp(label));
      expect(res.headers['x-content-type-options'], label).toBe('nosniff');
      expect(res.headers['referrer-policy'], label).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options'], label).toBe('DENY');
      expect(res.headers['cross-origin-opener-policy'], label).toBe('same-origin');
      // Development runs on plain http: no HSTS there.
      expect(res.headers['strict-transport-security'], label).toBeUndefined();
    }
  });

  it('add HSTS for a year and upgrade-insecure-requests in production', async () => {
    const a = await webApp({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://cedarblufflabradors.example',
    });
    const responses = await everyKindOfResponse(a);
    for (const [label, res] of responses) {
      expect(res.headers['strict-transport-security'], label).toBe(
        'max-age=31536000; includeSubDomains',
      );
      const csp = parseCsp(res.headers['content-security-policy']);
      expect(csp, label).toEqual({ ...expectedCsp(label), 'upgrade-insecure-requests': [] });
    }
  });

  it('keep the policy free of anything that would let an injected script run', () => {
    const csp = [...Object.values(EXPECTED_CSP), ...Object.values(EXPECTED_FORMS_CSP)].flat();
    for (const risky of ["'unsafe-eval'", '*', 'http:', 'https:', 'blob:', "'strict-dynamic'"])
      expect(csp).not.toContain(risky);
    expect(EXPECTED_FORMS_CSP['script-src']).not.toContain("'unsafe-inline'");
    expect(EXPECTED_FORMS_CSP['script-src']).not.toContain('data:');
  });

  it('name third-party hosts exactly, on the forms pages only: no wildcard anywhere', async () => {
    const a = await webApp({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://cedarblufflabradors.example',
    });
    const host = 'cedarblufflabradors.example';
    const third = (header: unknown) =>
      Object.entries(parseCsp(header))
        .flatMap(([, values]) => values)
        .filter((v) => v.includes('://') || v.includes('*'));
    for (const route of site.forms.pages) {
      const hosts = third(
        (await a.app.inject({ url: route, headers: { host } })).headers['content-security-policy'],
      );
      expect(hosts.length, route).toBeGreaterThan(0);
      for (const h of hosts) expect(h, route).toMatch(/^https:\/\/[a-z0-9-]+(\.[a-z0-9-]+)+$/);
    }
    for (const url of ['/', '/puppies', '/admin', '/admin/login', '/no-such-page', '/robots.txt'])
      expect(
        third((await a.app.inject({ url, headers: { host } })).headers['content-security-policy']),
        url,
      ).toEqual([]);
  });
});
