import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileUrl, publishStatusSchema, restoreUrl } from '@cedar/api-contract';
import { afterEach, describe, expect, it } from 'vitest';
import {
  build,
  buildLoggedIn,
  logIn,
  type LoggedIn,
  type TestApp,
  writeFakeBuild,
} from '../test/build';
import type { Builder } from './publisher';

const HERO = 'apps/web/src/sections/hero-section.tsx';
const source = (n: number) =>
  `export function HeroSection() {\n  return <h1>Version ${n}</h1>;\n}\n`;

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

async function tempDir(prefix: string) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  cleanup.push(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

/** A builder that writes a fake build labelled by the saved hero file, and counts its runs. */
function fakeBuilder() {
  const runs: string[] = [];
  const builder: Builder = async (outDir) => {
    // outDir is <repo>/apps/web/dist/builds/<id>
    const repoRoot = path.resolve(outDir, '../../../../..');
    const hero = await fs.readFile(path.join(repoRoot, HERO), 'utf8');
    const label = /Version (\d+)/.exec(hero)?.[1] ?? 'x';
    runs.push(label);
    await writeFakeBuild(path.join(outDir, 'client'), `v${label}`);
  };
  return { builder, runs };
}

async function setup(builder?: Builder, env: Record<string, string> = {}) {
  const webDist = await tempDir('cedar-dist-');
  await writeFakeBuild(webDist, 'v1');
  const a = await buildLoggedIn({ webDist, builder, env });
  cleanup.push(() => a.close());
  return a;
}

const status = async (a: TestApp & LoggedIn) => {
  const res = await a.app.inject({
    method: 'GET',
    url: '/api/admin/publish',
    headers: { ...a.headers },
  });
  expect(res.statusCode).toBe(200);
  return publishStatusSchema.parse(res.json());
};
const save = (a: TestApp & LoggedIn, n: number) =>
  a.app.inject({
    method: 'PUT',
    url: fileUrl(HERO),
    headers: { ...a.headers, 'content-type': 'text/plain' },
    payload: source(n),
  });
const page = async (a: TestApp, url = '/') => (await a.app.inject({ method: 'GET', url })).body;

describe('publishing', () => {
  it('reports live-reload in development, where Vite shows the change', async () => {
    const a = await buildLoggedIn();
    cleanup.push(() => a.close());
    expect(await status(a)).toEqual({
      state: 'live-reload',
      buildId: null,
      startedAt: null,
      finishedAt: null,
      error: null,
      sandbox: null,
    });
    expect((await save(a, 2)).statusCode).toBe(200);
    expect((await status(a)).state).toBe('live-reload');
  });

  it('rebuilds after a save into a new folder and swaps it in once it is complete', async () => {
    const { builder, runs } = fakeBuilder();
    const a = await setup(builder);
    expect(await status(a)).toMatchObject({ state: 'idle', buildId: 'initial' });
    expect(await page(a)).toContain('v1 /');

    expect((await save(a, 2)).statusCode).toBe(200);
    expect((await status(a)).state).toBe('building');
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
    expect(await page(a, '/robots.txt')).toContain('v2');
    const buildsDir = path.join(a.repoRoot, 'apps/web/dist/builds');
    expect(JSON.parse(await fs.readFile(path.join(buildsDir, 'current.json'), 'utf8'))).toEqual({
      id: after.buildId,
    });
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
      writeFakeBuild(path.join(outDir, 'client'), 'v2', ['/']);
    const a = await setup(partial);
    await save(a, 2);
    await a.services.publisher.settled();
    expect(await status(a)).toMatchObject({
      state: 'failed',
      error: expect.stringContaining('/puppies'),
    });
    expect(await page(a, '/puppies')).toContain('v1 /puppies');
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
    const folders = (await fs.readdir(buildsDir)).filter((f) => f !== 'current.json');
    expect(folders).toHaveLength(3);
  });

  it('serves the last published build after a restart without a rebuild', async () => {
    const { builder } = fakeBuilder();
    const a = await setup(builder);
    await save(a, 2);
    await a.services.publisher.settled();
    const id = (await status(a)).buildId;
    const restarted = await a.restart();
    cleanup.push(() => restarted.app.close());
    const session = await logIn(restarted.app);
    expect(await page(restarted)).toContain('v2 /');
    const res = await restarted.app.inject({
      method: 'GET',
      url: '/api/admin/publish',
      headers: { ...session.headers },
    });
    expect(res.json()).toMatchObject({ state: 'idle', buildId: id });
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

describe('web host with an undecodable path', () => {
  it('answers the 404 page', async () => {
    const a = await setup();
    const res = await a.app.inject({ method: 'GET', url: '/%E0%A4%A' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('v1 404');
    const api = await build();
    cleanup.push(() => api.close());
    expect(
      (await api.app.inject({ method: 'GET', url: '/api/admin/files/%E0%A4%A' })).statusCode,
    ).toBe(404);
  });
});
