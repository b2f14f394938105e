import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createBuilder } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { encode, imagesPlugin, type SourceImage, type Variant } from './images-plugin';

const folders: string[] = [];
afterEach(() => {
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A small photo on disk, and a cache folder of its own. */
async function photoAndCache() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cedar-images-test-'));
  folders.push(dir);
  const file = path.join(dir, 'photo.jpg');
  await sharp({ create: { width: 96, height: 64, channels: 3, background: '#6d761d' } })
    .jpeg()
    .toFile(file);
  const cache = path.join(dir, 'cache');
  fs.mkdirSync(cache);
  return { file, cache };
}

const variant = (source: SourceImage, cached: string): Variant => ({
  source,
  width: 48,
  format: 'avif',
  url: `/img/test/${source.key}-48.avif`,
  cached,
});

describe('the image variants’ encode cache', () => {
  it('encodes two photos with the same bytes once, whichever asks first, and both get the file', async () => {
    // The content has photos that are byte for byte the same under two names: their variants
    // share one cache file. A fresh clone's first build encoded both at once and failed (ENOENT
    // on the second's rename).
    const { file, cache } = await photoAndCache();
    const cached = path.join(cache, 'same-bytes-48.avif');
    const twins = ['dogs/duke', 'litters/duke', 'team/duke', 'health/duke'].map((key) =>
      variant(
        { key, folder: key.split('/')[0]!, file, hash: 'same', width: 96, height: 64 },
        cached,
      ),
    );
    const files = await Promise.all(twins.map((v) => encode(v)));
    expect(files).toEqual(twins.map(() => cached));
    expect((await sharp(cached).metadata()).format).toBe('heif');
    // Nothing half-written is left behind.
    expect(fs.readdirSync(cache)).toEqual(['same-bytes-48.avif']);
  });

  it('takes a file already in the cache as it is', async () => {
    const { file, cache } = await photoAndCache();
    const cached = path.join(cache, 'kept-48.avif');
    fs.writeFileSync(cached, 'made by an earlier build');
    const source = { key: 'dogs/duke', folder: 'dogs', file, hash: 'h', width: 96, height: 64 };
    expect(await encode(variant(source, cached))).toBe(cached);
    expect(fs.readFileSync(cached, 'utf8')).toBe('made by an earlier build');
  });
});

describe('the image variants in a build', () => {
  /** A site of one script and one photo, built with Vite's builder and the plugin alone. */
  async function site() {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cedar-images-build-'));
    folders.push(root);
    fs.mkdirSync(path.join(root, 'public/images/dogs'), { recursive: true });
    await sharp({ create: { width: 640, height: 480, channels: 3, background: '#6d761d' } })
      .jpeg()
      .toFile(path.join(root, 'public/images/dogs/duke.jpg'));
    fs.writeFileSync(
      path.join(root, 'main.js'),
      "import { imageManifest } from 'virtual:cedar-images';\nconsole.log(imageManifest);\n",
    );
    const outDir = path.join(root, 'out');
    const build = async (write = true) => {
      const builder = await createBuilder({
        root,
        configFile: false,
        logLevel: 'silent',
        plugins: [imagesPlugin()],
        build: { outDir, write, emptyOutDir: false, rolldownOptions: { input: 'main.js' } },
        // As React Router's configuration does: the builder's buildApp builds the environments.
        builder: { buildApp: async (b) => void (await b.build(b.environments.client!)) },
      });
      await builder.buildApp();
    };
    const variants = () =>
      fs
        .readdirSync(outDir, { recursive: true, encoding: 'utf8' })
        .filter((f) => /\.(avif|webp)$/.test(f))
        .sort();
    const cache = path.join(root, 'node_modules/.cache/cedar-images');
    const encoded = () => (fs.existsSync(cache) ? fs.readdirSync(cache).length : 0);
    return { outDir, build, variants, encoded };
  }

  it('encodes nothing for a build that writes nothing (the publish process warming up)', async () => {
    const { build, variants, encoded } = await site();
    await build(false);
    expect(encoded()).toBe(0);
    await build();
    expect(encoded()).toBeGreaterThan(1);
    expect(variants()).toHaveLength(encoded());
  }, 60_000);

  it('holds every variant once the build has returned, and fails when one cannot be copied', async () => {
    // The copies are made while the rest of the build goes on: the build still waits for them.
    const { outDir, build, variants } = await site();
    await build();
    const made = variants();
    expect(made.length).toBeGreaterThan(1);
    for (const file of made) expect(fs.statSync(path.join(outDir, file)).size).toBeGreaterThan(0);

    // A folder where a variant goes: its copy fails, and so does the build.
    fs.rmSync(path.join(outDir, made[0]!));
    fs.mkdirSync(path.join(outDir, made[0]!));
    await expect(build()).rejects.toThrow(/EISDIR|EEXIST|illegal operation/i);
  }, 60_000);
});
