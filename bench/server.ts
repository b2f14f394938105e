// The production app plus two bench-only routes, in one process: the baseline must share the
// app's event loop, hooks and CPU so that the ratios in the report compare like with like.
// Started by bench/run.mjs as `node --expose-gc --import tsx bench/server.ts`.
import { buildApp } from '../apps/api/src/app';
import { loadEnv } from '../apps/api/src/env';

const app = await buildApp({ env: loadEnv(process.env) });

// A bare route: constant JSON, no store, no I/O. Everything else is measured against it.
app.get('/__bench/baseline', async () => ({ ok: true }));

// The server's own memory; ?gc=1 collects garbage first so before/after figures are comparable.
app.get<{ Querystring: { gc?: string } }>('/__bench/memory', async (request) => {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (request.query.gc === '1' && gc) gc();
  return { ...process.memoryUsage(), gcRan: request.query.gc === '1' && gc !== undefined };
});

// Inquiries straight into the store, a batch at a time: the webhook takes 60 deliveries a minute
// from one address, far too few to seed thousands for the measurements.
app.post<{
  Body: {
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    preferredColor: string;
    message?: string;
    submittedAt: string;
  }[];
}>('/__bench/seed', async (request) => {
  for (const { submittedAt, ...inquiry } of request.body)
    await app.store.inquiries.create({ ...inquiry, createdAt: new Date(submittedAt) });
  return { added: request.body.length };
});

// The server's own time for each answer (ms, Fastify's reply.elapsedTime), by path, since the last
// read: the inbox figures are the server's, whatever the load generator beside it does.
const timings = new Map<string, number[]>();
app.addHook('onResponse', async (request, reply) => {
  const pathname = request.url.split('?')[0]!;
  if (pathname.startsWith('/__bench/')) return;
  const list = timings.get(pathname) ?? [];
  list.push(reply.elapsedTime);
  timings.set(pathname, list);
});
app.get('/__bench/timings', async () => {
  const out = Object.fromEntries(timings);
  timings.clear();
  return out;
});

// The server's CPU time so far (µs), read before and after each throughput run: CPU per request
// shows what the server spends whatever the load generator beside it can keep up with.
app.get('/__bench/cpu', async () => process.cpuUsage());

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}

await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
// run.mjs waits for this exact line on stdout.
console.log(`BENCH_SERVER_READY ${app.server.address() && JSON.stringify(app.server.address())}`);
