import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EDITABLE_FILES } from '@cedar/api-contract';
import {
  BUILD_INFO_FILE,
  FINGERPRINTED_SOURCES,
  readBuildInfo,
  readSources,
  writeBuildInfo,
} from './index';

let root: string;
beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'cedar-fingerprint-'));
});
afterEach(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

const SOURCES = ['sections/hero.tsx', 'content/photos'];
const write = async (rel: string, content: string) => {
  await fs.mkdir(path.dirname(path.join(root, rel)), { recursive: true });
  await fs.writeFile(path.join(root, rel), content);
};
/** As the editor saves: a new file renamed over the old one. */
const save = async (rel: string, content: string) => {
  await fs.writeFile(path.join(root, `${rel}.tmp`), content);
  await fs.rename(path.join(root, `${rel}.tmp`), path.join(root, rel));
};
const fingerprint = async () => (await readSources(root, SOURCES)).fingerprint;

describe('the fingerprinted sources', () => {
  it('include every file the editor can save', () => {
    const covered = (file: string) =>
      FINGERPRINTED_SOURCES.some((s) => file === s || file.startsWith(`${s}/`));
    expect(EDITABLE_FILES.map((f) => f.path).filter((f) => !covered(f))).toEqual([]);
  });
});

describe('readSources', () => {
  beforeEach(async () => {
    await write('sections/hero.tsx', 'export const Hero = 1;');
    await write('content/photos/duke.jpg', 'jpeg bytes');
    await write('content/photos/litters/spring.jpg', 'more bytes');
  });

  it('hashes each file of a file or folder entry, by path from the repository root', async () => {
    const read = await readSources(root, SOURCES);
    expect(Object.keys(read.files)).toEqual([
      'sections/hero.tsx',
      'content/photos/duke.jpg',
      'content/photos/litters/spring.jpg',
    ]);
    expect(read.fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });

  it('changes with the content of any file, and comes back with the content', async () => {
    const original = await fingerprint();
    await save('sections/hero.tsx', 'export const Hero = 2;');
    const edited = await fingerprint();
    expect(edited).not.toBe(original);
    await save('sections/hero.tsx', 'export const Hero = 1;');
    expect(await fingerprint()).toBe(original);
    await write('content/photos/litters/spring.jpg', 'replaced');
    expect(await fingerprint()).not.toBe(original);
  });

  it('changes when a file is added to or removed from a folder, but not for dot files', async () => {
    const original = await fingerprint();
    await write('content/photos/.duke.jpg.0123.tmp', 'half an upload');
    expect(await fingerprint()).toBe(original);
    await write('content/photos/new.jpg', 'new');
    const added = await fingerprint();
    expect(added).not.toBe(original);
    await fs.rm(path.join(root, 'content/photos/new.jpg'));
    expect(await fingerprint()).toBe(original);
    await fs.rm(path.join(root, 'content/photos/duke.jpg'));
    expect(await fingerprint()).not.toBe(original);
  });

  it('tells a missing file from an empty one', async () => {
    await fs.rm(path.join(root, 'sections/hero.tsx'));
    const missing = await readSources(root, SOURCES);
    expect(missing.files['sections/hero.tsx']).toBeNull();
    await write('sections/hero.tsx', '');
    expect(await fingerprint()).not.toBe(missing.fingerprint);
  });
});

describe('the build record', () => {
  beforeEach(async () => {
    await write('sections/hero.tsx', 'export const Hero = 1;');
    await write('content/photos/duke.jpg', 'jpeg bytes');
    await fs.mkdir(path.join(root, 'client'));
  });
  const client = () => path.join(root, 'client');

  it('holds the fingerprint read before the build when no source was written meanwhile', async () => {
    const before = await readSources(root, SOURCES);
    expect(await writeBuildInfo(client(), before)).toEqual({
      fingerprint: before.fingerprint,
      files: before.files,
      buildDay: null,
    });
    expect(await readBuildInfo(client())).toEqual({
      fingerprint: before.fingerprint,
      files: before.files,
      buildDay: null,
    });
    // The day the pages were rendered for, when the build gives it.
    await writeBuildInfo(client(), before, '2026-11-23');
    expect((await readBuildInfo(client()))?.buildDay).toBe('2026-11-23');
    expect(await fs.readdir(client())).toEqual([BUILD_INFO_FILE]);
  });

  it('holds no fingerprint when a source was saved during the build, even back to what was read', async () => {
    // Keep the first file's inode in use, so the file system cannot hand the same number to the
    // second save (it may, once the file is gone: the real guard is then its change time).
    await fs.link(path.join(root, 'sections/hero.tsx'), path.join(root, 'hero.keep'));
    const before = await readSources(root, SOURCES);
    await save('sections/hero.tsx', 'export const Hero = "leaked";');
    await save('sections/hero.tsx', 'export const Hero = 1;');
    expect((await readSources(root, SOURCES)).fingerprint).toBe(before.fingerprint);
    expect((await writeBuildInfo(client(), before)).fingerprint).toBeNull();
    expect((await readBuildInfo(client()))?.fingerprint).toBeNull();
  });

  it('holds no fingerprint when a file was added to a folder during the build', async () => {
    const before = await readSources(root, SOURCES);
    await write('content/photos/new.jpg', 'new');
    expect((await writeBuildInfo(client(), before)).fingerprint).toBeNull();
  });

  it('reads as absent when the build has none, or a damaged one', async () => {
    expect(await readBuildInfo(client())).toBeNull();
    const file = path.join(client(), BUILD_INFO_FILE);
    for (const bad of [
      '{"fingerprint": "abc", "files": {}}',
      '{"fingerprint": null}',
      `{"fingerprint": null, "files": {"a": 3}}`,
      '{"fingerprint": nu',
      '',
      'null',
    ]) {
      await fs.writeFile(file, bad);
      expect(await readBuildInfo(client()), bad).toBeNull();
    }
  });
});
