import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from './auth/password-policy';
import { bundleForTest } from './test/files';

// The server as `npm start` runs it (a bundled dist/server.js), started the way a new user would.

const apiDir = path.resolve(import.meta.dirname, '..');
const bundleDir = path.join(apiDir, 'node_modules', `.safe-start-test-${process.pid}`);
const children = new Set<ChildProcess>();
let dataDir: string;

beforeAll(async () => {
  await bundleForTest(apiDir, { server: 'src/server.ts' }, bundleDir);
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cedar-safe-start-'));
});
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await fs.rm(bundleDir, { recursive: true, force: true });
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** A free TCP port on this machine. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Runs the server with only these variables; resolves with its output once it listens or stops.
 * `terminal`: under `script`, so that its standard output is a terminal, as in a shell.
 */
async function start(env: Record<string, string>, { terminal = false } = {}) {
  const port = await freePort();
  const server = [process.execPath, path.join(bundleDir, 'server.js')];
  const child = spawn(
    terminal ? 'script' : server[0]!,
    terminal ? ['-qfec', server.join(' '), '/dev/null'] : server.slice(1),
    {
      cwd: apiDir,
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, WEB_DIST: '', PORT: String(port), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.add(child);
  let output = '';
  const outcome = await new Promise<'listening' | 'stopped'>((resolve) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('is running at')) resolve('listening');
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', () => resolve('stopped'));
  });
  const stop = async () => {
    // Under `script` the server is its child: a TERM reaches it through the terminal's hangup.
    child.kill(terminal ? 'SIGTERM' : 'SIGKILL');
    children.delete(child);
  };
  return { port, output: () => output, outcome, stop, child };
}

/** Can a TCP connection to host:port be opened? */
function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 2000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** GET over a real socket with a Host header of our choosing (fetch sets its own). */
function getJson(port: number, url: string, host: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: url, headers: { host } }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve(JSON.parse(body)));
      })
      .on('error', reject);
  });
}

/** This machine's own address on its network, if it has one. */
const lanAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((i) => i && !i.internal && i.family === 'IPv4')?.address;

describe('a start with no settings (npm start)', { timeout: 60_000 }, () => {
  it('listens on this machine only, with the demo login on and saying so', async () => {
    const server = await start({});
    try {
      expect(server.outcome).toBe('listening');
      // Not a terminal: JSON lines, and one start-up line saying it all.
      const lines = server
        .output()
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { msg: string });
      expect(lines.filter((l) => /running at|listening at/i.test(l.msg)).map((l) => l.msg)).toEqual(
        [
          `Cedar Bluff Labradors is running at http://localhost:${server.port} (this machine only) · ` +
            `store: embedded in ${dataDir} · demo login: on (the Test Login button) · ` +
            `admin sign-in: http://localhost:${server.port}/admin/login · ` +
            'edits rebuilt by Vite (development) or not at all · HubSpot: off · e-mail to the owner: off',
        ],
      );
      expect(await reachable('127.0.0.1', server.port)).toBe(true);
      if (lanAddress) expect(await reachable(lanAddress, server.port)).toBe(false);
      else console.warn('SKIPPED the check from another interface: this machine has none');
      const config = await fetch(`http://localhost:${server.port}/api/auth/config`);
      expect(await config.json()).toEqual({ demoLogin: DEMO_ADMIN });
      const login = await fetch(`http://localhost:${server.port}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: `http://localhost:${server.port}` },
        body: JSON.stringify(DEMO_ADMIN),
      });
      expect(login.status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  it('on every interface, has no demo admin and no webhook without its own secret', async () => {
    const server = await start({ HOST: '0.0.0.0' });
    try {
      expect(server.outcome).toBe('listening');
      expect(server.output()).toContain(
        `running at http://0.0.0.0:${server.port} (every interface), public address http://localhost:${server.port} · ` +
          `store: embedded in ${dataDir} · demo login: off · admin sign-in: http://localhost:${server.port}/admin/login`,
      );
      const base = `http://127.0.0.1:${server.port}`;
      // PUBLIC_URL defaults to http://localhost:PORT: that host name is the site.
      const config = await getJson(server.port, '/api/auth/config', `localhost:${server.port}`);
      expect(config).toEqual({ demoLogin: null });
      const webhook = await fetch(`${base}/api/inquiries/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(webhook.status).toBe(404);
    } finally {
      await server.stop();
    }
  });

  it('behind a proxy, names the public address and signs in there', async () => {
    const server = await start({
      HOST: '127.0.0.1',
      PUBLIC_URL: 'https://www.cedarblufflabradors.com',
      NODE_ENV: 'production',
    });
    try {
      expect(server.outcome).toBe('listening');
      expect(server.output()).toContain(
        `running at http://127.0.0.1:${server.port} (this machine only), public address https://www.cedarblufflabradors.com · ` +
          `store: embedded in ${dataDir} · demo login: off · admin sign-in: https://www.cedarblufflabradors.com/admin/login`,
      );
    } finally {
      await server.stop();
    }
  });

  it('writes plain lines, not JSON, when its output is a terminal', async () => {
    const server = await start({}, { terminal: true });
    try {
      expect(server.outcome).toBe('listening');
      // Colours (ANSI escapes) off, and the terminal's CRLF line ends as LF.
      // eslint-disable-next-line no-control-regex
      const text = server.output().replace(/\x1b\[[0-9;]*m|\r/g, '');
      expect(text).toMatch(
        /^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\] INFO: Cedar Bluff Labradors is running at http:\/\/localhost:\d+ \(this machine only\)/m,
      );
      expect(text).not.toContain('{"level"');
    } finally {
      await server.stop();
    }
  });

  it('refuses to start with DEMO_LOGIN=true on a reachable HOST, naming HOST', async () => {
    const server = await start({ HOST: '0.0.0.0', DEMO_LOGIN: 'true' });
    expect(server.outcome).toBe('stopped');
    expect(server.output()).toMatch(
      /HOST: DEMO_LOGIN=true needs a loopback-only start, but HOST=0\.0\.0\.0/,
    );
    expect(server.child.exitCode).toBe(1);
  });
});
