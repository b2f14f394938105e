// Real server processes for the fault tests: the current source bundled like build.mjs does
// (dist/ may be stale), run with plain node, killed and started again on the same folders.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { API_ROUTES } from '@cedar/api-contract';
import { OWNER } from './build';
import { bundleForTest } from './files';

const apiDir = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  child: ChildProcess;
  exited: Promise<number | null>;
  /** Everything it has printed so far. */
  output(): string;
  /**
   * The first match in its output from offset `from` on, now or later; rejects when the server
   * exits first or after 30 s.
   */
  waitFor(pattern: RegExp, from?: number): Promise<RegExpExecArray>;
}

export interface Server extends ServerProcess {
  base: string;
}

/** Test defaults: loopback, a free port, no web build, no publishing, the owner admin. */
function serverEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    WEB_DIST: '',
    PUBLISH: 'off',
    DEMO_LOGIN: 'false',
    ADMIN_USERNAME: OWNER.username,
    ADMIN_PASSWORD: OWNER.password,
    ...env,
  };
}

/** One test file's server processes; `name` keeps its bundle apart from other files' in the same worker. */
export function serverProcesses(name: string) {
  const bundleDir = path.join(apiDir, 'node_modules', `.${name}-${process.pid}`);
  const children = new Set<ChildProcess>();

  const run = (env: Record<string, string>): ServerProcess => {
    const child = spawn(process.execPath, [path.join(bundleDir, 'server.js')], {
      cwd: apiDir,
      env: serverEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code) => {
        children.delete(child);
        resolve(code);
      }),
    );
    let output = '';
    const listeners = new Set<() => void>();
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      for (const listener of listeners) listener();
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    const waitFor = (pattern: RegExp, from = 0) =>
      new Promise<RegExpExecArray>((resolve, reject) => {
        const done = () => {
          listeners.delete(check);
          clearTimeout(timer);
        };
        const check = () => {
          const match = pattern.exec(output.slice(from));
          if (match) {
            done();
            resolve(match);
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no ${pattern} in the server's output within 30 s:\n${output}`));
        }, 30_000);
        listeners.add(check);
        void exited.then((code) => {
          if (!listeners.has(check)) return;
          done();
          reject(new Error(`the server stopped (exit code ${code}) before ${pattern}:\n${output}`));
        });
        check();
      });
    return { child, exited, output: () => output, waitFor };
  };

  return {
    bundle: () => bundleForTest(apiDir, { server: 'src/server.ts' }, bundleDir),

    /** Runs the server and resolves once it listens. */
    async start(env: Record<string, string>): Promise<Server> {
      const server = run(env);
      const [, base] = await server.waitFor(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
      return { ...server, base: base! };
    },

    /** Runs the server expecting it to refuse to start: its exit code and output. */
    async startFailing(env: Record<string, string>) {
      const server = run(env);
      const timer = setTimeout(() => server.child.kill('SIGKILL'), 20_000);
      const code = await server.exited;
      clearTimeout(timer);
      return { code, output: server.output() };
    },

    async cleanup() {
      for (const child of children) child.kill('SIGKILL');
      await fs.rm(bundleDir, { recursive: true, force: true });
    },
  };
}

/** Signs in as our own page would; answers the headers of a signed-in call (cookie, Origin). */
export async function logIn(base: string): Promise<Record<string, string>> {
  const res = await fetch(base + API_ROUTES.login.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(OWNER),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return { cookie: res.headers.getSetCookie()[0]!.split(';')[0]!, origin: base };
}
