import { randomUUID } from 'node:crypto';
// Property-based: hostile input of every kind against every route of the contract, signed in and
// not. Whatever comes in, the answer is never a 5xx, never a stack trace or a server path, always
// the contract's error shape for a 4xx, and nothing outside the seven section files is read or
// written.
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  API_ROUTES,
  EDITABLE_FILES,
  LITTERS_FILE,
  LITTER_UPLOADS_DIR,
  errorResponseSchema,
  fileUrl,
  revisionPathSchema,
} from '@cedar/api-contract';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEV_WEBHOOK_SECRET } from './env';
import { webhookHeaders } from './inquiries/inquiry-routes';
import { buildLoggedIn, type LoggedIn, type TestApp, writeFakeBuild } from './test/build';
import { ADA, HERO, saveHero } from './test/per-test';
import { treeHashes } from './test/files';
import { WEBHOOK_SECRET } from './test/deposits';
import { startStripeStandIn, STRIPE_TEST_KEY, type StripeStandIn } from './test/stripe-stand-in';
import Stripe from 'stripe';

const BODY_LIMIT = 16 * 1024;
const RUNS = Number(process.env.HOSTILE_RUNS ?? 400);
const SECRET = 'TOP-SECRET-outside-the-section-files-5d1f';
const HERO_SOURCE = `export function HeroSection() {\n  return <h1>Cedar Bluff Labradors</h1>;\n}\n`;

let a: TestApp & LoggedIn;
let port: number;
let outer: string;
let webDist: string;
let revisionId: string;
let before: Record<string, string>;
let inputs = 0;
const statuses = new Map<number, number>();
const touched = new Set<string>();
let recording = false;

/** Records every path the server hands to fs, so the test can prove where it read and wrote. */
function watchFs() {
  const record = (p: unknown) => {
    if (recording && (typeof p === 'string' || Buffer.isBuffer(p) || p instanceof URL))
      touched.add(path.resolve(p instanceof URL ? p.pathname : String(p)));
  };
  const wrap = (target: object, names: string[]) => {
    for (const name of names) {
      const original = (target as Record<string, (...args: unknown[]) => unknown>)[name]!;
      vi.spyOn(target as Record<string, (...args: unknown[]) => unknown>, name).mockImplementation(
        function (this: unknown, ...args: unknown[]) {
          record(args[0]);
          if (name === 'rename' || name === 'renameSync' || name === 'copyFile') record(args[1]);
          return original.apply(this, args);
        },
      );
    }
  };
  wrap(fs, [
    'readFile',
    'writeFile',
    'open',
    'stat',
    'lstat',
    'rename',
    'rm',
    'unlink',
    'mkdir',
    'readdir',
    'appendFile',
    'copyFile',
    'realpath',
  ]);
  wrap(fsSync, [
    'readFileSync',
    'writeFileSync',
    'statSync',
    'lstatSync',
    'openSync',
    'existsSync',
    'readdirSync',
    'stat',
    'lstat',
    'open',
    'createReadStream',
    'realpathSync',
  ]);
}

let stripe: StripeStandIn;
const stripeSigner = new Stripe(STRIPE_TEST_KEY);

beforeAll(async () => {
  // <outer>/dist is the web build; <outer>/secret.txt, <repo>/secret.txt and <repo>/package.json sit
  // just outside what may be served or edited.
  outer = await fs.mkdtemp(path.join(os.tmpdir(), 'cedar-hostile-'));
  webDist = path.join(outer, 'dist');
  await writeFakeBuild(webDist, 'v1');
  await fs.writeFile(path.join(outer, 'secret.txt'), SECRET);
  // Card payments on (issue 40), against a stand-in of Stripe's API: nothing reaches Stripe.
  stripe = await startStripeStandIn();
  a = await buildLoggedIn({
    webDist,
    env: {
      BODY_LIMIT: `${BODY_LIMIT}b`,
      STRIPE_SECRET_KEY: STRIPE_TEST_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    },
    stripeApi: stripe.api,
  });
  await fs.writeFile(path.join(a.repoRoot, 'secret.txt'), SECRET);
  await fs.writeFile(path.join(a.repoRoot, '.env'), `ADMIN_PASSWORD=${SECRET}\n`);
  const saved = await saveHero(a, HERO_SOURCE);
  revisionId = saved.json<{ revision: { id: string } }>().revision.id;
  await a.app.listen({ port: 0, host: '127.0.0.1' });
  port = (a.app.server.address() as net.AddressInfo).port;
  before = await treeHashes(a.repoRoot);
  watchFs();
  recording = true;
}, 30_000);

afterAll(async () => {
  await stripe?.close();
  vi.restoreAllMocks();
  console.log(
    `hostile input: ${inputs} inputs tried; answers by status: ${[...statuses]
      .sort(([x], [y]) => x - y)
      .map(([s, n]) => `${s}×${n}`)
      .join(', ')}`,
  );
  await a?.close();
  await fs.rm(outer, { recursive: true, force: true });
});

const STACK_FRAME = /\bat (?:async )?\S+ \(?(?:file:|node:|\/)|\.(?:ts|js|mjs):\d+:\d+/;

interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

/** Checks one answer against every promise of the contract. */
function check(method: string, url: string, res: Answer) {
  inputs += 1;
  statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
  const label = `${method} ${url.slice(0, 200)} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, label).toBeGreaterThanOrEqual(200);
  expect(res.statusCode, label).toBeLessThan(500);
  for (const leak of [
    STACK_FRAME,
    SECRET,
    a.repoRoot,
    a.dataDir,
    outer,
    os.tmpdir(),
    'node_modules',
    'scrypt$',
  ]) {
    // The 404 message names the address asked for; only what the request did not carry is a leak.
    if (typeof leak === 'string')
      expect(res.body.includes(leak) && !url.includes(leak), `${label} leaks ${leak}`).toBe(false);
    else expect(res.body, label).not.toMatch(leak);
  }
  if (
    res.statusCode >= 400 &&
    method !== 'HEAD' &&
    (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?'))
  ) {
    expect(String(res.headers['content-type']), label).toMatch(/^application\/json/);
    expect(errorResponseSchema.safeParse(JSON.parse(res.body)).success, label).toBe(true);
  }
}

/** Our own pages' Origin (PUBLIC_URL's default on a loopback start). */
const ORIGIN = 'http://localhost:3000';
let addresses = 0;
/** A fresh client address (10.x.y.z), so per-address limits do not mask what a property tests. */
const nextAddress = () => {
  const n = ++addresses;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

async function send(options: InjectOptions) {
  const res = await a.app.inject(options);
  check(String(options.method), String(options.url), res);
  return res;
}

/** One request over a real socket, its target sent byte for byte as given (inject would normalise it). */
function raw(
  method: string,
  target: string,
  headers: Record<string, string>,
  body = '',
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const split = text.indexOf('\r\n\r\n');
      const head = text.slice(0, split).split('\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head[0] ?? '')?.[1] ?? 0);
      const out: Answer['headers'] = {};
      for (const line of head.slice(1)) {
        const colon = line.indexOf(':');
        out[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      let rest = Buffer.from(text.slice(split + 4), 'latin1');
      if (out['transfer-encoding'] === 'chunked') {
        const parts: Buffer[] = [];
        for (;;) {
          const eol = rest.indexOf('\r\n');
          const size = Number.parseInt(rest.subarray(0, eol).toString(), 16);
          if (!size) break;
          parts.push(rest.subarray(eol + 2, eol + 2 + size));
          rest = rest.subarray(eol + 4 + size);
        }
        rest = Buffer.concat(parts);
      }
      resolve({ statusCode: status, headers: out, body: rest.toString('utf8') });
    });
    const lines = [
      `${method} ${target} HTTP/1.1`,
      `Host: 127.0.0.1:${port}`,
      'Connection: close',
      `Content-Length: ${Buffer.byteLength(body)}`,
    ];
    for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
    // Not end(): a half-closed socket may lose a slow answer; 'Connection: close' ends it after.
    socket.write(Buffer.from(`${lines.join('\r\n')}\r\n\r\n${body}`, 'latin1'));
  });
}

// ---- generators -------------------------------------------------------------------------------

const FIELDS = [
  'username',
  'password',
  'firstName',
  'lastName',
  'email',
  'phone',
  'preferredColor',
  'message',
  'submittedAt',
  'role',
  'admin',
  'id',
  'path',
  'content',
  'token',
];
const operator = fc.dictionary(
  fc.constantFrom(
    '$gt',
    '$gte',
    '$ne',
    '$in',
    '$nin',
    '$regex',
    '$where',
    '$exists',
    '$expr',
    '$or',
    '$set',
  ),
  fc.oneof(fc.constant(''), fc.constant(null), fc.constant([]), fc.jsonValue({ maxDepth: 2 })),
  { minKeys: 1, maxKeys: 2 },
);
const fieldValue = fc.oneof(
  operator,
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(
    'a'.repeat(101),
    'x'.repeat(5000),
    '../../package.json',
    '\u0000',
    'a@b.c',
    '2026-01-01T00:00:00Z',
  ),
);
/** Objects shaped like our bodies, with operators, wrong types and extra fields in any field. */
const hostileObject = fc
  .dictionary(fc.constantFrom(...FIELDS), fieldValue, { maxKeys: 8 })
  .map((o) => JSON.stringify(o));
const deep = fc
  .tuple(fc.constantFrom('[', '{"a":'), fc.integer({ min: 50, max: 3000 }))
  .map(([open, depth]) => open.repeat(depth) + '1' + (open === '[' ? ']' : '}').repeat(depth));
const huge = fc
  .integer({ min: 1000, max: BODY_LIMIT * 3 })
  .map((n) => JSON.stringify({ username: 'x'.repeat(n), password: 'y' }));
const invalidUtf8 = fc
  .uint8Array({ minLength: 1, maxLength: 32 })
  .map((bytes) =>
    Buffer.concat([
      Buffer.from('{"username":"'),
      Buffer.from(bytes.map((b) => b | 0x80)),
      Buffer.from('","password":"x"}'),
    ]),
  );
const protoPollution = fc.constantFrom(
  '{"__proto__":{"admin":true},"username":"owner","password":"x"}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '{"username":"owner","password":"x","__proto__":null}',
);
const malformed = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc
    .json()
    .chain((j) => fc.integer({ min: 0, max: Math.max(0, j.length - 1) }).map((n) => j.slice(0, n))),
  fc.constantFrom(
    '',
    '{',
    '}',
    '[',
    'null',
    'true',
    '"',
    '{"a":1,}',
    '{a:1}',
    "{'a':1}",
    'NaN',
    '1e999999',
    '\uFEFF{}',
  ),
);
const overLimit = fc
  .integer({ min: BODY_LIMIT + 1, max: BODY_LIMIT * 4 })
  .map((n) => Buffer.alloc(n, 0x61));
const SUBMISSION = { ...ADA, message: 'Hi' };
/** A real submission or login with one field made hostile, so the checks past the first are reached. */
const nearValid = fc.oneof(
  fc
    .tuple(fc.constantFrom(...Object.keys(SUBMISSION)), fieldValue)
    .map(([k, v]) => JSON.stringify({ ...SUBMISSION, [k]: v })),
  fc
    .tuple(fc.constantFrom('username', 'password'), fieldValue)
    .map(([k, v]) => JSON.stringify({ username: 'owner', password: 'x', [k]: v })),
  fc
    .tuple(fc.constantFrom(...FIELDS), fieldValue)
    .map(([k, v]) => JSON.stringify({ ...SUBMISSION, [k]: v })),
  fc
    .uint8Array({ minLength: 1, maxLength: 8 })
    .map((bytes) =>
      Buffer.concat([
        Buffer.from(JSON.stringify(SUBMISSION).slice(0, -6)),
        Buffer.from(bytes.map((b) => b | 0x80)),
        Buffer.from('"}'),
      ]),
    ),
);
const body = fc.oneof(
  { arbitrary: nearValid, weight: 3 },
  hostileObject,
  fc.json(),
  malformed,
  deep,
  huge,
  invalidUtf8,
  protoPollution,
  overLimit,
);

const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json; charset=utf-16',
  'text/plain',
  'text/plain; charset=latin1',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/octet-stream',
  '',
  undefined,
);

let token = '';
/** A live session for the signed-in variants (the fuzzed logouts end it now and then). */
async function session() {
  if (!token || !(await a.services.sessions.check(token)))
    token = (await a.services.sessions.start('owner')).token;
  return { cookie: `cb_session=${token}`, bearer: { authorization: `Bearer ${token}` } };
}

const auth = fc.constantFrom('none', 'cookie', 'bearer', 'forged', 'junk');
const authHeaders = async (kind: string): Promise<Record<string, string>> => {
  switch (kind) {
    case 'cookie':
      return { cookie: (await session()).cookie };
    case 'bearer':
      return (await session()).bearer;
    case 'forged':
      return { cookie: `cb_session=${'A'.repeat(43)}` };
    case 'junk':
      return {
        authorization: 'Bearer {"$ne":null}',
        cookie: 'cb_session[$ne]=1; cb_session=../../x',
      };
    default:
      return {};
  }
};

const DOTS = [
  '..',
  '%2e%2e',
  '%2E%2E',
  '.%2e',
  '%252e%252e',
  '%c0%ae%c0%ae',
  '%e0%80%ae%e0%80%ae',
  '%uff0e%uff0e',
  '..%00',
  '\uff0e\uff0e',
  '...',
  '.',
];
const SLASHES = [
  '/',
  '%2f',
  '%2F',
  '%252f',
  '\\',
  '%5c',
  '%5C',
  '%c0%af',
  '%e0%80%af',
  '//',
  '%00/',
];
const TARGETS = [
  'package.json',
  'secret.txt',
  '.env',
  'etc/passwd',
  'data/admins.db',
  'admins.db',
  'store.lock',
  `${path.basename(os.tmpdir())}`,
  HERO,
  encodeURIComponent(HERO),
  'apps/web/src/sections/hero-section.tsx%00.txt',
  'index.html',
  '404.html',
];
/** A path that climbs out in one of many encodings, ending at something we must not serve. */
const traversal = fc
  .tuple(
    fc.array(fc.tuple(fc.constantFrom(...DOTS), fc.constantFrom(...SLASHES)), {
      minLength: 1,
      maxLength: 6,
    }),
    fc.constantFrom(...TARGETS),
  )
  .map(([steps, target]) => steps.map(([d, s]) => d + s).join('') + target);
const pathParam = fc.oneof(
  fc.constant(encodeURIComponent(HERO)),
  traversal,
  fc.string({ maxLength: 80 }).map(encodeURIComponent),
  fc.string({ maxLength: 20 }),
);

const ROUTES = Object.values(API_ROUTES);

// ---- properties ---------------------------------------------------------------------------------

describe('hostile input', { timeout: 120_000 }, () => {
  it('any body, content type and session on every route of the contract', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        body,
        contentType,
        auth,
        fc.boolean(),
        fc.boolean(),
        async (route, payload, type, who, signed, foreign) => {
          const url = route.path
            .replace(':path', encodeURIComponent(HERO))
            .replace(':id', revisionId)
            .replace(':entryId', 'e0000000000000001');
          const headers: Record<string, string> = { ...(await authHeaders(who)) };
          if (type !== undefined) headers['content-type'] = type;
          if (signed)
            Object.assign(
              headers,
              webhookHeaders(DEV_WEBHOOK_SECRET, payload, { id: randomUUID() }),
            );
          headers.origin = foreign ? 'https://evil.example' : ORIGIN;
          await send({ method: route.method, url, headers, payload, remoteAddress: nextAddress() });
        },
      ),
      { numRuns: RUNS * 4 },
    );
  });

  it("any body to Stripe's webhook, signed with its secret or not: a 2xx or 4xx, no deposit from nothing", async () => {
    await fc.assert(
      fc.asyncProperty(body, contentType, fc.boolean(), async (payload, type, signed) => {
        const headers: Record<string, string> = {};
        if (type !== undefined) headers['content-type'] = type;
        if (signed && (typeof payload === 'string' || Buffer.isBuffer(payload)))
          headers['stripe-signature'] = stripeSigner.webhooks.generateTestHeaderString({
            payload: String(payload),
            secret: WEBHOOK_SECRET,
            timestamp: Math.floor(a.clock.now().getTime() / 1000),
          });
        const res = await send({
          method: 'POST',
          url: API_ROUTES.stripeWebhook.path,
          headers,
          payload,
          remoteAddress: nextAddress(),
        });
        expect(res.statusCode).toBeLessThan(500);
      }),
      { numRuns: RUNS },
    );
    expect(await a.services.store.deposits.list()).toEqual([]);
    expect(stripe.requests).toEqual([]);
  });

  it('signed webhook submissions are stored exactly as sent, or refused with 400 and nothing stored', async () => {
    await fc.assert(
      fc.asyncProperty(
        nearValid,
        fc.constantFrom('application/json', 'application/json; charset=utf-8'),
        async (payload, type) => {
          const count = await a.services.store.inquiries.count();
          const res = await send({
            method: 'POST',
            url: API_ROUTES.inquiryWebhook.path,
            // Another address each time: this is about the payloads, not the webhook's rate limit.
            remoteAddress: nextAddress(),
            headers: {
              'content-type': type,
              ...webhookHeaders(DEV_WEBHOOK_SECRET, payload, { id: randomUUID() }),
            },
            payload,
          });
          expect([200, 201, 400]).toContain(res.statusCode);
          if (res.statusCode === 400) {
            expect(await a.services.store.inquiries.count()).toBe(count);
            return;
          }
          // The same body again (fast-check repeats some) within 10 minutes is a repeat: nothing
          // is added, and the answer names the inquiry it made the first time.
          if (res.statusCode === 200) expect(await a.services.store.inquiries.count()).toBe(count);
          const sent = JSON.parse(String(payload)) as Record<string, string>;
          const stored = (await a.services.store.inquiries.list()).find(
            (i) => i.id === res.json<{ id: string }>().id,
          );
          for (const [field, value] of Object.entries(sent)) {
            if (field !== 'submittedAt' && value.trim() !== '')
              expect(stored?.[field as keyof typeof stored]).toBe(value.trim());
          }
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('any file content, If-Match and content type on the file editor', async () => {
    const content = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc.constantFrom(
        HERO_SOURCE,
        HERO_SOURCE.replace('HeroSection', 'Hero'),
        'export function HeroSection() { return <h1>{process.env.ADMIN_PASSWORD}</h1>; }\n',
        "import fs from 'node:fs';\nexport function HeroSection() { return fs.readFileSync('/etc/passwd'); }\n",
        `export function HeroSection() {\n  return <h1>${'x'.repeat(300_000)}</h1>;\n}\n`,
      ),
      fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b)),
    );
    const ifMatch = fc.option(
      fc.oneof(
        fc.string({ maxLength: 80 }),
        fc.constantFrom('*', 'W/"x"', '"', ',,,', '"' + 'a'.repeat(64) + '"'),
      ),
      { nil: undefined },
    );
    await fc.assert(
      fc.asyncProperty(
        content,
        ifMatch,
        fc.oneof(fc.constant('text/plain; charset=utf-8'), contentType),
        fc.constantFrom(...EDITABLE_FILES.map((f) => f.path)),
        async (payload, match, type, file) => {
          const headers: Record<string, string> = { cookie: (await session()).cookie };
          if (type !== undefined) headers['content-type'] = type;
          if (match !== undefined) headers['if-match'] = match;
          await send({ method: 'PUT', url: fileUrl(file), headers, payload });
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('path traversal in every encoding, on the API and on the site', async () => {
    const prefix = fc.constantFrom(
      '/api/admin/files/',
      '/api/admin/revisions/',
      '/',
      '/assets/',
      '/images/',
      '/api/',
    );
    await fc.assert(
      fc.asyncProperty(
        prefix,
        pathParam,
        fc.constantFrom('GET', 'HEAD', 'PUT', 'POST'),
        auth,
        async (start, param, method, who) => {
          const url =
            start +
            param +
            (start === '/api/admin/revisions/' && method === 'POST'
              ? `/${revisionId}/restore`
              : '');
          const hasBody = method === 'PUT' || method === 'POST';
          const res = await raw(
            method,
            url,
            { ...(await authHeaders(who)), 'content-type': 'text/plain' },
            hasBody ? HERO_SOURCE : '',
          );
          check(method, url, res);
          // The only file these may reach is a section file, by its one exact, encoded name.
          if (res.statusCode === 200 && url.startsWith('/api/admin/files/'))
            expect(param).toBe(encodeURIComponent(HERO));
        },
      ),
      { numRuns: RUNS * 2 },
    );
  });

  it('any header, query string and revision id', async () => {
    const header = fc.dictionary(
      fc.constantFrom(
        'if-match',
        'origin',
        'host',
        'x-forwarded-for',
        'accept',
        'accept-encoding',
        'range',
        'authorization',
        'cookie',
        'x-webhook-signature',
        'content-length',
      ),
      fc.oneof(
        fc.string({ maxLength: 60 }),
        fc.constantFrom(
          'null',
          'bytes=0-999999999',
          'bytes=-1',
          '*/*',
          'br;q=2',
          'sha256=zz',
          '0',
          '-1',
        ),
      ),
      { maxKeys: 4 },
    );
    const query = fc.oneof(
      fc.constant(''),
      fc.string({ maxLength: 60 }).map((q) => `?${q}`),
      fc.constantFrom(
        '?username[$ne]=x',
        '?a[__proto__][b]=1',
        '?path=../../package.json',
        `?${'a=1&'.repeat(2000)}`,
      ),
    );
    const id = fc.oneof(
      fc.constant(revisionId),
      fc.string({ maxLength: 80 }).map(encodeURIComponent),
      fc.constantFrom('..%2F..%2Fadmins', '%24gt', 'a'.repeat(65)),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        header,
        query,
        id,
        async (route, headers, q, rid) => {
          const url = route.path.replace(':path', encodeURIComponent(HERO)).replace(':id', rid) + q;
          const cleaned = Object.fromEntries(
            Object.entries(headers).filter(
              ([k, v]) => !(k === 'content-length' && !/^\d+$/.test(v)),
            ),
          );
          await send({
            method: route.method,
            url,
            headers: { cookie: (await session()).cookie, ...cleaned },
            payload: route.method === 'GET' ? undefined : '{}',
          });
        },
      ),
      { numRuns: RUNS * 2 },
    );
  });

  it('left every file outside the files the owner edits as it was, and touched nothing else', async () => {
    recording = false;
    const after = await treeHashes(a.repoRoot);
    const sections = new Set<string>(revisionPathSchema.options);
    const outside = (hashes: Record<string, string>) =>
      Object.fromEntries(Object.entries(hashes).filter(([file]) => !sections.has(file as never)));
    expect(outside(after)).toEqual(outside(before));

    const sectionsDir = path.join(a.repoRoot, 'apps/web/src/sections');
    const littersFile = path.join(a.repoRoot, LITTERS_FILE);
    const uploadsDir = path.join(a.repoRoot, LITTER_UPLOADS_DIR);
    const allowed = (p: string) =>
      p.startsWith(a.dataDir + path.sep) ||
      p === a.dataDir ||
      p.startsWith(webDist + path.sep) ||
      p === webDist ||
      p === sectionsDir ||
      revisionPathSchema.options.some((f) => p === path.join(a.repoRoot, f)) ||
      // writeFileAtomic's temp file beside its target
      ([sectionsDir, path.dirname(littersFile)].includes(path.dirname(p)) &&
        /^\.[a-z-]+\.(tsx|json)\.[0-9a-f]{12}\.tmp$/.test(path.basename(p))) ||
      // uploaded photos, under names the server chose
      p === uploadsDir ||
      p.startsWith(uploadsDir + path.sep) ||
      // the code and packages of the server itself (lazy loads)
      p.includes(`${path.sep}node_modules${path.sep}`) ||
      p.startsWith(path.resolve(import.meta.dirname, '../../..') + path.sep);
    const strays = [...touched].filter((p) => !allowed(p));
    expect(strays, `touched: ${[...touched].join(', ')}`).toEqual([]);
    expect(touched.has(path.join(a.repoRoot, HERO))).toBe(true);
  });
});
