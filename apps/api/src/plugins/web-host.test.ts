import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { compressTree } from '@cedar/build-info/compress';
import Fastify from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import { knownFiles, loadSiteShell, loadWebBuild, WebHost } from '../publish/adopt';
import { tempDir } from '../test/per-test';
import { webHost } from './web-host';

const HOME =
  '<!doctype html><html><head><title>Home</title></head><body><h1>Cedar Bluff Labradors</h1></body></html>'.repeat(
    20,
  );
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});`;

async function writeBuild(root: string, label: string, compressed = true) {
  await fs.mkdir(path.join(root, 'assets'), { recursive: true });
  await fs.mkdir(path.join(root, 'puppies'), { recursive: true });
  await fs.mkdir(path.join(root, `img/${label}/dogs`), { recursive: true });
  await fs.mkdir(path.join(root, '.vite'), { recursive: true });
  await fs.writeFile(path.join(root, 'index.html'), `${label} ${HOME}`);
  await fs.writeFile(path.join(root, 'puppies/index.html'), `${label} puppies`);
  await fs.writeFile(path.join(root, '404.html'), `${label} not found`);
  await fs.writeFile(path.join(root, 'admin.html'), `${label} admin`);
  await fs.writeFile(path.join(root, 'assets/app.js'), SCRIPT);
  await fs.writeFile(path.join(root, `img/${label}/dogs/duke-480.avif`), AVIF);
  await fs.writeFile(path.join(root, 'robots.txt'), 'User-agent: *\n');
  await fs.writeFile(
    path.join(root, '.vite/manifest.json'),
    JSON.stringify({ 'index.html': { file: 'assets/app.js', isEntry: true } }),
  );
  // Precompressed as the web build does (`npm run build`); a publish build writes no copies.
  if (compressed) await compressTree(root);
}

/** The first bytes of an AVIF file: an ISO-BMFF `ftyp` box with AVIF's brand. */
const AVIF = Buffer.concat([
  Buffer.from([0, 0, 0, 0x1c]),
  Buffer.from('ftypavif'),
  Buffer.alloc(16),
]);

/**
 * A publish build labelled v2 beside the served one, as build.mjs --publish writes it (no
 * compressed copies), adopted against what `host` serves; `before` runs on its folder first.
 */
async function adoptPublish(
  host: WebHost,
  copies: 'before' | 'later',
  before?: (root: string) => Promise<void>,
) {
  const next = await tempDir('cedar-web-host-');
  await writeBuild(next, 'v2', false);
  await before?.(next);
  const build = await loadWebBuild(
    next,
    'v2',
    ['/', '/puppies'],
    knownFiles(host.shell, host.builds),
    false,
    copies,
  );
  return { next, build };
}

async function serve(label = 'v1') {
  const root = await tempDir('cedar-web-host-');
  await writeBuild(root, label);
  const host = new WebHost(await loadSiteShell(root), await loadWebBuild(root));
  const app = Fastify({ logger: false });
  onTestFinished(() => app.close());
  await webHost(app, host);
  return { app, host, root };
}

describe('web host', () => {
  it('sends prerendered HTML from the build, compressed as the client accepts, revalidated by ETag', async () => {
    const { app } = await serve();

    const br = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers).toMatchObject({
      'content-encoding': 'br',
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-cache',
      vary: 'accept-encoding',
    });
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(`v1 ${HOME}`);

    const gzip = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(`v1 ${HOME}`);
    // The client's preferences are honoured: q=0 refuses an encoding.
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['br;q=0, gzip;q=0.5', 'gzip'],
      ['*', 'gzip'],
      ['identity', undefined],
      ['br;q=0, gzip;q=0', undefined],
    ] as const)
      expect(
        (await app.inject({ url: '/', headers: { 'accept-encoding': accept } })).headers[
          'content-encoding'
        ],
        accept,
      ).toBe(encoding);

    const plain = await app.inject({ url: '/puppies/' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('v1 puppies');

    const etag = br.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await app.inject({
      url: '/',
      headers: { 'if-none-match': etag, 'accept-encoding': 'br' },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers unknown paths with the not-found page and 404, and admin paths with the admin shell', async () => {
    const { app } = await serve();
    for (const url of [
      '/nope',
      '/puppies/x',
      '/.vite/manifest.json',
      '/assets/../404.html',
      '/index.html',
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toBe('v1 not found');
    }
    const admin = await app.inject({ url: '/admin/files' });
    expect([admin.statusCode, admin.body]).toEqual([200, 'v1 admin']);
  });

  it('sends precompressed files with a year of caching for hashed names', async () => {
    const { app } = await serve();
    const br = await app.inject({
      url: '/assets/app.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const plain = await app.inject({ url: '/assets/app.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);

    const image = await app.inject({ url: '/img/v1/dogs/duke-480.avif' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/avif');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    expect((await app.inject({ url: '/robots.txt' })).headers['cache-control']).toBe(
      'public, max-age=3600',
    );
  });

  it('sends scripts and stylesheets with an ETag the browser can revalidate', async () => {
    const { app } = await serve();
    const gz = await app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.statusCode).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const etag = String(gz.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    // The ETag names the copy sent: the browser revalidates with what it accepted.
    const again = await app.inject({
      url: '/assets/app.js',
      headers: { 'if-none-match': etag, 'accept-encoding': 'gzip' },
    });
    expect([again.statusCode, again.body]).toEqual([304, '']);
    expect((await app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('compresses what a publish build brings without copies, reusing those of the files it already serves', async () => {
    const { host } = await serve('v1');
    const { next, build } = await adoptPublish(host, 'before');
    // The home page changed: compressed at adoption, and the copies hold its bytes.
    const home = path.join(next, build.pages.get('/')!.file);
    expect(zlib.brotliDecompressSync(await fs.readFile(`${home}.br`)).toString()).toBe(
      `v2 ${HOME}`,
    );
    expect(zlib.gunzipSync(await fs.readFile(`${home}.gz`)).toString()).toBe(`v2 ${HOME}`);
    // The script came out byte for byte as the one served: its copies are taken, not remade.
    for (const ext of ['.br', '.gz'])
      expect(await fs.readFile(path.join(next, `assets/app.js${ext}`))).toEqual(
        await fs.readFile(path.join(host.current.root, `assets/app.js${ext}`)),
      );
  });

  it('serves a publish live before its copies are made: uncompressed, then its own copies of the bytes it adopted', async () => {
    const { app, host } = await serve('v1');
    // Planted beside the page: removed at adoption, before the build can be served.
    const { next, build } = await adoptPublish(host, 'later', (root) =>
      fs.writeFile(path.join(root, 'index.html.br'), zlib.brotliCompressSync('planted')),
    );
    const homeFile = path.join(next, 'index.html');
    host.swap(build);
    const asBrowser = () =>
      app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    const before = await asBrowser();
    expect(before.statusCode).toBe(200);
    expect(before.headers['content-encoding']).toBeUndefined();
    expect(before.body).toBe(`v2 ${HOME}`);
    expect(await fs.readdir(path.join(next, 'assets'))).toEqual(['app.js']);

    // What the build's code writes into its folder after adoption does not reach the copies:
    // they are made from the bytes adopted (and gated).
    await fs.writeFile(homeFile, `changed after adoption ${HOME}`);
    await build.makeCopies();
    const after = await asBrowser();
    expect(after.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(after.rawPayload).toString()).toBe(`v2 ${HOME}`);
    // The unchanged script takes the served one's copies; nothing else is left in the folder.
    for (const ext of ['.br', '.gz'])
      expect(await fs.readFile(path.join(next, `assets/app.js${ext}`))).toEqual(
        await fs.readFile(path.join(host.shell.root, `assets/app.js${ext}`)),
      );
    expect((await fs.readdir(next, { recursive: true })).filter((f) => f.endsWith('.tmp'))).toEqual(
      [],
    );
  });

  it('keeps serving the previous build’s hashed files and image variants after a swap', async () => {
    const { app, host } = await serve('v1');
    const next = await tempDir('cedar-web-host-');
    await writeBuild(next, 'v2');
    await fs.rm(path.join(next, 'assets/app.js'));
    host.swap(await loadWebBuild(next, 'v2'));
    expect((await app.inject({ url: '/' })).body).toBe(`v2 ${HOME}`);
    expect((await app.inject({ url: '/assets/app.js' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/img/v1/dogs/duke-480.avif' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/img/v2/dogs/duke-480.avif' })).statusCode).toBe(200);
  });
});

describe('a publish build is adopted by an explicit list', () => {
  /** A publish build whose code wrote, besides its pages, every file it should not get served. */
  async function plantedBuild() {
    const root = await tempDir('cedar-web-host-');
    await writeBuild(root, 'v2');
    const outside = await tempDir('cedar-outside-');
    const secret = path.join(outside, 'admins.db');
    await fs.writeFile(secret, '{"passwordHash":"$scrypt$secret"}');
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    const plant = async (rel: string, content: string | Buffer) => {
      await fs.mkdir(path.dirname(path.join(root, rel)), { recursive: true });
      await fs.writeFile(path.join(root, rel), content);
    };
    await plant('admin.html', 'planted admin');
    await plant('admin/login/index.html', 'planted login');
    await plant('admin/index.html', 'planted admin home');
    await plant('evil.html', 'planted page');
    await plant('evil/index.html', 'planted route');
    await plant('favicon.svg', svg);
    await plant('robots.txt', 'planted robots');
    await plant('images/evil.svg', svg);
    await plant('images/dogs/fake.jpg', svg);
    await plant('img/v2/dogs/fake-480.avif', '<html><script>alert(1)</script></html>');
    await plant('assets/planted.js', 'alert(1)');
    await plant('assets/app-planted.css', 'body{}');
    // A script the home page names, which Vite's manifest does not (React Router's own manifest).
    await plant('assets/route-manifest.js', 'routes');
    await plant(
      'index.html',
      `v2 ${HOME}<script type="module">import "/assets/route-manifest.js";</script>`,
    );
    await fs.symlink(secret, path.join(root, 'images/leak.jpg'));
    await fs.symlink(outside, path.join(root, 'img/linked'));
    await fs.symlink(secret, path.join(root, 'breeding-dogs.data'));
    await fs.mkdir(path.join(root, 'contact'));
    await fs.symlink(secret, path.join(root, 'contact/index.html'));
    return root;
  }

  it('serves none of the files a build planted, and the admin area from the start-up build', async () => {
    const { app, host } = await serve('v1');
    const planted = await plantedBuild();
    host.swap(await loadWebBuild(planted, 'v2', ['/', '/puppies', '/contact', '/breeding-dogs']));

    // The public pages are the publish build's.
    expect((await app.inject({ url: '/' })).body).toContain(`v2 ${HOME}`);
    expect((await app.inject({ url: '/puppies' })).body).toBe('v2 puppies');
    // The admin area's shell is the start-up build's, whatever the publish build wrote.
    for (const url of ['/admin', '/admin/login', '/admin/files']) {
      const res = await app.inject({ url });
      expect([res.statusCode, res.body], url).toEqual([200, 'v1 admin']);
    }
    // Site-wide files come from the start-up build too.
    expect((await app.inject({ url: '/robots.txt' })).body).toBe('User-agent: *\n');
    expect((await app.inject({ url: '/favicon.svg' })).statusCode).toBe(404);
    // Nothing off the list is served: the not-found page (the publish build's) and 404.
    for (const url of [
      '/admin.html',
      '/evil.html',
      '/evil',
      '/images/evil.svg',
      '/images/dogs/fake.jpg',
      '/img/v2/dogs/fake-480.avif',
      '/assets/planted.js',
      '/assets/app-planted.css',
      '/images/leak.jpg',
      '/img/linked/admins.db',
      '/breeding-dogs.data',
      '/contact',
      '/.vite/manifest.json',
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toBe('v2 not found');
      expect(res.body, url).not.toContain('passwordHash');
    }
    // What the manifest or an adopted page names, and the real photos, are served.
    expect((await app.inject({ url: '/assets/app.js' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/assets/route-manifest.js' })).body).toBe('routes');
    expect((await app.inject({ url: '/img/v2/dogs/duke-480.avif' })).statusCode).toBe(200);
  });

  it("never lets a publish build's file take the name of a start-up script", async () => {
    const { app, host } = await serve('v1');
    const planted = await plantedBuild();
    // The publish build rewrote the start-up build's script under its name.
    await fs.writeFile(path.join(planted, 'assets/app.js'), 'planted script');
    for (const ext of ['.br', '.gz']) await fs.rm(path.join(planted, `assets/app.js${ext}`));
    host.swap(await loadWebBuild(planted, 'v2'));
    expect((await app.inject({ url: '/assets/app.js' })).body).toBe(SCRIPT);
  });

  it('refuses a build without its manifest or its not-found page', async () => {
    const root = await tempDir('cedar-web-host-');
    await writeBuild(root, 'v3');
    await fs.rm(path.join(root, '.vite/manifest.json'));
    await expect(loadWebBuild(root, 'v3')).rejects.toThrow(
      /the build has no \.vite\/manifest\.json/,
    );
    await writeBuild(root, 'v3');
    await fs.rm(path.join(root, '404.html'));
    await fs.symlink(path.join(root, 'index.html'), path.join(root, '404.html'));
    await expect(loadWebBuild(root, 'v3')).rejects.toThrow(/the build has no 404\.html/);
  });
});
