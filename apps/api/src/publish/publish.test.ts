import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { restoreUrl } from '@cedar/api-contract';
import { BUILD_INFO_FILE, readSources } from '@cedar/build-info';
import { kennelDay } from '@cedar/litter-logic';
import { describe, expect, it } from 'vitest';
import {
  build,
  logIn,
  type LoggedIn,
  makeRepoCopy,
  type TestApp,
  writeFakeBuild,
} from '../test/build';
import {
  HERO,
  heroVersion,
  publishStatus as status,
  saveHero,
  signedInApp,
  tempDir,
  testApp,
} from '../test/per-test';
import type { Builder } from './publisher';

// outDir is <repo>/apps/web/dist/builds/<id>
const repoOf = (outDir: string) => path.resolve(outDir, '../../../../..');
const heroLabel = (hero: string) => /Version (\d+)/.exec(hero)?.[1] ?? 'x';

/**
 * A builder that does what build.mjs does in miniature: reads the sources' fingerprint, then the
 * hero file, writes a fake build labelled by it and records the fingerprint last. Counts its runs;
 * `during` runs once the fingerprint is read.
 */
function fakeBuilder(during?: (run: number, repoRoot: string) => Promise<void>) {
  const runs: string[] = [];
  const builder: Builder = async (outDir) => {
    const repoRoot = repoOf(outDir);
    const sources = await readSources(repoRoot);
    await during?.(runs.length + 1, repoRoot);
    const label = heroLabel(await fs.readFile(path.join(repoRoot, HERO), 'utf8'));
    runs.push(label);
    await writeFakeBuild(path.join(outDir, 'client'), `v${label}`, undefined, sources);
  };
  return { builder, runs };
}

/** The app serving a WEB_DIST labelled v1 that was built from its repository's sources. */
async function setup(builder?: Builder, env: Record<string, string> = {}) {
  const repoRoot = await makeRepoCopy();
  const webDist = await tempDir('cedar-dist-');
  await writeFakeBuild(webDist, 'v1', undefined, await readSources(repoRoot));
  const a = await signedInApp({ webDist, builder, env, repoRoot });
  return a;
}

const save = (a: TestApp & LoggedIn, n: number) => saveHero(a, heroVersion(n));
const page = async (a: TestApp, url = '/') => (await a.app.inject({ method: 'GET', url })).body;

describe('publishing', () => {
  it('reports live-reload in development, where Vite shows the change', async () => {
    const a = await signedInApp();
    expect(await status(a)).toEqual({
      state: 'live-reload',
      buildId: null,
      startedAt: null,
      finishedAt: null,
      elapsedMs: null,
      usualMs: null,
      lastPhasesMs: null,
      error: null,
      sandbox: null,
      reason: null,
      codeOff: null,
    });
    expect((await save(a, 2)).statusCode).toBe(200);
    expect((await status(a)).state).toBe('live-reload');
  });

  it('rebuilds after a save into a new folder and swaps it in once it is complete', async () => {
    // The build waits until the test has seen it building: on a loaded machine the fake build
    // could otherwise be over before the status is asked for.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { builder, runs } = fakeBuilder(() => held);
    const a = await setup(builder);
    expect(await status(a)).toMatchObject({ state: 'idle', buildId: 'initial', reason: null });
    expect(await page(a)).toContain('v1 /');

    expect((await save(a, 2)).statusCode).toBe(200);
    expect((await status(a)).state).toBe('building');
    release();
    await a.services.publisher.settled();
    const after = await status(a);
    expect(after).toMatchObject({ state: 'published', error: null });
    expect(after.buildId).not.toBe('initial');
    expect(after.finishedAt).not.toBeNull();
    expect(runs).toEqual(['2']);
    expect(await page(a)).toContain('v2 /');
    expect(await page(a, '/puppies')).toContain('v2 /puppies');
    expect(await page(a, '/nowhere')).toContain('v2 404');
    // Assets of the new build, and of the previous one for pages already open in a browser.
    expect((await a.app.inject({ method: 'GET', url: '/assets/app-v2.js' })).statusCode).toBe(200);
    expect((await a.app.inject({ method: 'GET', url: '/assets/app-v1.js' })).statusCode).toBe(200);
    // The site-wide files and the admin area stay the start-up build's.
    expect(await page(a, '/robots.txt')).toContain('v1');
    expect(await page(a, '/admin/login')).toContain('v1 admin');
    // The build's record of its sources stays private.
    const record = await a.app.inject({ method: 'GET', url: `/${BUILD_INFO_FILE}` });
    expect(record.statusCode).toBe(404);
    expect(record.body).toContain('v2 404');
  });

  it('reads no compressed copy a publish build brings, now or after a restart: it writes none, so any is planted', async () => {
    const { builder: fake } = fakeBuilder();
    const builder: Builder = async (outDir, signal) => {
      await fake(outDir, signal);
      await fs.writeFile(
        path.join(outDir, 'client/index.html.br'),
        zlib.brotliCompressSync('<!doctype html><title>planted</title>'),
      );
    };
    const a = await setup(builder);
    await save(a, 2);
    await a.services.publisher.settled();
    const home = async (app: TestApp) => {
      const res = await app.app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
      // The page is too small to be worth a copy: the planted one is gone, not sent in its place.
      return res.headers['content-encoding'] === 'br'
        ? zlib.brotliDecompressSync(res.rawPayload).toString()
        : res.body;
    };
    expect(await home(a)).toContain('v2 /');
    // Planted again in the kept build, for the restart to find.
    await fs.writeFile(
      path.join(a.app.site!.current.root, 'index.html.br'),
      zlib.brotliCompressSync('<!doctype html><title>planted</title>'),
    );
    expect(await home(await restart(a))).toContain('v2 /');
  });

  it('makes its own compressed copies of what it published, made once settled() resolves', async () => {
    // A home page worth compressing (1 KB and more), as a real build's is.
    const big = (label: string) =>
      `<!doctype html><title>${label} /</title>${'<p>Labradors</p>'.repeat(200)}`;
    const { builder: fake } = fakeBuilder();
    const builder: Builder = async (outDir, signal) => {
      await fake(outDir, signal);
      const home = path.join(outDir, 'client/index.html');
      await fs.writeFile(home, big(/<title>(v\S+) /.exec(await fs.readFile(home, 'utf8'))![1]!));
    };
    const a = await setup(builder);
    await save(a, 2);
    await a.services.publisher.settled();
    const res = await a.app.inject({
      url: '/',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(big('v2'));
    // Each copy beside the page, and nothing half-written.
    const root = a.app.site!.current.root;
    expect((await fs.readdir(root)).filter((f) => f.startsWith('index.html')).sort()).toEqual([
      'index.html',
      'index.html.br',
      'index.html.gz',
    ]);
  });

  it('reports how long the running build has taken and the usual duration of the last five', async () => {
    // Each build takes the next of these durations on the test's clock; the middle one is held
    // until the test has read the status while it runs.
    const durations = [40_000, 10_000, 30_000, 90_000, 20_000, 50_000];
    // The builder is made before the app whose clock it advances.
    const made: { clock?: TestApp['clock'] } = {};
    let reached: () => void = () => {};
    let release: () => void = () => {};
    const { builder: inner } = fakeBuilder();
    const builder: Builder = async (outDir, signal) => {
      const run = durations.length;
      made.clock!.advance(durations.shift()!);
      if (run === 4) {
        reached();
        await new Promise<void>((resolve) => (release = resolve));
      }
      await inner(outDir, signal);
    };
    const a = await setup(builder);
    made.clock = a.clock;
    expect(await status(a)).toMatchObject({ elapsedMs: null, usualMs: null });

    await save(a, 2);
    await a.services.publisher.settled();
    expect(await status(a)).toMatchObject({ state: 'published', elapsedMs: null, usualMs: 40_000 });
    // Where it spent its time (the benchmark reports it): the build, the adoption, the gate.
    expect((await status(a)).lastPhasesMs).toEqual({
      build: expect.any(Number),
      adopt: expect.any(Number),
      gate: expect.any(Number),
    });
    await save(a, 3);
    await a.services.publisher.settled();
    expect((await status(a)).usualMs).toBe(25_000); // 10 s and 40 s

    const building = new Promise<void>((resolve) => (reached = resolve));
    await save(a, 4);
    await building;
    expect(await status(a)).toMatchObject({ state: 'building', elapsedMs: 30_000 });
    a.clock.advance(5_000);
    expect((await status(a)).elapsedMs).toBe(35_000);
    release();
    await a.services.publisher.settled();
    for (const n of [5, 6, 7]) {
      await save(a, n);
      await a.services.publisher.settled();
    }
    // The last five: 10, 35, 90, 20 and 50 s; the first (40 s) has gone.
    expect(await status(a)).toMatchObject({ state: 'published', usualMs: 35_000 });
  });

  it('keeps the old site live when the build fails, and reports the last lines of the error', async () => {
    const failing: Builder = async (outDir) => {
      await fs.mkdir(outDir, { recursive: true });
      const lines = Array.from({ length: 40 }, (_, i) => `build line ${i + 1}`);
      throw new Error(
        `${lines.join('\n')}\n\x1b[31merror\x1b[39m during build: hero-section.tsx: Cannot find name 'Titel'`,
      );
    };
    const a = await setup(failing);
    await save(a, 2);
    await a.services.publisher.settled();
    const s = await status(a);
    expect(s.state).toBe('failed');
    expect(s.buildId).toBe('initial');
    expect(s.error).toContain("Cannot find name 'Titel'");
    expect(s.error).not.toContain('\x1b');
    expect(s.error).not.toContain('build line 5\n');
    expect(s.error!.split('\n')).toHaveLength(20);
    expect(await page(a)).toContain('v1 /');
    // The failed attempt leaves no folder behind.
    expect(await fs.readdir(path.join(a.repoRoot, 'apps/web/dist/builds'))).toEqual([]);
  });

  it('refuses a build that lacks a page the live site has', async () => {
    const partial: Builder = async (outDir) =>
      writeFakeBuild(path.join(outDir, 'client'), 'v2', ['/'], await readSources(repoOf(outDir)));
    const a = await setup(partial);
    await save(a, 2);
    await a.services.publisher.settled();
    expect(await status(a)).toMatchObject({
      state: 'failed',
      error: expect.stringContaining('/puppies'),
    });
    expect(await page(a, '/puppies')).toContain('v1 /puppies');
  });

  it('refuses a build that does not record the sources it was made from', async () => {
    const unrecorded: Builder = async (outDir) => writeFakeBuild(path.join(outDir, 'client'), 'v2');
    const a = await setup(unrecorded);
    await save(a, 2);
    await a.services.publisher.settled();
    expect(await status(a)).toMatchObject({
      state: 'failed',
      error: `the build did not record the sources it was made from (${BUILD_INFO_FILE})`,
    });
    expect(await page(a)).toContain('v1 /');
  });

  it('builds again when a source was written during the build, by a save or by hand', async () => {
    const { builder, runs } = fakeBuilder(async (run, repoRoot) => {
      if (run === 1) await fs.writeFile(path.join(repoRoot, HERO), heroVersion(7));
    });
    const a = await setup(builder);
    await save(a, 2);
    await a.services.publisher.settled();
    expect(runs).toEqual(['7', '7']);
    expect(await page(a)).toContain('v7 /');
    const live = path.join(buildsDirOf(a), (await status(a)).buildId!, 'client');
    expect(JSON.parse(await fs.readFile(path.join(live, BUILD_INFO_FILE), 'utf8'))).toMatchObject({
      fingerprint: (await readSources(a.repoRoot)).fingerprint,
    });
  });

  it('queues exactly one more build for saves made during a build', async () => {
    const { builder: inner, runs } = fakeBuilder();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const builder: Builder = async (outDir, signal) => {
      if (runs.length === 0) await gate;
      await inner(outDir, signal);
    };
    const a = await setup(builder);
    await save(a, 2);
    await new Promise((r) => setTimeout(r, 20));
    await save(a, 3);
    await save(a, 4);
    await save(a, 5);
    release();
    await a.services.publisher.settled();
    expect(runs).toEqual(['5', '5']);
    expect(await page(a)).toContain('v5 /');
  });

  it('publishes a restored revision too', async () => {
    const { builder, runs } = fakeBuilder();
    const a = await setup(builder);
    const first = (await save(a, 2)).json().revision.id as string;
    await a.services.publisher.settled();
    await save(a, 3);
    await a.services.publisher.settled();
    const res = await a.app.inject({
      method: 'POST',
      url: restoreUrl(HERO, first),
      headers: { ...a.headers },
    });
    expect(res.statusCode).toBe(200);
    await a.services.publisher.settled();
    expect(runs).toEqual(['2', '3', '2']);
    expect(await page(a)).toContain('v2 /');
  });

  it('keeps only the live build and the two before it', async () => {
    const { builder } = fakeBuilder();
    const a = await setup(builder);
    for (let n = 2; n <= 6; n++) {
      await save(a, n);
      await a.services.publisher.settled();
    }
    const buildsDir = path.join(a.repoRoot, 'apps/web/dist/builds');
    expect(await fs.readdir(buildsDir)).toHaveLength(3);
  });

  it('does not build with PUBLISH=off', async () => {
    const { builder, runs } = fakeBuilder();
    const a = await setup(builder, { PUBLISH: 'off' });
    await save(a, 2);
    await a.services.publisher.settled();
    expect(runs).toEqual([]);
    expect(await status(a)).toMatchObject({ state: 'idle', buildId: 'initial' });
  });
});

/** Restarts the app on the same folders, signed in again. */
async function restart(a: TestApp) {
  const r = await a.restart();
  return Object.assign(r, await logIn(r.app));
}

const buildsDirOf = (a: TestApp) => path.join(a.repoRoot, 'apps/web/dist/builds');
/**
 * Touches the builds' records in this order, oldest first, so they count as landing on disk in
 * it: the file system's clock ticks too coarsely to order fast fake builds by their change times
 * alone, and their modification times break the ties.
 */
async function landInOrder(...clientDirs: string[]) {
  const start = Date.now() - clientDirs.length * 60_000;
  for (const [i, dir] of clientDirs.entries()) {
    const when = new Date(start + i * 60_000);
    await fs.utimes(path.join(dir, BUILD_INFO_FILE), when, when);
  }
}
/** Resolves once the file system's clock has moved past the change time of `file`. */
async function afterTick(file: string) {
  const probe = `${file}.tick`;
  const { ctimeMs } = await fs.stat(file);
  for (;;) {
    await fs.writeFile(probe, '');
    if ((await fs.stat(probe)).ctimeMs > ctimeMs) return fs.rm(probe);
  }
}
/** Writes a section file behind the server's back, as a save acknowledged just before a stop leaves it. */
const writeHero = (a: TestApp, n: number) =>
  fs.writeFile(path.join(a.repoRoot, HERO), heroVersion(n));
/** A builder whose second run waits until released, so a test can look at the site meanwhile. */
function heldSecondRun() {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const fake = fakeBuilder(async (run) => {
    if (run === 2) await held;
  });
  return { ...fake, release };
}

describe('at start-up', () => {
  it('serves the last published build when it was made from the saved files', async () => {
    const { builder, runs } = fakeBuilder();
    const a = await setup(builder);
    await save(a, 2);
    await a.services.publisher.settled();
    const id = (await status(a)).buildId;
    const restarted = await restart(a);
    expect(await page(restarted)).toContain('v2 /');
    expect(await status(restarted)).toMatchObject({ state: 'idle', buildId: id, reason: null });
    expect(runs).toEqual(['2']);
  });

  it('republishes at once when the saved files changed since every build, and says why', async () => {
    const { builder, runs, release } = heldSecondRun();
    const a = await setup(builder);
    await save(a, 2);
    await a.services.publisher.settled();
    const id = (await status(a)).buildId;
    await writeHero(a, 3);

    const restarted = await restart(a);
    // The newest build stays up while the saved files are published, without another save.
    expect(await page(restarted)).toContain('v2 /');
    const during = await status(restarted);
    expect(during.state).toBe('building');
    expect(during.reason).toBe(
      `No build is made from the saved files (hero-section.tsx changed since build ${id}): publishing them now, without waiting for a save.`,
    );
    release();
    await restarted.services.publisher.settled();
    expect(await page(restarted)).toContain('v3 /');
    expect(await status(restarted)).toMatchObject({ state: 'published', reason: during.reason });
    expect(runs).toEqual(['2', '3']);

    // The next save's build needs no explaining.
    await save(restarted, 4);
    await restarted.services.publisher.settled();
    expect(await status(restarted)).toMatchObject({ state: 'published', reason: null });
  });

  it('serves an older build made from the saved files when the newest was not, without building', async () => {
    const { builder, runs } = fakeBuilder();
    const a = await setup(builder);
    await save(a, 2);
    await a.services.publisher.settled();
    const older = (await status(a)).buildId!;
    await save(a, 3);
    await a.services.publisher.settled();
    const newest = (await status(a)).buildId!;
    await landInOrder(
      a.env.WEB_DIST!,
      path.join(buildsDirOf(a), older, 'client'),
      path.join(buildsDirOf(a), newest, 'client'),
    );
    // Taken back to version 2, and stopped before that save's build began.
    await writeHero(a, 2);

    const restarted = await restart(a);
    expect(await page(restarted)).toContain('v2 /');
    expect(await status(restarted)).toEqual({
      state: 'idle',
      sandbox: null,
      buildId: older,
      startedAt: null,
      finishedAt: null,
      elapsedMs: null,
      usualMs: null,
      lastPhasesMs: null,
      error: null,
      reason: `The newest build is not made from the saved files (hero-section.tsx changed since build ${newest}): serving build ${older}, the newest one that is.`,
      codeOff: null,
    });
    expect(runs).toEqual(['2', '3']);
  });

  it("rebuilds at start-up when the served build was rendered for another day, and not when it is today's", async () => {
    const { builder, runs } = fakeBuilder();
    const a = await setup(builder);
    const record = path.join(a.env.WEB_DIST!, BUILD_INFO_FILE);
    const stamp = async (buildDay: string) => {
      const info = JSON.parse(await fs.readFile(record, 'utf8')) as Record<string, unknown>;
      await fs.writeFile(record, JSON.stringify({ ...info, buildDay }));
    };
    const today = kennelDay(a.clock.now());
    await stamp(today);
    const same = await restart(a);
    expect(await status(same)).toMatchObject({ buildId: 'initial', reason: null });
    expect(runs).toEqual([]);

    // Stopped over midnight: the pages hold yesterday's litter ages.
    const yesterday = kennelDay(new Date(a.clock.now().getTime() - 86_400_000));
    await stamp(yesterday);
    const restarted = await restart(same);
    await restarted.services.publisher.settled();
    // One rebuild, of the unchanged sources.
    expect(runs).toHaveLength(1);
    expect(await status(restarted)).toMatchObject({
      state: 'published',
      reason: `The pages were built from the saved files on ${yesterday} and today is ${today} (the litters' ages and badges change with the day): publishing them now, without waiting for a save.`,
    });
  });

  it('counts WEB_DIST from when it landed, even when turbo restored it from its cache with an old date', async () => {
    const { builder, runs } = fakeBuilder();
    const a = await setup(builder);
    // A publish build made from these same sources by other code (before a checkout of older
    // code), then `npm start`, which restores that older code's WEB_DIST with its old dates.
    const other = path.join(buildsDirOf(a), '20260101000000000-other-code', 'client');
    await writeFakeBuild(other, 'other code', undefined, await readSources(a.repoRoot));
    const record = path.join(a.env.WEB_DIST!, BUILD_INFO_FILE);
    await afterTick(path.join(other, BUILD_INFO_FILE));
    await fs.writeFile(record, await fs.readFile(record));
    const longAgo = new Date(Date.now() - 30 * 86_400_000);
    await fs.utimes(record, longAgo, longAgo);

    const restarted = await restart(a);
    expect(await page(restarted)).toContain('v1 /');
    expect(await status(restarted)).toMatchObject({ buildId: 'initial', reason: null });
    expect(runs).toEqual([]);
  });

  it('never takes a build during which a source was written for current, even if the content came back', async () => {
    const { builder, runs } = fakeBuilder();
    const a = await setup(builder);
    const original = await fs.readFile(path.join(a.repoRoot, HERO), 'utf8');
    // A finished build that read the sources, then saw the hero saved as version 5 (which is what
    // it shows) and taken back before it ended.
    const id = '20260101000000000-mixed';
    const sources = await readSources(a.repoRoot);
    await writeHero(a, 5);
    await writeFakeBuild(path.join(buildsDirOf(a), id, 'client'), 'v5', undefined, sources);
    await landInOrder(a.env.WEB_DIST!, path.join(buildsDirOf(a), id, 'client'));
    await fs.writeFile(path.join(a.repoRoot, HERO), original);
    expect((await readSources(a.repoRoot)).fingerprint).toBe(sources.fingerprint);

    const restarted = await restart(a);
    expect(await page(restarted)).toContain('v1 /');
    expect(await status(restarted)).toMatchObject({
      state: 'idle',
      buildId: 'initial',
      reason: `The newest build is not made from the saved files (a file was saved while build ${id} was being made): serving the build in WEB_DIST, the newest one that is.`,
    });
    expect(runs).toEqual([]);
  });

  it('passes over a build left unfinished, and one whose removal was cut short', async () => {
    const { builder, runs } = fakeBuilder();
    const a = await setup(builder);
    const sources = await readSources(a.repoRoot);
    // An interrupted build has pages but no record; a folder being removed is renamed first.
    await writeFakeBuild(path.join(buildsDirOf(a), '20260101000000000-cut', 'client'), 'cut');
    await writeFakeBuild(
      path.join(buildsDirOf(a), '.20260101000000000-old.removing', 'client'),
      'removing',
      ['/'],
      sources,
    );
    const restarted = await restart(a);
    expect(await page(restarted)).toContain('v1 /');
    expect(await status(restarted)).toMatchObject({
      state: 'idle',
      buildId: 'initial',
      reason: null,
    });
    expect(runs).toEqual([]);
  });

  it.each([
    ['emptied', false],
    ['half-built', true],
  ])(
    'refuses to start when WEB_DIST was left %s by a stopped build, though a publish build is kept: the admin area comes only from WEB_DIST',
    async (_, withPage) => {
      const { builder } = fakeBuilder();
      const a = await setup(builder);
      await save(a, 2);
      await a.services.publisher.settled();
      // `npm run build` empties WEB_DIST first, then writes the pages, its record last.
      await fs.rm(a.env.WEB_DIST!, { recursive: true });
      if (withPage) {
        await fs.mkdir(a.env.WEB_DIST!);
        await fs.writeFile(path.join(a.env.WEB_DIST!, 'index.html'), '<title>half</title>');
      }
      await expect(restart(a)).rejects.toThrow(
        `The build in WEB_DIST (${a.env.WEB_DIST}) is incomplete`,
      );
      await expect(restart(a)).rejects.toThrow(
        /the admin area is served only from it\. Build the site \(npm start does\) and start again\.$/,
      );
    },
  );

  it('with PUBLISH=off, serves the newest build and says that it is behind the saved files', async () => {
    const { builder, runs } = fakeBuilder();
    const a = await setup(builder, { PUBLISH: 'off' });
    await writeHero(a, 2);
    const restarted = await restart(a);
    expect(await page(restarted)).toContain('v1 /');
    expect(await status(restarted)).toMatchObject({
      state: 'idle',
      reason:
        'No build is made from the saved files (hero-section.tsx changed since the build in WEB_DIST), and publishing is off (PUBLISH=off).',
    });
    expect(runs).toEqual([]);
  });

  it('stops with a message when there is no whole build to serve', async () => {
    const webDist = await tempDir('cedar-dist-');
    await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>half</title>');
    await expect(build({ webDist })).rejects.toThrow(`No complete web build in ${webDist} or `);
  });
});

describe('web host with an undecodable path', () => {
  it('answers the 404 page', async () => {
    const a = await setup();
    const res = await a.app.inject({ method: 'GET', url: '/%E0%A4%A' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('v1 404');
    const api = await testApp();
    expect(
      (await api.app.inject({ method: 'GET', url: '/api/admin/files/%E0%A4%A' })).statusCode,
    ).toBe(404);
  });
});
