// The owner's inbox at scale: the store filled to `target` inquiries, then each call of the
// dashboard made `calls` times, one after another, as one admin's browser would. The server's
// own time for each answer comes from the bench server (`GET /__bench/timings`, Fastify's
// reply.elapsedTime: from the request's arrival to the last byte handed to the socket); the
// round trip over loopback and the server's CPU per call are shown beside it.

const round2 = (n) => (n === null || n === undefined ? null : Math.round(n * 100) / 100);
const percentile = (sorted, p) =>
  sorted.length === 0
    ? null
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const summary = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    p50: round2(percentile(sorted, 50)),
    p99: round2(percentile(sorted, 99)),
    max: round2(sorted.at(-1) ?? null),
  };
};

async function getJson(baseUrl, pathname, headers = {}) {
  const response = await fetch(new URL(pathname, baseUrl), { headers });
  const body = await response.text();
  if (!response.ok)
    throw new Error(`${pathname} answered ${response.status}: ${body.slice(0, 200)}`);
  return { body, json: () => JSON.parse(body) };
}

export async function runInbox({ baseUrl, cookie, target, calls, count, seed, log }) {
  const missing = target - (await count());
  if (missing > 0) {
    const started = Date.now();
    await seed(missing);
    log(`  seeded ${missing} more inquiries (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  const headers = { cookie };
  const stats = (await getJson(baseUrl, '/api/admin/inquiries/stats', headers)).json();
  const paths = {
    'first page (50, newest first)': '/api/admin/inquiries',
    stats: '/api/admin/inquiries/stats',
    'search "walsh" (1 in 10 match)': '/api/admin/inquiries?q=walsh',
    'status "waitlist" (none match: a full scan)': '/api/admin/inquiries?status=waitlist',
  };
  // Warm-up: the first calls pay for lazy compilation, not for the inbox.
  for (const path of Object.values(paths))
    for (let i = 0; i < 20; i++) await getJson(baseUrl, path, headers);
  await getJson(baseUrl, '/__bench/timings');

  const rows = [];
  for (const [name, path] of Object.entries(paths)) {
    const cpuBefore = (await getJson(baseUrl, '/__bench/cpu')).json();
    const roundTrips = [];
    let bytes = 0;
    for (let i = 0; i < calls; i++) {
      const started = performance.now();
      const { body } = await getJson(baseUrl, path, headers);
      roundTrips.push(performance.now() - started);
      bytes = body.length;
    }
    const cpuAfter = (await getJson(baseUrl, '/__bench/cpu')).json();
    const server = (await getJson(baseUrl, '/__bench/timings')).json();
    const times = server[path.split('?')[0]] ?? [];
    // Every call of the run, and nothing else of that path, was timed by the server.
    if (times.length !== calls)
      throw new Error(`${path}: the server timed ${times.length} of ${calls} calls`);
    const cpuUs = cpuAfter.user + cpuAfter.system - cpuBefore.user - cpuBefore.system;
    rows.push({
      name,
      path,
      calls,
      serverMs: summary(times),
      roundTripMs: summary(roundTrips),
      serverCpuUsPerCall: Math.round(cpuUs / calls),
      responseBytes: bytes,
    });
  }
  return { inquiries: stats.total, rows };
}
