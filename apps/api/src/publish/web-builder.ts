import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { SandboxKind } from '@cedar/api-contract';
import { WEB_APP } from '../web-app';
import type { Builder } from './publisher';
import { buildEnvironment, killTree, sandboxed, spawnSandboxed } from './sandbox';

const KEEP_OUTPUT_CHARS = 8000;

export interface WebBuilderOptions {
  /** apps/web of the repository */
  webAppDir: string;
  repoRoot: string;
  dataDir: string;
  sandbox: SandboxKind;
  /** The build and every process it started are killed after this long. */
  timeoutMs: number;
  publicUrl: string;
  /**
   * Start each build's sandboxed process ahead of the save that needs it (one when the builder is
   * made, the next as soon as a build ends): it loads Node, Vite and React Router, then waits.
   * Off, each build starts its process when it is asked for.
   */
  ahead?: boolean;
  /** Aborted when the server stops: the process waiting ahead is stopped and its folder removed. */
  stop?: AbortSignal;
}

/** A build's sandboxed process, started with `--wait`: it builds into `dir` once told `go`. */
interface Job {
  dir: string;
  child: ChildProcess;
  output: () => string;
  /** Its exit code and signal, once it has exited. */
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  exited: boolean;
}

/**
 * The real builder: `node scripts/build.mjs --out-dir <dir> --publish --wait` in apps/web, in a
 * child process so a crash or a runaway build never takes the server down, contained by the
 * sandbox (sandbox.ts): no secret in its environment, no view of DATA_DIR, nothing writable but its
 * own folder, and killed with every process it started `timeoutMs` after it was told to build.
 * The process builds into a folder of its own beside the builds (`apps/web/dist/next/`), moved to
 * `outDir` once it has exited, whether it succeeded or not. Rejects with the output's tail.
 *
 * With `ahead`, the process of the next build is started and waiting before a save asks for it
 * (decision 024): the sources are read only after the `go`, so it builds what was saved, and
 * each process builds once, so nothing one build's page code does stays for the next.
 */
export function webAppBuilder(options: WebBuilderOptions): Builder {
  const nextDir = path.join(options.repoRoot, WEB_APP.nextDir);
  let waiting: Job | null = null;
  let stopped = options.stop?.aborted ?? false;

  const start = (): Job => {
    fs.mkdirSync(nextDir, { recursive: true });
    const dir = fs.mkdtempSync(path.join(nextDir, `${process.pid}-`));
    // The sandbox's stand-in for Vite's scratch folder needs its mount point.
    fs.mkdirSync(path.join(options.webAppDir, WEB_APP.viteScratch), { recursive: true });
    const command = sandboxed(
      options.sandbox,
      [WEB_APP.buildScript, '--out-dir', dir, '--publish', '--wait'],
      options.webAppDir,
      { repoRoot: options.repoRoot, dataDir: options.dataDir, outDir: dir },
      buildEnvironment(options.publicUrl),
    );
    const child = spawnSandboxed(command, { stdin: true });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-KEEP_OUTPUT_CHARS);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    // A process that died cannot read its go: writing it must not throw.
    child.stdin?.on('error', () => undefined);
    const job: Job = {
      dir,
      child,
      output: () => output,
      exited: false,
      exit: new Promise((resolve) => {
        child.on('error', (error) => {
          keep(Buffer.from(`\n${error.message}`));
          job.exited = true;
          resolve({ code: null, signal: null });
        });
        child.on('close', (code, signal) => {
          job.exited = true;
          // Whatever the build started is gone with it, even when it exited by itself.
          killTree(child);
          resolve({ code, signal });
        });
      }),
    };
    return job;
  };

  // Killed (SIGKILL: it wrote nothing but its scratch folder while it waited) and its folder
  // removed at once, so a server that stops now leaves nothing behind.
  const discard = (job: Job) => {
    killTree(job.child);
    fs.rmSync(job.dir, { recursive: true, force: true });
  };

  // Folders a server that is gone left behind (its pid is the name's start).
  removeOrphans(nextDir);
  options.stop?.addEventListener(
    'abort',
    () => {
      stopped = true;
      if (waiting) discard(waiting);
      waiting = null;
    },
    { once: true },
  );
  if (options.ahead && !stopped) waiting = start();

  const build: Builder = async (outDir, signal) => {
    let job = waiting;
    waiting = null;
    if (!job || job.exited) {
      if (job) discard(job);
      job = start();
    }
    let stoppedBy: string | null = null;
    const stop = (why: string) => {
      stoppedBy ??= why;
      killTree(job.child);
    };
    const timer = setTimeout(
      () =>
        stop(
          `it ran longer than PUBLISH_TIMEOUT (${Math.round(options.timeoutMs / 1000)} s) and was stopped`,
        ),
      options.timeoutMs,
    );
    const onAbort = () => stop('the server is shutting down');
    signal.addEventListener('abort', onAbort, { once: true });
    if (signal.aborted) onAbort();
    job.child.stdin?.end('go\n');
    const { code, signal: killedBy } = await job.exit;
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
    // Built or not, the folder becomes outDir: the publisher reads it or removes it.
    fs.mkdirSync(path.dirname(outDir), { recursive: true });
    fs.renameSync(job.dir, outDir);
    // The next one loads Node and Vite while the publisher adopts this build, at a lower priority
    // (sandbox.ts), so the adoption's compression keeps the cores.
    if (options.ahead && !stopped && !signal.aborted) waiting = start();
    if (code === 0 && stoppedBy === null) return;
    const how = stoppedBy ?? (killedBy ? `signal ${killedBy}` : `exit code ${code}`);
    throw new Error(`${job.output()}\nThe web build stopped (${how}).`);
  };
  return build;
}

/** Removes the folders of `dir` whose server (the pid their name starts with) no longer runs. */
function removeOrphans(dir: string) {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(name.split('-')[0]);
    if (Number.isInteger(pid) && pid > 0 && (pid === process.pid || isRunning(pid))) continue;
    fs.rmSync(path.join(dir, name), { recursive: true, force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
