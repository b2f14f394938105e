import { randomUUID } from 'node:crypto';
// Load: concurrent mixed traffic over loopback against the real server (listening, not inject),
// bounded to a few seconds so that it runs with every `npm test`. The longer run with latency
// percentiles and memory is the benchmark's (bench/).
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { API_ROUTES, fileUrl } from '@cedar/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_WEBHOOK_SECRET } from './env';
import { webhookHeaders } from './inquiries/inquiry-routes';
import { buildLoggedIn, type LoggedIn, OWNER, type TestApp, writeFakeBuild } from './test/build';
import { HERO } from './test/per-test';

const REQUESTS = Number(process.env.LOAD_REQUESTS ?? 2000);
const CONCURRENCY = 50;

let a: TestApp & LoggedIn;
let dist: string;
let base: string;

beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'cedar-load-dist-'));
  await writeFakeBuild(dist, 'v1', ['/', '/puppies', '/contact', '/breeding-dogs']);
  // An entry script of a realistic size.
  await fs.writeFile(
    path.join(dist, 'assets', 'index-big.js'),
    `export const data = ${JSON.stringify('x'.repeat(120_000))};\n`,
  );
  a = await buildLoggedIn({ webDist: dist });
  await a.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(a.app.server.address() as AddressInfo).port}`;
}, 30_000);

afterAll(async () => {
  await a?.close();
  await fs.rm(dist, { recursive: true, force: true });
});

interface Kind {
  name: string;
  weight: number;
  request: (i: number) => { path: string; init?: RequestInit };
  /** The statuses this kind may answer; anything else counts as an error. */
  ok: number[];
}

const submission = (i: number) =>
  JSON.stringify({
    firstName: `Load${i}`,
    lastName: 'Tester',
    email: `load${i}@example.com`,
    phone: '518-555-0100',
    preferredColor: 'yellow',
    message: `Inquiry number ${i}`,
  });

const KINDS: Kind[] = [
  {
    name: 'page',
    weight: 34,
    request: (i) => ({ path: ['/', '/puppies', '/contact', '/breeding-dogs'][i % 4]! }),
    ok: [200],
  },
  { name: 'missing page', weight: 4, request: () => ({ path: '/no-such-page' }), ok: [404] },
  {
    name: 'asset',
    weight: 28,
    request: (i) => ({ path: i % 2 ? '/assets/index-big.js' : '/robots.txt' }),
    ok: [200],
  },
  { name: 'health', weight: 6, request: () => ({ path: API_ROUTES.health.path }), ok: [200] },
  {
    name: 'login',
    weight: 1,
    request: () => ({
      path: API_ROUTES.login.path,
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: JSON.stringify(OWNER),
      },
    }),
    // 429 once the failed logins below pass the address's limit: it holds for every username.
    ok: [200, 429],
  },
  {
    name: 'failed login',
    weight: 1,
    request: (i) => ({
      path: API_ROUTES.login.path,
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: JSON.stringify({ username: 'intruder', password: `guess-${i}` }),
      },
    }),
    ok: [401, 429],
  },
  {
    name: 'inquiries',
    weight: 10,
    request: () => ({ path: API_ROUTES.inquiries.path, init: { headers: { ...a.headers } } }),
    ok: [200],
  },
  {
    name: 'webhook',
    weight: 8,
    request: (i) => {
      const body = submission(i);
      return {
        path: API_ROUTES.inquiryWebhook.path,
        init: {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...webhookHeaders(DEV_WEBHOOK_SECRET, body, { id: randomUUID() }),
          },
          body,
        },
      };
    },
    // 429 beyond the webhook's rate limit for one address; only a 201 is acknowledged.
    ok: [201, 429],
  },
  {
    name: 'file read',
    weight: 6,
    request: () => ({ path: fileUrl(HERO), init: { headers: { ...a.headers } } }),
    ok: [200],
  },
];

/** Spreads the kinds over the requests by weight, interleaved. */
function plan(total: number): Kind[] {
  const weights = KINDS.reduce((sum, k) => sum + k.weight, 0);
  const out: Kind[] = [];
  for (let i = 0; i < total; i++) {
    let slot = (i * 37) % weights;
    out.push(KINDS.find((k) => (slot -= k.weight) < 0)!);
  }
  return out;
}

describe('load', () => {
  it(
    `answers ${REQUESTS} concurrent mixed requests with no error and no 5xx, and keeps every inquiry it acknowledged`,
    { timeout: 60_000 },
    async () => {
      const kinds = plan(REQUESTS);
      const byKind = new Map<string, number>();
      const errors: string[] = [];
      const latencies: number[] = [];
      const acknowledged: string[] = [];
      let serverErrors = 0;
      let next = 0;

      const worker = async () => {
        while (next < kinds.length) {
          const i = next++;
          const kind = kinds[i]!;
          const { path: url, init } = kind.request(i);
          const started = performance.now();
          try {
            const res = await fetch(base + url, init);
            const text = await res.text();
            latencies.push(performance.now() - started);
            byKind.set(kind.name, (byKind.get(kind.name) ?? 0) + 1);
            if (res.status >= 500) serverErrors += 1;
            if (!kind.ok.includes(res.status))
              errors.push(`${kind.name} ${url}: ${res.status} ${text.slice(0, 120)}`);
            else if (kind.name === 'webhook' && res.status === 201)
              acknowledged.push((JSON.parse(text) as { id: string }).id);
          } catch (error) {
            errors.push(`${kind.name} ${url}: ${(error as Error).message}`);
          }
        }
      };

      const started = performance.now();
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      const seconds = (performance.now() - started) / 1000;
      latencies.sort((x, y) => x - y);
      const pct = (p: number) =>
        latencies[
          Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))
        ]!.toFixed(1);
      console.log(
        `load: ${REQUESTS} requests, ${CONCURRENCY} at a time, in ${seconds.toFixed(1)} s (${Math.round(REQUESTS / seconds)} req/s); ` +
          `${errors.length} errors, ${serverErrors} 5xx; p50 ${pct(50)} ms, p99 ${pct(99)} ms; ` +
          [...byKind].map(([k, n]) => `${k} ${n}`).join(', '),
      );

      expect(errors).toEqual([]);
      expect(serverErrors).toBe(0);
      expect(latencies).toHaveLength(REQUESTS);
      const stored = new Set((await a.services.store.inquiries.list()).map((i) => i.id));
      expect(acknowledged.length).toBeGreaterThan(0);
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    },
  );
});
