// Faults during a publish: the real server process killed with SIGKILL at each point of a publish,
// then started again on the same DATA_DIR and repository, must come to serve what the saved files
// say without another save. The builder is the real one (webAppBuilder, a child process running
// apps/web/scripts/build.mjs); that script is a stand-in doing what build.mjs does in miniature.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { EDITABLE_FILES, fileUrl, publishStatusSchema } from '@cedar/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRepoCopy } from '../test/build';
import { HERO } from '../test/per-test';
import { logIn, type Server, serverProcesses } from '../test/server-process';

const heroSource = (headline: string) =>
  `export function HeroSection() {\n  return <h1>${headline}</h1>;\n}\n`;
// The build-info package's compiled JavaScript (its build), which the stand-in runs as node does.
const FINGERPRINT_MODULE = 'packages/build-info/dist/index.js';

/**
 * The stand-in build: reads the sources' fingerprint first, then the files themselves (as Vite
 * does), writes the home page, then the other pages, and records the fingerprint last. Where
 * scripts/pause-at says, it leaves a marker in its output folder and waits until the server that
 * started it is gone (its pipe to the server then breaks).
 */
const STAND_IN = `import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { readSources, writeBuildInfo } from '../../../${FINGERPRINT_MODULE}';

// --wait: started ahead of the save, it builds once the server writes \`go\` (web-builder.ts).
if (process.argv.includes('--wait')) {
  const go = await new Promise((resolve) => {
    let text = '';
    process.stdin.on('data', (chunk) => (text += chunk));
    process.stdin.on('end', () => resolve(text.startsWith('go')));
  });
  if (!go) process.exit(0);
}

const here = import.meta.dirname;
const repoRoot = path.resolve(here, '../../..');
const out = path.resolve(here, '..', process.argv[process.argv.indexOf('--out-dir') + 1]);
const client = path.join(out, 'client');
const pauseAt = fs.readFileSync(path.join(here, 'pause-at'), 'utf8').trim();

async function step(name) {
  if (pauseAt !== name) return;
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, 'paused-at-' + name), '');
  process.stdout.on('error', () => process.exit(1));
  await new Promise(() => setInterval(() => process.stdout.write('.'), 20));
}

await step('start');
const sources = await readSources(repoRoot);
const read = Object.keys(sources.files).filter((file) => sources.files[file] !== null).map((file) => {
  const content = fs.readFileSync(path.join(repoRoot, file), 'utf8');
  return { file, content, sha: crypto.createHash('sha256').update(content).digest('hex') };
});
const headline = /<h1>(.*?)<\\/h1>/.exec(read.find((r) => r.file.endsWith('hero-section.tsx')).content)[1];
const page = (name) =>
  '<!doctype html><title>' + name + '</title><h1>' + headline + '</h1>\\n' +
  read.map((r) => '<meta name="source" content="' + r.file + ' ' + r.sha + '">').join('\\n');
fs.mkdirSync(path.join(client, 'puppies'), { recursive: true });
fs.writeFileSync(path.join(client, 'index.html'), page('home'));
await step('build');
fs.writeFileSync(path.join(client, 'puppies/index.html'), page('puppies'));
fs.writeFileSync(path.join(client, '404.html'), page('404'));
fs.writeFileSync(path.join(client, 'admin.html'), page('admin'));
fs.mkdirSync(path.join(client, '.vite'), { recursive: true });
fs.writeFileSync(path.join(client, '.vite/manifest.json'), '{}');
await writeBuildInfo(client, sources);
await step('end');
`;

const servers = serverProcesses('publish-crash-test');
let repo: string;
let dataDir: string;
let env: Record<string, string>;
const buildsDir = () => path.join(repo, 'apps/web/dist/builds');
const sha = (text: string) => createHash('sha256').update(text).digest('hex');

beforeAll(async () => {
  await servers.bundle();
  repo = await makeRepoCopy();
  dataDir = await fs.mkdtemp(path.join(repo, 'data-'));
  await fs.mkdir(path.join(repo, path.dirname(FINGERPRINT_MODULE)), { recursive: true });
  await fs.copyFile(
    path.resolve(import.meta.dirname, '../../../..', FINGERPRINT_MODULE),
    path.join(repo, FINGERPRINT_MODULE),
  );
  await fs.mkdir(path.join(repo, 'apps/web/scripts'), { recursive: true });
  await fs.writeFile(path.join(repo, 'apps/web/scripts/build.mjs'), STAND_IN);
  await pauseAt('');
  await fs.writeFile(path.join(repo, HERO), heroSource('Cedar Bluff Labradors'));
  // What `npm start` does before the server starts: build WEB_DIST from the sources.
  await promisify(execFile)(process.execPath, ['scripts/build.mjs', '--out-dir', 'dist'], {
    cwd: path.join(repo, 'apps/web'),
  });
  env = {
    DATA_DIR: dataDir,
    REPO_ROOT: repo,
    WEB_DIST: path.join(repo, 'apps/web/dist/client'),
    PUBLISH: 'auto',
  };
}, 60_000);

afterAll(async () => {
  await servers.cleanup();
  await fs.rm(repo, { recursive: true, force: true });
});

function pauseAt(point: '' | 'start' | 'build' | 'end') {
  return fs.writeFile(path.join(repo, 'apps/web/scripts/pause-at'), point);
}

/** Until `check` holds, looking every 20 ms; fails after `ms`. */
async function until<T>(check: () => Promise<T | null>, what: string, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const buildFolders = async () => new Set(await fs.readdir(buildsDir()).catch(() => []));

/**
 * The build folder whose stand-in build has stopped at `point`: a folder of a build process that
 * still runs (`apps/web/dist/next`: the process started ahead of the save waits there), or one
 * among the builds that is not in `before`.
 */
const pausedBuild = (before: Set<string>, point: string) =>
  until(async () => {
    const next = path.join(repo, 'apps/web/dist/next');
    const folders = [
      ...(await fs.readdir(next).catch(() => [])).map((name) => path.join(next, name)),
      ...[...(await buildFolders())]
        .filter((id) => !before.has(id))
        .map((id) => path.join(buildsDir(), id)),
    ];
    for (const folder of folders)
      if (await fs.stat(path.join(folder, `paused-at-${point}`)).catch(() => null)) return folder;
    return null;
  }, `a build paused at ${point}`);

/** What the served home page was made from, against the section files on disk: the differences. */
async function differences(server: Server): Promise<string[]> {
  const html = await (await fetch(`${server.base}/`)).text();
  const diffs: string[] = [];
  const headline = /<h1>(.*?)<\/h1>/.exec(html)?.[1];
  const onDisk = /<h1>(.*?)<\/h1>/.exec(await fs.readFile(path.join(repo, HERO), 'utf8'))?.[1];
  if (headline !== onDisk) diffs.push(`headline "${headline}", on disk "${onDisk}"`);
  for (const { path: file } of EDITABLE_FILES) {
    const served = new RegExp(`<meta name="source" content="${file} ([0-9a-f]{64})">`).exec(html);
    if (served?.[1] !== sha(await fs.readFile(path.join(repo, file), 'utf8')))
      diffs.push(`${file} differs`);
  }
  return diffs;
}

const builds = (server: Server) =>
  server
    .output()
    .split('\n')
    .filter((l) => l.includes('publishing: building the web app')).length;

async function save(server: Server, auth: Record<string, string>, headline: string) {
  const res = await fetch(server.base + fileUrl(HERO), {
    method: 'PUT',
    headers: { ...auth, 'content-type': 'text/plain' },
    body: heroSource(headline),
  });
  expect(res.status, await res.text()).toBe(200);
}

async function status(server: Server, auth: Record<string, string>) {
  const res = await fetch(`${server.base}/api/admin/publish`, { headers: auth });
  return publishStatusSchema.parse(await res.json());
}

async function kill(server: Server) {
  server.child.kill('SIGKILL');
  await server.exited;
}

/** Starts the server again; resolves once the served home page matches the files on disk. */
async function restartUntilCurrent() {
  const began = Date.now();
  const server = await servers.start(env);
  const listening = Date.now() - began;
  await until(
    async () => ((await differences(server)).length === 0 ? true : null),
    'the served page to match the files on disk',
  );
  return { server, listening, current: Date.now() - began };
}

describe('kill -9 during a publish, then a restart on the same DATA_DIR and repository', () => {
  it(
    'serves what the saved files say, without another save, whatever the point of the stop',
    {
      timeout: 300_000,
    },
    async () => {
      const figures: string[] = [];
      let server = await servers.start(env);
      let auth = await logIn(server.base);
      expect(await differences(server)).toEqual([]);
      const first = await status(server, auth);
      expect(first).toMatchObject({ state: 'idle', reason: null });
      // The stand-in runs the way a real build would: bubblewrap where it works here.
      figures.push(`builds contained by ${first.sandbox}`);

      // The usual publish: a save (that leaks a private line), then its build goes live.
      const began = Date.now();
      await save(server, auth, 'Call 518-555-0199 for the private waitlist');
      await until(
        async () => ((await differences(server)).length === 0 ? true : null),
        'the first publish',
      );
      const usual = Date.now() - began;
      figures.push(`usual publish ${usual} ms`);

      const REPUBLISHED =
        /^No build is made from the saved files \(hero-section\.tsx changed since .+\): publishing them now, without waiting for a save\.$/;
      /**
       * Saves with the stand-in set to stop at `point`, kills the server where `act` says, starts it
       * again and checks what it serves, how many builds that took, and what the status says.
       */
      const scenario = async (
        name: string,
        point: '' | 'start' | 'build' | 'end',
        act: (before: Set<string>) => Promise<void>,
        expected: { builds: number; state: string; reason: RegExp | null },
      ) => {
        await pauseAt(point);
        const before = await buildFolders();
        await act(before);
        await kill(server);
        await pauseAt('');
        const restarted = await restartUntilCurrent();
        server = restarted.server;
        auth = await logIn(server.base);
        expect(builds(server), `${name}: builds after the restart`).toBe(expected.builds);
        const after = await status(server, auth);
        expect(after.state, name).toBe(expected.state);
        if (expected.reason) expect(after.reason, name).toMatch(expected.reason);
        else expect(after.reason, name).toBeNull();
        figures.push(
          `${name}: listening after ${restarted.listening} ms, serving the saved files after ${restarted.current} ms (${expected.builds} build)`,
        );
      };

      // The owner takes the leaked line back; the server stops while that build runs. The build
      // `npm start` made holds the original: it is served at once.
      await scenario(
        'during the build of a take-back',
        'build',
        async (before) => {
          await save(server, auth, 'Cedar Bluff Labradors');
          await pausedBuild(before, 'build');
        },
        {
          builds: 0,
          state: 'idle',
          reason:
            /\(hero-section\.tsx changed since build .+\): serving the build in WEB_DIST, the newest one that is\.$/,
        },
      );
      await scenario(
        'before the build starts',
        'start',
        async (before) => {
          await save(server, auth, 'Open house on Saturday');
          await pausedBuild(before, 'start');
        },
        { builds: 1, state: 'published', reason: REPUBLISHED },
      );
      await scenario(
        'during the build',
        'build',
        async (before) => {
          await save(server, auth, 'English Labradors in Cambridge, New York');
          await pausedBuild(before, 'build');
        },
        { builds: 1, state: 'published', reason: REPUBLISHED },
      );
      // The build is whole on disk, but its process has not ended: its folder is moved among the
      // builds only once it has, so the restart builds again.
      await scenario(
        'between the build and the swap',
        'end',
        async (before) => {
          await save(server, auth, 'Bred for beauty and temperament');
          await pausedBuild(before, 'end');
        },
        { builds: 1, state: 'published', reason: REPUBLISHED },
      );
      await scenario(
        'during the swap',
        '',
        async () => {
          const from = server.output().length;
          await save(server, auth, 'Fifty years of English Labradors');
          await server.waitFor(/"msg":"security: publish success"/, from);
        },
        { builds: 0, state: 'idle', reason: null },
      );
      await scenario(
        'with a second save queued behind the build',
        'build',
        async (before) => {
          await save(server, auth, 'First of two saves');
          await pausedBuild(before, 'build');
          await save(server, auth, 'Second of two saves');
          expect((await status(server, auth)).state).toBe('building');
        },
        { builds: 1, state: 'published', reason: REPUBLISHED },
      );
      await scenario(
        'during the build the restart started',
        'build',
        async (before) => {
          await save(server, auth, 'Saved before two stops');
          await pausedBuild(before, 'build');
          await kill(server);
          // Started again, it republishes at once; stopped again while that build runs.
          const again = await buildFolders();
          server = await servers.start(env);
          await pausedBuild(again, 'build');
        },
        { builds: 1, state: 'published', reason: REPUBLISHED },
      );

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      console.log(`kill -9 during a publish: ${figures.join('; ')}`);
    },
  );
});
