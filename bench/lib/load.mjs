// HTTP load with autocannon, from this process against the bench server on the loopback address.
import { createRequire } from 'node:module';
import autocannon from 'autocannon';

// autocannon 9 keeps every response body by appending each chunk to a string
// (lib/pipelinedRequestsQueue.js, `req.body += data`), which decodes it as UTF-8. For a brotli body
// that is random-looking bytes, V8 leaves its fast path: about 350 µs per 14 KB page on this CPU,
// more than the server spends answering it, so the load generator and not the server set the
// page's req/s (1,962 req/s br vs 4,334 req/s for the 8x larger uncompressed page, measured).
// The benchmark never checks bodies (no expectBody, verifyBody or onResponse), so it drops them
// and keeps the byte count autocannon takes separately for MB/s.
const PipelinedRequestsQueue = createRequire(import.meta.url)(
  'autocannon/lib/pipelinedRequestsQueue.js',
);
if (typeof PipelinedRequestsQueue.prototype.addBody !== 'function')
  throw new Error(
    'autocannon changed: PipelinedRequestsQueue.addBody is gone; revisit bench/lib/load.mjs',
  );
PipelinedRequestsQueue.prototype.addBody = function discardBody() {};

// What a browser sends: the server may answer compressed, as it would to a visitor.
const BROWSER_HEADERS = { 'accept-encoding': 'br, gzip', accept: '*/*' };

function cannon(opts) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(opts, (error, result) => (error ? reject(error) : resolve(result)));
    opts.onInstance?.(instance);
  });
}

const latency = (l) => ({
  p50: l.p50,
  p90: l.p90,
  p99: l.p99,
  max: l.max,
  mean: Number(l.average.toFixed(2)),
});

function summary(result) {
  return {
    rps: Math.round(result.requests.average),
    requests: result.requests.total,
    latencyMs: latency(result.latency),
    bytesPerSecond: Math.round(result.throughput.average),
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([k, v]) => [k, Number(v.count)]),
    ),
  };
}

/**
 * The side-by-side targets, measured in interleaved rounds (baseline, page, asset, API, baseline,
 * page, ...) so that a busy spell on a shared machine hits every target alike instead of one.
 * req/s is the total over the rounds; p50 is the mean of the rounds' medians, p99 the worst round's.
 */
export async function runTargets({ baseUrl, targets, rounds, secondsPerRound, connections, log }) {
  const runs = new Map(targets.map((t) => [t.name, []]));
  // Measuring the speed of an error page would be meaningless: each target must answer 2xx first.
  targets = await Promise.all(
    targets.map(async (target) => {
      if (target.skip) return target;
      const response = await fetch(new URL(target.path, baseUrl), {
        headers: { ...BROWSER_HEADERS, ...target.headers },
      });
      await response.arrayBuffer();
      return response.ok ? target : { ...target, skip: `it answers ${response.status}` };
    }),
  );
  // One discarded pass over every target first: round 1 otherwise pays for JIT warm-up on both
  // sides (server and load generator) and comes out far slower than the rest.
  for (const target of targets.filter((t) => !t.skip)) {
    await cannon({
      url: new URL(target.path, baseUrl).href,
      connections,
      duration: 2,
      headers: { ...BROWSER_HEADERS, ...target.headers },
    });
  }
  const cpuNow = async () => {
    const usage = await (await fetch(new URL('/__bench/cpu', baseUrl))).json();
    return usage.user + usage.system;
  };
  for (let round = 1; round <= rounds; round++) {
    for (const target of targets) {
      if (target.skip) continue;
      const url = new URL(target.path, baseUrl).href;
      const headers = { ...BROWSER_HEADERS, ...target.headers };
      // A second of warm-up (new connections), then the measured run between two readings of the
      // server's CPU time.
      await cannon({ url, connections, duration: 1, headers });
      const cpuAtStart = await cpuNow();
      const result = await cannon({ url, connections, duration: secondsPerRound, headers });
      result.serverCpuUs = (await cpuNow()) - cpuAtStart;
      runs.get(target.name).push(result);
      log(
        `  round ${round}/${rounds} ${target.name}: ${Math.round(result.requests.average)} req/s`,
      );
    }
  }
  const rows = targets.map((target) => {
    if (target.skip) {
      log(`  ${target.name}: skipped, ${target.skip}`);
      return { name: target.name, path: target.path, skipped: target.skip };
    }
    const results = runs.get(target.name);
    const sum = (f) => results.reduce((n, r) => n + f(r), 0);
    const seconds = sum((r) => r.duration);
    return {
      name: target.name,
      path: target.path,
      rps: Math.round(sum((r) => r.requests.total) / seconds),
      perRoundRps: results.map((r) => Math.round(r.requests.average)),
      requests: sum((r) => r.requests.total),
      latencyMs: {
        p50: round1(sum((r) => r.latency.p50) / results.length),
        p99: Math.max(...results.map((r) => r.latency.p99)),
        max: Math.max(...results.map((r) => r.latency.max)),
      },
      bytesPerSecond: Math.round(sum((r) => r.throughput.total) / seconds),
      // The server's own CPU time per answered request (user + system, µs), and how many requests
      // one core would answer at that cost: the load generator's cost is not in these.
      serverCpuUsPerRequest: round1(sum((r) => r.serverCpuUs) / sum((r) => r.requests.total)),
      serverCoreRps: Math.round((sum((r) => r.requests.total) * 1e6) / sum((r) => r.serverCpuUs)),
      errors: sum((r) => r.errors),
      timeouts: sum((r) => r.timeouts),
      non2xx: sum((r) => r.non2xx),
    };
  });
  const baselineRps = rows[0].rps;
  for (const row of rows)
    if (row.rps !== undefined) {
      row.ratioToBaseline = Number((row.rps / baselineRps).toFixed(3));
      row.coreRpsRatioToBaseline = Number((row.serverCoreRps / rows[0].serverCoreRps).toFixed(3));
    }
  return { baselineRps, rows };
}

const round1 = (n) => (n === null || n === undefined ? null : Math.round(n * 10) / 10);
const percentile = (sorted, p) =>
  sorted.length === 0
    ? null
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/**
 * Mixed traffic: each connection loops over a shuffled sequence of public pages, hashed assets,
 * admin inquiry reads, signed webhook posts and logins, in the proportions of `mix`.
 */
export async function runMixed({
  baseUrl,
  duration,
  connections,
  pages,
  assets,
  cookie,
  webhook,
  login,
  mix,
  log,
}) {
  let serial = 0;
  const kinds = [];
  const add = (kind, count, make) => {
    for (let i = 0; i < count; i++) kinds.push({ kind, ...make(i) });
  };
  add('page', mix.page, (i) => ({ method: 'GET', path: pages[i % pages.length] }));
  add('asset', mix.asset, (i) => ({ method: 'GET', path: assets[i % assets.length] }));
  if (cookie)
    add('inquiries', mix.inquiries, () => ({
      method: 'GET',
      path: '/api/inquiries',
      headers: { ...BROWSER_HEADERS, cookie },
    }));
  if (webhook) {
    add('webhook', mix.webhook, () => ({
      method: 'POST',
      path: webhook.path,
      // A new, signed inquiry every time, like a real forms provider.
      setupRequest: (request) => {
        const n = ++serial;
        const body = JSON.stringify(webhook.body(n));
        // Past 60 a minute from one address the server answers 429, as it should.
        return { ...request, body, headers: webhook.headers(body, n) };
      },
    }));
  }
  if (login) {
    add('login', mix.login, () => ({
      method: 'POST',
      path: login.path,
      headers: { 'content-type': 'application/json', origin: login.origin },
      body: JSON.stringify(login.credentials),
    }));
  }
  // A fixed shuffle, so runs are comparable.
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let i = kinds.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [kinds[i], kinds[j]] = [kinds[j], kinds[i]];
  }
  const requests = kinds.map((k) => ({ headers: BROWSER_HEADERS, ...k }));

  // Each connection starts at its own point of the sequence, so even a short run sees the whole mix.
  let nextClient = 0;
  const step = Math.max(1, Math.floor(requests.length / connections));
  const rotated = (offset) => [...requests.slice(offset), ...requests.slice(0, offset)];

  const perKind = new Map();
  const result = await cannon({
    url: baseUrl,
    connections,
    duration,
    requests,
    headers: BROWSER_HEADERS,
    setupClient: (c) => c.setRequests(rotated((nextClient++ * step) % requests.length)),
    onInstance: (instance) =>
      instance.on('response', (client, status, _bytes, ms) => {
        // With pipelining 1 the iterator still points at the request just answered.
        const kind = client.requestIterator?.currentRequest?.kind ?? 'unknown';
        let k = perKind.get(kind);
        if (!k) perKind.set(kind, (k = { times: [], non2xx: 0, limited: 0 }));
        k.times.push(ms);
        if (status < 200 || status > 299) k.non2xx++;
        // 429s are the server's limits at work (webhook posts past 60 a minute from one address,
        // repeated logins of one user), counted apart from answers that would be faults.
        if (status === 429) k.limited++;
      }),
  });
  const byKind = {};
  for (const [kind, k] of perKind) {
    const sorted = k.times.sort((a, b) => a - b);
    byKind[kind] = {
      requests: sorted.length,
      non2xx: k.non2xx,
      limited: k.limited,
      latencyMs: {
        p50: round1(percentile(sorted, 50)),
        p90: round1(percentile(sorted, 90)),
        p99: round1(percentile(sorted, 99)),
        max: round1(sorted.at(-1)),
      },
    };
  }
  const limited = Object.values(byKind).reduce((n, k) => n + k.limited, 0);
  const out = { duration, connections, mix, ...summary(result), limited, byKind };
  log(
    `  mixed: ${out.rps} req/s, p50 ${out.latencyMs.p50} ms, p90 ${out.latencyMs.p90} ms, p99 ${out.latencyMs.p99} ms, non-2xx ${out.non2xx} (429 limits ${out.limited}), errors ${out.errors}`,
  );
  return out;
}

/**
 * A page's latency while a flood of logins arrives: `count` logins with fresh usernames, each
 * from a fresh address (X-Forwarded-For through one trusted proxy hop, as a botnet would look
 * behind the site's reverse proxy), so that no per-address or per-username limit stops them
 * before their password check. The page is measured for `duration` seconds once alone and once
 * during the flood; the server runs at most two password checks at once and turns the rest away.
 */
export async function runLoginFlood({
  baseUrl,
  page,
  loginPath,
  count,
  duration,
  connections,
  log,
}) {
  const url = new URL(page, baseUrl).href;
  const alone = summary(await cannon({ url, connections, duration, headers: BROWSER_HEADERS }));
  const statuses = {};
  let sent = 0;
  const started = performance.now();
  const flood = (async () => {
    const one = async (i) => {
      const response = await fetch(new URL(loginPath, baseUrl), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: new URL(baseUrl).origin,
          'x-forwarded-for': `198.18.${(i >> 8) & 255}.${i & 255}`,
        },
        body: JSON.stringify({ username: `flood-${i}`, password: `guess-${i}-guess` }),
      });
      await response.arrayBuffer();
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    };
    // Fifty at a time, until all have been sent.
    const worker = async () => {
      while (sent < count) await one(sent++);
    };
    await Promise.all(Array.from({ length: 50 }, worker));
  })();
  const during = summary(await cannon({ url, connections, duration, headers: BROWSER_HEADERS }));
  await flood;
  const floodSeconds = (performance.now() - started) / 1000;
  const out = {
    page,
    logins: count,
    loginStatuses: statuses,
    floodSeconds: round1(floodSeconds),
    pageAlone: { rps: alone.rps, latencyMs: alone.latencyMs, non2xx: alone.non2xx },
    pageDuringFlood: { rps: during.rps, latencyMs: during.latencyMs, non2xx: during.non2xx },
  };
  log(
    `  ${page} alone: p50 ${alone.latencyMs.p50} ms, p99 ${alone.latencyMs.p99} ms; during ${count} logins: p50 ${during.latencyMs.p50} ms, p99 ${during.latencyMs.p99} ms; logins answered ${JSON.stringify(statuses)} in ${out.floodSeconds} s`,
  );
  return out;
}
