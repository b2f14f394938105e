import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { SandboxKind } from '@cedar/api-contract';
import { PUBLIC_ROUTES } from '@cedar/content';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { findRepoRoot } from '../lib/repo-root';
import { webHost } from '../plugins/web-host';
import { linkRepoCopy } from '../test/files';
import { loadSiteShell, loadWebBuild, WebHost } from './adopt';
import { buildEnvironment, chooseSandbox } from './sandbox';
import { webAppBuilder, type WebBuilderOptions } from './web-builder';

// The rebuild of edited sections runs their code; these tests prove the sandbox alone contains
// it (the static check of saves is not in the way here: the code is written straight to disk).

const repoRoot = findRepoRoot()!;
const temps: string[] = [];
afterAll(async () => {
  for (const dir of temps) await fs.rm(dir, { recursive: true, force: true });
});
async function tempDir(prefix: string) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  temps.push(dir);
  return dir;
}

let bubblewrapProblem: string | null = null;
try {
  if (chooseSandbox('auto').kind !== 'bubblewrap') bubblewrapProblem = 'bubblewrap cannot run here';
} catch (error) {
  bubblewrapProblem = (error as Error).message;
}
if (bubblewrapProblem)
  console.warn(
    `SKIPPED the bubblewrap sandbox tests: ${bubblewrapProblem}. Install Debian's bubblewrap.`,
  );
const KINDS: SandboxKind[] = bubblewrapProblem
  ? ['node-permissions']
  : ['bubblewrap', 'node-permissions'];

/** A secret in the server's own environment, a store file and a file outside the repository. */
const SECRET = `sekrit-${randomBytes(8).toString('hex')}`;
const STORE_BYTES = `store-bytes-${randomBytes(8).toString('hex')}`;
const OUTSIDE_BYTES = `outside-bytes-${randomBytes(8).toString('hex')}`;

/** A TCP server on the host's loopback that counts who reaches it. */
let listener: net.Server;
let port = 0;
let connections = 0;
beforeAll(async () => {
  process.env.CEDAR_TEST_SECRET = SECRET;
  listener = net.createServer((socket) => {
    connections++;
    socket.end('hello');
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as net.AddressInfo).port;
});
afterAll(async () => {
  delete process.env.CEDAR_TEST_SECRET;
  await new Promise((resolve) => listener.close(resolve));
});
afterEach(() => {
  connections = 0;
});

/** What hostile page code tries; it writes down how each attempt went. */
const HOSTILE = (dataFile: string, outsideFile: string, writeTargets: string[]) => `
const results = {};
const attempt = async (name, fn) => {
  try { results[name] = { ok: true, value: String(await fn()).slice(0, 200) }; }
  catch (error) { results[name] = { ok: false, error: String(error && error.code || error).slice(0, 120) }; }
};
const { readFileSync, writeFileSync } = await import('node:fs');
await attempt('env', () => JSON.stringify(process.env));
await attempt('readStore', () => readFileSync(${JSON.stringify(dataFile)}, 'utf8'));
await attempt('readOutside', () => readFileSync(${JSON.stringify(outsideFile)}, 'utf8'));
await attempt('readShadow', () => readFileSync('/etc/shadow', 'utf8'));
${writeTargets.map((f, i) => `await attempt('write${i}', () => { writeFileSync(${JSON.stringify(f)}, 'pwned'); return 'written'; });`).join('\n')}
await attempt('socket', () => new Promise((resolve, reject) => {
  import('node:net').then(({ default: net }) => {
    const s = net.connect(${port}, '127.0.0.1', () => { s.end(); resolve('connected'); });
    s.on('error', reject);
    setTimeout(() => reject(new Error('timeout')), 2000);
  }).catch(reject);
}));
await attempt('fetch', async () => (await fetch('http://127.0.0.1:${port}/')).status);
await attempt('childProcess', async () => (await import('node:child_process')).execSync('id').toString());
`;

interface Results {
  [name: string]: { ok: boolean; value?: string; error?: string };
}

/**
 * A stand-in web app laid out like the real one (apps/web in a repository with its store
 * inside), whose build runs its page code (`prerender.mjs`) the way the real build runs React
 * Router's: through containedNodeArgs, under Node's permission model and with the network closed.
 */
async function standInRepo(prerenderCode: string, buildPrelude = '') {
  const root = await tempDir('cedar-sandbox-repo-');
  const web = path.join(root, 'apps/web');
  const scripts = path.join(web, 'scripts');
  await fs.mkdir(scripts, { recursive: true });
  await fs.mkdir(path.join(root, 'node_modules'));
  await fs.mkdir(path.join(root, 'packages'));
  await fs.writeFile(path.join(root, 'package.json'), '{"type":"module"}');
  await fs.writeFile(path.join(web, 'package.json'), '{"type":"module"}');
  for (const name of ['build-permissions.mjs', 'no-network.mjs'])
    await fs.copyFile(path.join(repoRoot, 'apps/web/scripts', name), path.join(scripts, name));
  await fs.writeFile(
    path.join(scripts, 'build.mjs'),
    `import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { containedNodeArgs } from './build-permissions.mjs';
const out = process.argv[process.argv.indexOf('--out-dir') + 1];
fs.writeFileSync(path.join(out, 'started-at'), String(Date.now()));
fs.writeFileSync(path.join(out, 'pid'), String(process.pid));
if (process.argv.includes('--wait')) {
  let text = '';
  process.stdin.on('data', (chunk) => (text += chunk));
  await new Promise((resolve) => process.stdin.on('end', resolve));
  if (!text.startsWith('go')) process.exit(0);
}
fs.mkdirSync(path.join(out, 'client'), { recursive: true });
${buildPrelude}
const child = spawn(process.execPath, containedNodeArgs(path.resolve('.'), out, path.resolve('scripts/prerender.mjs'), ['--out-dir', out]), { stdio: 'inherit' });
child.on('close', (code) => process.exit(code ?? 1));
`,
  );
  const dataDir = path.join(root, 'data');
  await fs.mkdir(dataDir);
  await fs.writeFile(path.join(dataDir, 'admins.db'), `{"passwordHash":"${STORE_BYTES}"}\n`);
  const repo = { root, web, dataDir };
  await writePrerender(repo, prerenderCode);
  return repo;
}

/** The stand-in's page code: what the prerender runs. */
const writePrerender = (repo: { web: string }, code: string) =>
  fs.writeFile(
    path.join(repo.web, 'scripts/prerender.mjs'),
    `import fs from 'node:fs';\nconst out = process.argv[process.argv.indexOf('--out-dir') + 1];\n${code}`,
  );

async function outsideFile() {
  const dir = await tempDir('cedar-outside-');
  const file = path.join(dir, 'private.txt');
  await fs.writeFile(file, OUTSIDE_BYTES);
  return file;
}

const builder = (
  kind: SandboxKind,
  repo: { root: string; web: string; dataDir: string },
  timeoutMs = 60_000,
  more: Partial<WebBuilderOptions> = {},
) =>
  webAppBuilder({
    webAppDir: repo.web,
    repoRoot: repo.root,
    dataDir: repo.dataDir,
    sandbox: kind,
    timeoutMs,
    publicUrl: 'https://cedarblufflabradors.example',
    ...more,
  });

/** Every file below `dir`, as text, joined: what the build published. */
async function everything(dir: string): Promise<string> {
  const parts: string[] = [];
  for (const entry of await fs.readdir(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile())
      parts.push(await fs.readFile(path.join(entry.parentPath, entry.name), 'utf8'));
  return parts.join('\n');
}

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

describe('the environment of a rebuild', () => {
  it('carries what the build needs and no secret of the server', () => {
    const env = buildEnvironment('https://cedarblufflabradors.example');
    expect(Object.keys(env).sort()).toEqual(
      [
        'HOME',
        'LANG',
        'NODE_ENV',
        'PATH',
        'PUBLIC_URL',
        'TMPDIR',
        ...(process.env.TZ ? ['TZ'] : []),
      ].sort(),
    );
    expect(JSON.stringify(env)).not.toContain(SECRET);
  });

  it('is contained by bubblewrap wherever it can run, with Code mode on', () => {
    expect(chooseSandbox('auto')).toEqual({ kind: KINDS[0], codeOff: null });
  });

  it('where bubblewrap cannot run, turns Code mode off and still rebuilds data under Node permissions', () => {
    const choice = chooseSandbox('auto', '/nonexistent/bwrap');
    expect(choice.kind).toBe('node-permissions');
    expect(choice.codeOff).toMatch(
      /^Code mode is off on this server: bubblewrap cannot run here \(bwrap cannot be started \(ENOENT\).*Words, litters and photos still publish\.$/,
    );
    expect(() => chooseSandbox('bubblewrap', '/nonexistent/bwrap')).toThrow(
      /^PUBLISH_SANDBOX=bubblewrap, but bwrap cannot be started/,
    );
  });

  it("keeps Code mode on under Node permissions only as a developer's explicit choice", () => {
    expect(chooseSandbox('node', '/nonexistent/bwrap')).toEqual({
      kind: 'node-permissions',
      codeOff: null,
    });
  });
});

describe.each(KINDS)('a rebuild in the %s sandbox', (kind) => {
  it('runs scripts/build.mjs with --out-dir in the web app, and rejects with the output tail on failure', async () => {
    const repo = await standInRepo(
      `fs.writeFileSync(out + '/client/ok.txt', 'built');\nconsole.log('prerendered 11 routes');`,
    );
    const out = path.join(repo.web, 'dist/builds/one');
    await builder(kind, repo)(out, new AbortController().signal);
    expect(await fs.readFile(path.join(out, 'client/ok.txt'), 'utf8')).toBe('built');

    const failing = await standInRepo(
      `console.log('vite building...');\nconsole.error('src/sections/hero-section.tsx (3:9): Expected ";"');\nprocess.exit(2);`,
    );
    await expect(
      builder(kind, failing)(
        path.join(failing.web, 'dist/builds/two'),
        new AbortController().signal,
      ),
    ).rejects.toThrow(/vite building[\s\S]*hero-section\.tsx \(3:9\)[\s\S]*exit code 2/);
  });

  it('gives page code no secret, no store byte, no file outside, no write outside its build, and no network', async () => {
    const repo = await standInRepo('');
    const outside = await outsideFile();
    const targets = [
      path.join(repo.web, 'src-pwned.txt'),
      path.join(repo.dataDir, 'pwned.db'),
      path.join(path.dirname(outside), 'pwned.txt'),
      path.join(repo.web, 'dist/builds/pwned.txt'),
    ];
    await writePrerender(
      repo,
      `${HOSTILE(path.join(repo.dataDir, 'admins.db'), outside, targets)}\nfs.writeFileSync(out + '/client/results.json', JSON.stringify(results));`,
    );
    const out = path.join(repo.web, 'dist/builds/evil');
    await builder(kind, repo)(out, new AbortController().signal);

    const results = JSON.parse(
      await fs.readFile(path.join(out, 'client/results.json'), 'utf8'),
    ) as Results;
    const published = await everything(out);
    expect(results.env?.ok).toBe(true);
    expect(published).not.toContain(SECRET);
    expect(published).not.toContain(STORE_BYTES);
    expect(published).not.toContain(OUTSIDE_BYTES);
    for (const name of [
      'readStore',
      'readOutside',
      'readShadow',
      'socket',
      'fetch',
      'childProcess',
    ])
      expect(results[name], `${name}: ${JSON.stringify(results[name])}`).toMatchObject({
        ok: false,
      });
    for (let i = 0; i < targets.length; i++) {
      expect(results[`write${i}`]?.ok, `write${i}`).toBe(false);
      expect(await exists(targets[i]!), targets[i]).toBe(false);
    }
    expect(connections).toBe(0);
  });

  it('kills the build and every process it started after PUBLISH_TIMEOUT, and reports it', async () => {
    // The build starts a helper that ticks a file, then never ends; so does the prerender.
    const repo = await standInRepo(
      `setInterval(() => fs.writeFileSync(out + '/client/prerender-tick', String(Date.now())), 50);`,
      `const helper = spawn(process.execPath, ['-e', "setInterval(() => require('fs').writeFileSync(process.argv[1], String(Date.now())), 50)", path.join(out, 'helper-tick')], { stdio: 'ignore' });\nhelper.unref();`,
    );
    const out = path.join(repo.web, 'dist/builds/loop');
    const started = Date.now();
    await expect(builder(kind, repo, 3000)(out, new AbortController().signal)).rejects.toThrow(
      /PUBLISH_TIMEOUT \(3 s\)/,
    );
    const elapsed = Date.now() - started;
    expect(elapsed).toBeLessThan(3000 + 5000);
    // Both tickers ran, and both are gone: their files stop changing.
    const ticks = async () =>
      Promise.all(
        ['helper-tick', 'client/prerender-tick'].map((f) => fs.readFile(path.join(out, f), 'utf8')),
      );
    const before = await ticks();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await ticks()).toEqual(before);
  });
});

describe('a build started ahead of the save', () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  /** The stand-in's page code copies a source file into its build, read after the go. */
  const copySource = `fs.mkdirSync(out + '/client', { recursive: true });\nfs.writeFileSync(out + '/client/words.txt', fs.readFileSync('src/words.txt', 'utf8'));`;
  const waiting = async (repo: { root: string }) =>
    (await fs.readdir(path.join(repo.root, 'apps/web/dist/next')).catch(() => [])).filter((name) =>
      name.startsWith(`${process.pid}-`),
    );

  it('waits, then builds what was saved when asked; the next one is waiting as soon as it ends', async () => {
    const repo = await standInRepo(copySource);
    await fs.mkdir(path.join(repo.web, 'src'));
    await fs.writeFile(path.join(repo.web, 'src/words.txt'), 'before the save');
    const stop = new AbortController();
    // Outside bubblewrap, where the test can see (and kill) the process by its pid.
    const build = builder('node-permissions', repo, 60_000, { ahead: true, stop: stop.signal });
    try {
      // Started before anything asked for it, and waiting: nothing built yet.
      expect(await waiting(repo)).toHaveLength(1);
      const [first] = await waiting(repo);
      const folder = path.join(repo.root, 'apps/web/dist/next', first!);
      await sleep(300);
      expect(await exists(path.join(folder, 'started-at'))).toBe(true);
      expect(await exists(path.join(folder, 'client'))).toBe(false);

      await fs.writeFile(path.join(repo.web, 'src/words.txt'), 'the saved words');
      const asked = Date.now();
      const out = path.join(repo.web, 'dist/builds/one');
      await build(out, new AbortController().signal);
      const startedAt = Number(await fs.readFile(path.join(out, 'started-at'), 'utf8'));
      expect(startedAt).toBeLessThan(asked);
      expect(await fs.readFile(path.join(out, 'client/words.txt'), 'utf8')).toBe('the saved words');
      expect(await exists(folder)).toBe(false);

      // The next build's process is already waiting, in a folder of its own.
      const next = await waiting(repo);
      expect(next).toHaveLength(1);
      expect(next[0]).not.toBe(first);

      // A waiting process that died is replaced when a build is asked for.
      const nextFolder = path.join(repo.root, 'apps/web/dist/next', next[0]!);
      await expect.poll(() => exists(path.join(nextFolder, 'pid'))).toBe(true);
      process.kill(Number(await fs.readFile(path.join(nextFolder, 'pid'), 'utf8')), 'SIGKILL');
      await sleep(200);
      await fs.writeFile(path.join(repo.web, 'src/words.txt'), 'saved again');
      const two = path.join(repo.web, 'dist/builds/two');
      await build(two, new AbortController().signal);
      expect(await fs.readFile(path.join(two, 'client/words.txt'), 'utf8')).toBe('saved again');
    } finally {
      stop.abort();
    }
    // Stopped with the server: the waiting process ends and its folder goes.
    expect(await waiting(repo)).toEqual([]);
  });

  it('leaves a folder whose server is gone to be removed by the next server', async () => {
    const repo = await standInRepo(copySource);
    const orphan = path.join(repo.root, 'apps/web/dist/next/999999999-abc');
    await fs.mkdir(path.join(orphan, 'client'), { recursive: true });
    const stop = new AbortController();
    builder('node-permissions', repo, 60_000, { stop: stop.signal });
    stop.abort();
    expect(await exists(orphan)).toBe(false);
  });
});

/** What the hostile section writes into its build's client folder, at once and again at exit. */
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>planted()</script></svg>';
const PLANTED: Record<string, string> = {
  'admin.html': '<!doctype html><title>planted admin</title><script>planted()</script>',
  'admin/login/index.html': '<!doctype html><title>planted login</title>',
  'planted/index.html': '<!doctype html><title>planted page</title>',
  'planted.html': '<!doctype html><title>planted page</title>',
  'favicon.svg': SVG,
  'robots.txt': 'planted robots',
  'images/planted.svg': SVG,
  'images/dogs/planted.jpg': SVG,
  'img/planted/dogs/planted-480.avif': SVG,
  'assets/planted.js': 'planted()',
  // A compressed copy of the home page that is not the page: a publish build's copies are not read.
  'index.html.br': 'planted copy',
};
const START_UP_ADMIN = '<!doctype html><title>Admin (the start-up build)</title>';
const PLANT = `
const plantFs = await import('node:fs');
const plantPath = await import('node:path');
// The client folder this build writes: React Router's (WEB_OUT_DIR, which scripts/build.mjs moves
// to <out>/client), or an --out-dir's.
const plantOut = process.argv.indexOf('--out-dir');
const plantDir = process.env.WEB_OUT_DIR
  ? plantPath.join(process.env.WEB_OUT_DIR, 'client')
  : plantOut >= 0
    ? plantPath.join(process.argv[plantOut + 1], 'client')
    : null;
const plant = () => {
  if (!plantDir) return;
  for (const [rel, content] of Object.entries(${JSON.stringify(PLANTED)})) {
    try {
      plantFs.mkdirSync(plantPath.dirname(plantPath.join(plantDir, rel)), { recursive: true });
      plantFs.writeFileSync(plantPath.join(plantDir, rel), content);
    } catch {}
  }
  try { plantFs.symlinkSync(${JSON.stringify('__STORE__')}, plantPath.join(plantDir, 'images/leak.jpg')); } catch {}
};
plant();
process.on('exit', plant);
`;

describe('a real rebuild of the web app with a hostile section', { timeout: 240_000 }, () => {
  it(`publishes nothing of the server's secrets, store or files (${KINDS[0]} sandbox)`, async () => {
    const copy = await tempDir('cedar-real-build-');
    await linkRepoCopy(repoRoot, copy);
    const dataDir = path.join(copy, 'data');
    await fs.mkdir(dataDir);
    await fs.writeFile(path.join(dataDir, 'admins.db'), `{"passwordHash":"${STORE_BYTES}"}\n`);
    const outside = await outsideFile();
    const targets = [
      path.join(copy, 'apps/web/src/pwned.txt'),
      path.join(path.dirname(outside), 'pwned.txt'),
    ];
    // A hero section that tries everything when the prerender renders it. Written by unlinking
    // first: the copy's files are hard links to the real repository's.
    const hero = path.join(copy, 'apps/web/src/sections/hero-section.tsx');
    await fs.rm(hero);
    await fs.writeFile(
      hero,
      `${HOSTILE(path.join(dataDir, 'admins.db'), outside, targets)}
${PLANT.replace('__STORE__', path.join(dataDir, 'admins.db'))}
export function HeroSection() {
  return <section id="hostile-results">{JSON.stringify(results)}</section>;
}
`,
    );
    const out = path.join(copy, 'apps/web/dist/builds/hostile');
    await webAppBuilder({
      webAppDir: path.join(copy, 'apps/web'),
      repoRoot: copy,
      dataDir,
      sandbox: KINDS[0]!,
      timeoutMs: 180_000,
      publicUrl: 'http://localhost:3000',
    })(out, new AbortController().signal);

    const home = await fs.readFile(path.join(out, 'client/index.html'), 'utf8');
    const shown = /<section id="hostile-results">([^<]*)<\/section>/.exec(home)?.[1];
    expect(shown, 'the hostile section rendered its results').toBeDefined();
    const unescaped = shown!
      .replaceAll('&quot;', '"')
      .replaceAll('&#x27;', "'")
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&');
    const results = JSON.parse(unescaped) as Results;
    for (const name of ['readStore', 'readOutside', 'socket', 'fetch', 'childProcess'])
      expect(results[name], `${name}: ${JSON.stringify(results[name])}`).toMatchObject({
        ok: false,
      });
    const published = await everything(path.join(out, 'client'));
    expect(published).not.toContain(SECRET);
    expect(published).not.toContain(STORE_BYTES);
    expect(published).not.toContain(OUTSIDE_BYTES);
    for (const target of targets) expect(await exists(target), target).toBe(false);
    expect(connections).toBe(0);

    // What the section wrote into its own build at build time is there, and none of it is
    // served: the server adopts only what a public page needs, and the admin area's shell and
    // scripts come from the start-up build.
    const client = path.join(out, 'client');
    for (const rel of Object.keys(PLANTED))
      expect(await fs.readFile(path.join(client, rel), 'utf8'), rel).toBe(PLANTED[rel]);
    const shellDir = await tempDir('cedar-start-up-build-');
    await fs.mkdir(path.join(shellDir, 'assets'));
    await fs.writeFile(path.join(shellDir, 'admin.html'), START_UP_ADMIN);
    await fs.writeFile(path.join(shellDir, 'robots.txt'), 'User-agent: *\n');
    const app = Fastify({ logger: false });
    try {
      await webHost(
        app,
        new WebHost(
          await loadSiteShell(shellDir),
          await loadWebBuild(client, 'hostile', PUBLIC_ROUTES, new Map(), false),
        ),
      );
      expect((await app.inject({ url: '/' })).body).toContain('hostile-results');
      // A publish build is the public pages only (build.mjs --publish), not precompressed: the
      // server compresses what it adopts.
      const manifest = await fs.readFile(path.join(client, '.vite/manifest.json'), 'utf8');
      expect(manifest).toContain('src/features/home/home-page.tsx');
      expect(manifest).not.toContain('src/features/admin/');
      // No admin shell of the build's own (React Router's SPA fallback is dropped): the
      // admin.html there is the section's plant, checked above.
      expect(await exists(path.join(client, '__spa-fallback.html'))).toBe(false);
      const brotli = await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toContain('hostile-results');
      for (const url of ['/admin/login', '/admin', '/admin/files'])
        expect((await app.inject({ url })).body, url).toBe(START_UP_ADMIN);
      for (const url of Object.keys(PLANTED)
        .map((rel) => `/${rel}`)
        .concat(['/admin.html', '/planted', '/images/leak.jpg'])) {
        const res = await app.inject({ url });
        if (url === '/robots.txt') expect(res.body, url).toBe('User-agent: *\n');
        else if (url.startsWith('/admin/')) expect(res.body, url).toBe(START_UP_ADMIN);
        else expect(res.statusCode, url).toBe(404);
        expect(res.body, url).not.toContain('planted');
        expect(res.body, url).not.toContain(STORE_BYTES);
      }
    } finally {
      await app.close();
    }
    // The real repository was never touched through the links.
    expect(
      createHash('sha256')
        .update(await fs.readFile(path.join(repoRoot, 'apps/web/src/sections/hero-section.tsx')))
        .digest('hex'),
    ).not.toBe(
      createHash('sha256')
        .update(await fs.readFile(hero))
        .digest('hex'),
    );
  });
});
