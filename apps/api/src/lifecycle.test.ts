// Stopping and readiness: the bundled server as a real process told to stop while a request is
// in flight, the graceful close itself with a short grace period, a publish cut short by a stop,
// and /api/ready.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { API_ROUTES, readyResponseSchema } from '@cedar/api-contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEV_WEBHOOK_SECRET } from './env';
import { webhookHeaders } from './inquiries/inquiry-routes';
import { closeGracefully } from './lib/shutdown';
import { openEmbeddedStore } from './store/embedded';
import { build, type TestApp, writeFakeBuild } from './test/build';
import { testApp } from './test/per-test';
import { bundleForTest } from './test/files';

const apiDir = path.resolve(import.meta.dirname, '..');
const bundleDir = path.join(apiDir, 'node_modules', `.lifecycle-test-${process.pid}`);
const children = new Set<ChildProcess>();
const dirs: string[] = [];

beforeAll(async () => {
  await bundleForTest(apiDir, { server: 'src/server.ts' }, bundleDir);
}, 60_000);
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await fs.rm(bundleDir, { recursive: true, force: true });
  await Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true })));
});

async function tempDir(prefix: string) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

/** Resolves once `output()` matches, or rejects after `ms` with what was seen. */
async function waitFor(
  output: () => string,
  pattern: RegExp,
  ms = 30_000,
): Promise<RegExpExecArray> {
  const deadline = Date.now() + ms;
  for (;;) {
    const match = pattern.exec(output());
    if (match) return match;
    if (Date.now() > deadline) throw new Error(`no ${pattern} within ${ms} ms in:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Can a TCP connection be opened? */
function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Reads a socket until the peer closes it. */
const readAll = (socket: net.Socket) =>
  new Promise<string>((resolve) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    socket.once('close', () => resolve(text));
  });

describe('stopping the real server', { timeout: 90_000 }, () => {
  it('on SIGTERM refuses new connections, finishes the request in flight, closes the store and exits 0', async () => {
    const dataDir = await tempDir('cedar-stop-');
    const child = spawn(process.execPath, [path.join(bundleDir, 'server.js')], {
      cwd: apiDir,
      env: {
        PATH: process.env.PATH,
        DATA_DIR: dataDir,
        WEB_DIST: '',
        HOST: '127.0.0.1',
        PORT: '0',
        LOG_LEVEL: 'debug',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    let output = '';
    child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const port = Number(
      (await waitFor(() => output, /is running at http:\/\/127\.0\.0\.1:(\d+)/))[1],
    );

    // A signed webhook delivery whose body is still arriving: a slow client, in flight.
    const body = JSON.stringify({
      firstName: 'Ada',
      lastName: 'Lane',
      email: 'ada@example.com',
      phone: '(518) 555-0100',
      preferredColor: 'yellow',
      message: 'Sent over a slow line',
    });
    const headers = {
      host: `127.0.0.1:${port}`,
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      ...webhookHeaders(DEV_WEBHOOK_SECRET, body, { id: 'slow-delivery-1' }),
    };
    const slow = net.connect({ host: '127.0.0.1', port });
    const answer = readAll(slow);
    slow.write(
      `POST ${API_ROUTES.inquiryWebhook.path} HTTP/1.1\r\n${Object.entries(headers)
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('')}\r\n${body.slice(0, 20)}`,
    );
    await waitFor(() => output, /POST \/api\/inquiries\/webhook arrived/);

    child.kill('SIGTERM');
    await waitFor(() => output, /SIGTERM: finishing the requests in flight/);
    // No new connection is taken while the slow request is still running.
    const deadline = Date.now() + 5000;
    while ((await connects(port)) && Date.now() < deadline);
    expect(await connects(port)).toBe(false);
    expect(child.exitCode).toBeNull();

    slow.write(body.slice(20));
    const response = await answer;
    expect(response).toMatch(/^HTTP\/1\.1 201 Created\r\n/);
    const { id } = JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4)) as { id: string };

    expect(await exited).toBe(0);
    expect(output).toMatch(/"msg":"stopped"/);
    await expect(fs.access(path.join(dataDir, 'store.lock'))).rejects.toThrow();
    const store = await openEmbeddedStore(dataDir);
    try {
      expect((await store.inquiries.list()).find((i) => i.id === id)).toMatchObject({
        firstName: 'Ada',
        message: 'Sent over a slow line',
      });
    } finally {
      await store.close();
    }
  });
});

describe('the graceful close', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close().catch(() => undefined);
    t = undefined;
  });

  async function listening() {
    const lines: string[] = [];
    t = await build({
      env: { LOG_LEVEL: 'debug' },
      logStream: { write: (l) => void lines.push(l) },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    return {
      a: t,
      port: (t.app.server.address() as net.AddressInfo).port,
      log: () => lines.join(''),
    };
  }

  it('cuts off a request still running when the grace period ends, and closes all the same', async () => {
    const { a, port, log } = await listening();
    const stuck = net.connect({ host: '127.0.0.1', port });
    const closed = readAll(stuck);
    // Headers promising a body that never comes.
    stuck.write(
      `POST ${API_ROUTES.inquiryWebhook.path} HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{`,
    );
    await waitFor(log, /POST \/api\/inquiries\/webhook arrived/);
    const started = Date.now();
    expect(await closeGracefully(a.app, 300)).toEqual({ cutOff: true });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await closed).toBe('');
    t = undefined;
  });

  it('does not wait for kept-alive connections with nothing in flight', async () => {
    const { a, port } = await listening();
    const idle = net.connect({ host: '127.0.0.1', port });
    const reply = readAll(idle);
    idle.write(`GET ${API_ROUTES.health.path} HTTP/1.1\r\nhost: localhost\r\n\r\n`);
    await new Promise((resolve) => idle.once('data', resolve));
    // Fastify keeps such a connection open for 72 s; the grace period here is 30 s.
    expect(await closeGracefully(a.app, 30_000)).toEqual({ cutOff: false });
    expect(await reply).toMatch(/^HTTP\/1\.1 200 OK/);
    t = undefined;
  });

  it('stops a running publish cleanly: the build is aborted and the live site stays', async () => {
    const webDist = await tempDir('cedar-dist-');
    await writeFakeBuild(webDist, 'v1');
    let signal: AbortSignal | undefined;
    let started!: () => void;
    const building = new Promise<void>((resolve) => (started = resolve));
    t = await build({
      webDist,
      builder: (_outDir, abort) => {
        signal = abort;
        started();
        // A build that only ends when told to.
        return new Promise((_resolve, reject) =>
          abort.addEventListener('abort', () => reject(new Error('aborted'))),
        );
      },
    });
    t.services.publisher.request('owner');
    await building;
    const host = t.services.publisher.status();
    expect(host.state).toBe('building');
    await t.app.close();
    expect(signal?.aborted).toBe(true);
    expect(t.services.publisher.status()).toMatchObject({ state: 'failed', buildId: 'initial' });
    t = undefined;
  });
});

describe('/api/ready', () => {
  const ready = async (a: TestApp) => {
    const res = await a.app.inject({ method: 'GET', url: API_ROUTES.ready.path });
    return { status: res.statusCode, body: readyResponseSchema.parse(res.json()) };
  };

  it('is ready when the store answers and the site build is loaded', async () => {
    const webDist = await tempDir('cedar-dist-');
    await writeFakeBuild(webDist, 'v1');
    const t = await testApp({ webDist });
    expect(await ready(t)).toEqual({
      status: 200,
      body: { status: 'ready', store: 'embedded', build: 'initial', reasons: [] },
    });
    expect((await t.app.inject({ method: 'GET', url: API_ROUTES.health.path })).json()).toEqual({
      status: 'ok',
      store: 'embedded',
    });
  });

  it('is ready with no site build when it was given none (development, API only)', async () => {
    const t = await testApp();
    expect(await ready(t)).toEqual({
      status: 200,
      body: { status: 'ready', store: 'embedded', build: null, reasons: [] },
    });
  });

  it('answers 503 with a reason when WEB_DIST holds no build', async () => {
    const t = await testApp({ env: { WEB_DIST: path.join(os.tmpdir(), 'cedar-no-such-build') } });
    expect(await ready(t)).toEqual({
      status: 503,
      body: {
        status: 'not_ready',
        store: 'embedded',
        build: null,
        reasons: ['the site build (WEB_DIST) is not loaded'],
      },
    });
  });

  it('answers 503 when the store fails or does not answer, while health stays 200', async () => {
    const lines: string[] = [];
    const t = await testApp({
      env: { LOG_LEVEL: 'warn' },
      logStream: { write: (l) => void lines.push(l) },
    });
    t.services.store.ping = async () => {
      throw new Error('connection refused by db-1.internal:27017');
    };
    const failing = await ready(t);
    expect(failing).toEqual({
      status: 503,
      body: {
        status: 'not_ready',
        store: 'embedded',
        build: null,
        reasons: ['the store does not answer'],
      },
    });
    expect(JSON.stringify(failing.body)).not.toContain('db-1');
    expect(lines.join('')).toContain('db-1.internal');
    t.services.store.ping = () => new Promise(() => undefined);
    expect((await ready(t)).body.reasons).toEqual(['the store does not answer']);
    expect((await t.app.inject({ method: 'GET', url: API_ROUTES.health.path })).statusCode).toBe(
      200,
    );
  });
});
