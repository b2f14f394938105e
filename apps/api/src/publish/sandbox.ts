import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { SandboxKind } from '@cedar/api-contract';
import { WEB_APP } from '../web-app';

export type SandboxPreference = 'auto' | 'bubblewrap' | 'node';

/** Where the rebuild of edited sections may look and write. */
export interface SandboxPaths {
  /** The repository: readable (its node_modules and sources), never writable. */
  repoRoot: string;
  /** Hidden inside the sandbox even when it lies within the repository. */
  dataDir: string;
  /** The one writable folder: the new build's. */
  outDir: string;
}

const BWRAP = 'bwrap';
/** coreutils' nice, and how far below the server a build runs. */
const NICE = 'nice';
const BUILD_NICENESS = 10;

/**
 * The bubblewrap arguments common to the probe and the build: every namespace of its own (no
 * network, no view of the host's processes), no capabilities, an unprivileged user, a fresh
 * session (no terminal injection) and death with its parent.
 */
const ISOLATION = [
  '--unshare-all',
  '--unshare-user',
  '--uid',
  '65534',
  '--gid',
  '65534',
  '--cap-drop',
  'ALL',
  '--new-session',
  '--die-with-parent',
  '--clearenv',
];

/** The system folders a Node process needs, read-only; merged-/usr symlinks kept as symlinks. */
function systemMounts(): string[] {
  const args: string[] = [];
  for (const dir of ['/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/etc/alternatives']) {
    let stat: fs.Stats;
    try {
      stat = fs.lstatSync(dir);
    } catch {
      continue;
    }
    if (stat.isSymbolicLink()) args.push('--symlink', fs.readlinkSync(dir), dir);
    else args.push('--ro-bind', dir, dir);
  }
  // Node itself, wherever it is installed (nvm, /opt, /usr/local).
  const nodeHome = path.dirname(path.dirname(fs.realpathSync(process.execPath)));
  if (!nodeHome.startsWith('/usr')) args.push('--ro-bind', nodeHome, nodeHome);
  return [...args, '--proc', '/proc', '--dev', '/dev', '--tmpfs', '/tmp'];
}

let probed: Map<string, string | null> | undefined;

/** Null when bubblewrap (the `bwrap` command) runs here, else why not. */
function bubblewrapProblem(bwrap: string): string | null {
  probed ??= new Map();
  const cached = probed.get(bwrap);
  if (cached !== undefined) return cached;
  const result = spawnSync(bwrap, [...ISOLATION, ...systemMounts(), process.execPath, '-e', '0'], {
    timeout: 10_000,
    encoding: 'utf8',
  });
  const problem =
    result.error !== undefined
      ? `bwrap cannot be started (${(result.error as NodeJS.ErrnoException).code ?? result.error.message}); install Debian's bubblewrap`
      : result.status !== 0
        ? `bwrap cannot create its sandbox here: ${(result.stderr || `exit code ${result.status}`).trim()}`
        : null;
  probed.set(bwrap, problem);
  return problem;
}

export interface SandboxChoice {
  kind: SandboxKind;
  /** Why Code mode is off (edited code is not built here), or null when it is on. */
  codeOff: string | null;
}

/**
 * How rebuilds are contained, and whether edited code may be built at all. `auto`: bubblewrap
 * where it works; where it cannot run, rebuilds of words, litters and photos (data) go on under
 * Node's permission model, which does not stop malicious code, so Code mode is off. `bubblewrap`
 * insists (start-up fails, saying why, where it cannot run). `node` is a developer's explicit
 * choice for their own machine: Node's permission model, and Code mode on.
 */
export function chooseSandbox(preference: SandboxPreference, bwrap = BWRAP): SandboxChoice {
  if (preference === 'node') return { kind: 'node-permissions', codeOff: null };
  const problem = bubblewrapProblem(bwrap);
  if (problem === null) return { kind: 'bubblewrap', codeOff: null };
  if (preference === 'bubblewrap') {
    throw new Error(`PUBLISH_SANDBOX=bubblewrap, but ${problem}.`);
  }
  return {
    kind: 'node-permissions',
    codeOff: `Code mode is off on this server: bubblewrap cannot run here (${problem}), and edited code is built only inside it. Words, litters and photos still publish.`,
  };
}

/**
 * The environment of the rebuild: what Vite and the prerender need, and no secret of the server
 * (ADMIN_PASSWORD, INQUIRY_WEBHOOK_SECRET, MONGODB_URI, HUBSPOT_ACCESS_TOKEN,
 * HUBSPOT_CLIENT_SECRET, SMTP_URL… are never passed on).
 */
export function buildEnvironment(publicUrl: string): Record<string, string> {
  return {
    PATH: [path.dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'].join(':'),
    HOME: '/tmp',
    TMPDIR: '/tmp',
    LANG: 'C.UTF-8',
    NODE_ENV: 'production',
    PUBLIC_URL: publicUrl,
    ...(process.env.TZ ? { TZ: process.env.TZ } : {}),
  };
}

export interface SandboxedCommand {
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd: string;
}

/**
 * `node <args>` in `cwd`, contained as `kind` says. With bubblewrap the process sees the system's
 * read-only folders, the repository read-only without DATA_DIR, and the build folder as the only
 * writable place; it has no network. With `node-permissions` (where bubblewrap cannot run) the
 * command runs as it is. Either way the web build runs React Router's build, the step that runs
 * the sections' code while it prerenders, under Node's permission model with native addons
 * allowed and the network closed at the JavaScript level (apps/web/scripts/build-permissions.mjs,
 * no-network.mjs): it reads the web app, the packages and node_modules, writes only its build
 * folder, starts no process or worker.
 */
export function sandboxed(
  kind: SandboxKind,
  nodeArgs: string[],
  cwd: string,
  paths: SandboxPaths,
  env: Record<string, string>,
): SandboxedCommand {
  if (kind === 'node-permissions') {
    return { command: process.execPath, args: nodeArgs, env, cwd };
  }
  const repo = fs.realpathSync(paths.repoRoot);
  const out = fs.realpathSync(paths.outDir);
  const args = [...ISOLATION, ...systemMounts(), '--ro-bind', repo, repo];
  const data = path.resolve(paths.dataDir);
  if (data === repo || data.startsWith(`${repo}${path.sep}`)) {
    if (data === repo) throw new Error('DATA_DIR cannot be the repository itself');
    if (fs.existsSync(data)) args.push('--tmpfs', fs.realpathSync(data));
  }
  // Vite writes its bundled config next to node_modules; a scratch folder stands in for it.
  const viteTemp = path.join(cwd, WEB_APP.viteScratch);
  if (fs.existsSync(viteTemp)) args.push('--tmpfs', fs.realpathSync(viteTemp));
  args.push('--bind', out, out, '--chdir', cwd);
  for (const [key, value] of Object.entries(env)) args.push('--setenv', key, value);
  return { command: BWRAP, args: [...args, process.execPath, ...nodeArgs], env: {}, cwd };
}

/**
 * Kills a process started with `detached: true` and everything in its process group. Under
 * bubblewrap, killing its outer process also ends the sandbox's PID namespace and all within.
 */
export function killTree(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    // The whole group, even after the leader exited: something it started may still run.
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // ESRCH: nothing left in the group.
  }
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** `stdin`: a pipe to the process's standard input (the web build's `go`), else none. */
export function spawnSandboxed(
  command: SandboxedCommand,
  { stdin = false }: { stdin?: boolean } = {},
): ChildProcess {
  // Below the server's priority: while a build runs (or loads its tools ahead of the next save),
  // the site's visitors and the adoption of the last build come first (decision 024).
  return spawn(NICE, ['-n', String(BUILD_NICENESS), command.command, ...command.args], {
    cwd: command.cwd,
    env: command.env,
    stdio: [stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    // A process group of its own, so the time limit kills every process the build started.
    detached: true,
  });
}
