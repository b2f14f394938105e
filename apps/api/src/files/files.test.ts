import fs from 'node:fs/promises';
import path from 'node:path';
import {
  EDITABLE_FILES,
  MAX_FILE_BYTES,
  fileUrl,
  restoreUrl,
  revisionListSchema,
  revisionsUrl,
  saveFileResponseSchema,
  syntaxErrorResponseSchema,
} from '@cedar/api-contract';
import { describe, expect, it } from 'vitest';
import { SENTINEL, type LoggedIn, type TestApp } from '../test/build';
import { HERO, signedInApp } from '../test/per-test';
import { ifMatchAccepts, inspectSource, sha256 } from './editable-files';

const VALID = `export function HeroSection() {\n  return <h1>Cedar Bluff Labradors</h1>;\n}\n`;
const VALID_2 = `export function HeroSection() {\n  return <h1>English Labradors</h1>;\n}\n`;

const get = (a: TestApp & LoggedIn, url: string) =>
  a.app.inject({ method: 'GET', url, headers: { ...a.headers } });
const put = (
  a: TestApp & LoggedIn,
  url: string,
  body: string,
  headers: Record<string, string> = {},
) =>
  a.app.inject({
    method: 'PUT',
    url,
    headers: { ...a.headers, 'content-type': 'text/plain;charset=UTF-8', ...headers },
    payload: body,
  });
const onDisk = (a: TestApp, file: string) => fs.readFile(path.join(a.repoRoot, file), 'utf8');

describe('GET /api/admin/files/:path', () => {
  it('answers each of the seven files as plain text with its sha256 as ETag', async () => {
    const a = await signedInApp();
    for (const { path: file } of EDITABLE_FILES) {
      const res = await get(a, fileUrl(file));
      expect(res.statusCode, file).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      const content = await onDisk(a, file);
      expect(res.body).toBe(content);
      expect(res.headers.etag).toBe(`"${sha256(content)}"`);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('path safety', () => {
  const attempts = [
    'package.json',
    '..%2Fpackage.json',
    '..%2F..%2F..%2Fetc%2Fpasswd',
    '%2e%2e%2fpackage.json',
    '%2E%2E%2F%2E%2E%2Fpackage.json',
    '%252e%252e%252fpackage.json',
    'apps%252Fweb%252Fsrc%252Fsections%252Fhero-section.tsx',
    'apps%2Fweb%2Fsrc%2Fsections%2F..%2F..%2Fpackage.json',
    'apps%2Fweb%2Fsrc%2Fsections%2F..%2Fsections%2Fhero-section.tsx',
    'apps%2Fweb%2Fsrc%2Fsections%2F.%2Fhero-section.tsx',
    'apps%2Fweb%2Fsrc%2Fsections%2F%2Fhero-section.tsx',
    'apps%5Cweb%5Csrc%5Csections%5Chero-section.tsx',
    '..%5C..%5Cpackage.json',
    '%2Fetc%2Fpasswd',
    encodeURIComponent(`/tmp/${HERO}`),
    'apps%2Fweb%2Fsrc%2Fsections%2Fhero-section.tsx%00',
    'apps%2Fweb%2Fsrc%2Fsections%2Fhero-section.tsx%00.txt',
    'apps%2Fweb%2Fsrc%2Fsections%2Fhero-section.tsx%2F',
    'APPS%2FWEB%2FSRC%2FSECTIONS%2FHERO-SECTION.TSX',
    'apps%2Fweb%2Fsrc%2Fsections%2Fhero-section.ts',
    'apps%2Fweb%2Fsrc%2Fmain.tsx',
    'apps%2Fweb%2Fpackage.json',
    '%E0%A4%A',
    '.',
    '..',
  ];

  it('answers 404 for anything but the seven paths, on GET and PUT, leaving the disk alone', async () => {
    const a = await signedInApp();
    const before = await Promise.all(EDITABLE_FILES.map((f) => onDisk(a, f.path)));
    for (const attempt of attempts) {
      const url = `/api/admin/files/${attempt}`;
      for (const res of [await get(a, url), await put(a, url, VALID)]) {
        expect(res.statusCode, `${res.raw.req.method} ${url}`).toBe(404);
        expect(res.json()).toMatchObject({ error: 'not_found' });
      }
      for (const res of [
        await get(a, `/api/admin/revisions/${attempt}`),
        await a.app.inject({
          method: 'POST',
          url: `/api/admin/revisions/${attempt}/x/restore`,
          headers: { ...a.headers },
        }),
      ]) {
        expect(res.statusCode, url).toBe(404);
      }
    }
    // Unencoded slashes and dot segments do not even match a route.
    for (const url of [
      `/api/admin/files/${HERO}`,
      '/api/admin/files/../../package.json',
      '/api/admin/files/',
    ]) {
      expect((await get(a, url)).statusCode, url).toBe(404);
      expect((await put(a, url, VALID)).statusCode, url).toBe(404);
    }
    expect(await fs.readFile(path.join(a.repoRoot, 'package.json'), 'utf8')).toBe(SENTINEL);
    expect(await fs.readFile(path.join(a.repoRoot, 'apps/web/package.json'), 'utf8')).toBe(
      SENTINEL,
    );
    expect(await Promise.all(EDITABLE_FILES.map((f) => onDisk(a, f.path)))).toEqual(before);
    expect(await a.services.store.revisions.list(HERO)).toEqual([]);
  });

  it('does not follow a symlink put in place of a section file', async () => {
    const a = await signedInApp();
    const full = path.join(a.repoRoot, HERO);
    await fs.rm(full);
    await fs.symlink(path.join(a.repoRoot, 'package.json'), full);
    expect((await get(a, fileUrl(HERO))).statusCode).toBe(404);
  });
});

describe('PUT /api/admin/files/:path', () => {
  it('writes the file, records a revision, answers {sha256, revision} and the new ETag', async () => {
    const a = await signedInApp();
    const original = await onDisk(a, HERO);
    const res = await put(a, fileUrl(HERO), VALID);
    expect(res.statusCode).toBe(200);
    const body = saveFileResponseSchema.parse(res.json());
    expect(body.sha256).toBe(sha256(VALID));
    expect(res.headers.etag).toBe(`"${sha256(VALID)}"`);
    expect(body.revision).toMatchObject({
      path: HERO,
      savedBy: 'owner',
      sha256: sha256(VALID),
      size: Buffer.byteLength(VALID),
      savedAt: a.clock.now().toISOString(),
    });
    expect(await onDisk(a, HERO)).toBe(VALID);
    expect((await get(a, fileUrl(HERO))).body).toBe(VALID);
    // The file as it was before the first save is kept as a revision too.
    const history = await a.services.store.revisions.list(HERO);
    expect(history.map((r) => r.savedBy)).toEqual(['owner', 'original']);
    expect(history[1]?.sha256).toBe(sha256(original));
    // No temp file is left behind.
    expect(
      (await fs.readdir(path.join(a.repoRoot, 'apps/web/src/sections'))).filter((f) =>
        f.startsWith('.'),
      ),
    ).toEqual([]);
  });

  it('keeps non-ASCII text and Windows line ends exactly', async () => {
    const a = await signedInApp();
    const text = `export function HeroSection() {\r\n  return <p>Café — 50+ years · 🐾</p>;\r\n}\r\n`;
    expect((await put(a, fileUrl(HERO), text)).statusCode).toBe(200);
    expect(await onDisk(a, HERO)).toBe(text);
  });

  it('refuses a syntax error with 422, line and column, and leaves the file untouched', async () => {
    const a = await signedInApp();
    const before = await onDisk(a, HERO);
    const broken = `export function HeroSection() {\n  return <h1>Cedar Bluff</h1>;\n  const x = ;\n}\n`;
    const res = await put(a, fileUrl(HERO), broken);
    expect(res.statusCode).toBe(422);
    const body = syntaxErrorResponseSchema.parse(res.json());
    expect(body).toMatchObject({ error: 'syntax_error', line: 3, column: 13 });
    expect(body.message).toMatch(/line 3, column 13/);
    expect(await onDisk(a, HERO)).toBe(before);
    expect(await a.services.store.revisions.list(HERO)).toEqual([]);
    const jsx = await put(a, fileUrl(HERO), `export const A = () => <div><span></div>;\n`);
    expect(jsx.statusCode).toBe(422);
    expect(jsx.json()).toMatchObject({ line: 1 });
  });

  it('refuses a file that no longer exports what the site imports (422), leaving it untouched', async () => {
    const a = await signedInApp();
    expect((await put(a, fileUrl(HERO), VALID)).statusCode).toBe(200);
    for (const body of ['', '// nothing here\n', 'export function Hero() {\n  return null;\n}\n']) {
      const res = await put(a, fileUrl(HERO), body);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        error: 'missing_export',
        message: 'The file must still export HeroSection: the site uses it.',
      });
    }
    expect(await onDisk(a, HERO)).toBe(VALID);
    // Adding exports is fine.
    expect((await put(a, fileUrl(HERO), `${VALID}export const extra = 1;\n`)).statusCode).toBe(200);
  });

  it('honours If-Match: 409 when the file changed since it was read', async () => {
    const a = await signedInApp();
    const etag = (await get(a, fileUrl(HERO))).headers.etag as string;
    expect((await put(a, fileUrl(HERO), VALID, { 'if-match': etag })).statusCode).toBe(200);
    const stale = await put(a, fileUrl(HERO), VALID_2, { 'if-match': etag });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: 'conflict', details: { sha256: sha256(VALID) } });
    expect(await onDisk(a, HERO)).toBe(VALID);
    expect(
      (await put(a, fileUrl(HERO), VALID_2, { 'if-match': `W/"${sha256(VALID)}"` })).statusCode,
    ).toBe(200);
    expect((await put(a, fileUrl(HERO), VALID, { 'if-match': '*' })).statusCode).toBe(200);
  });

  it('lets only one of two saves based on the same version through', async () => {
    const a = await signedInApp();
    const etag = (await get(a, fileUrl(HERO))).headers.etag as string;
    const results = await Promise.all([
      put(a, fileUrl(HERO), VALID, { 'if-match': etag }),
      put(a, fileUrl(HERO), VALID_2, { 'if-match': etag }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('takes text/plain only (415) and bodies up to the file limit (413)', async () => {
    const a = await signedInApp();
    for (const type of ['application/json', 'application/octet-stream', 'text/html']) {
      const res = await put(a, fileUrl(HERO), JSON.stringify(VALID), { 'content-type': type });
      expect(res.statusCode, type).toBe(415);
      expect(res.json()).toMatchObject({ error: 'unsupported_media_type' });
    }
    const big = await put(a, fileUrl(HERO), `// ${'x'.repeat(MAX_FILE_BYTES)}\n`);
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ error: 'payload_too_large' });
    expect(await a.services.store.revisions.list(HERO)).toEqual([]);
  });

  it('records no new revision when the content is unchanged', async () => {
    const a = await signedInApp();
    await put(a, fileUrl(HERO), VALID);
    const again = await put(a, fileUrl(HERO), VALID);
    expect(again.statusCode).toBe(200);
    expect((await a.services.store.revisions.list(HERO)).length).toBe(2);
  });
});

describe('revisions', () => {
  it('lists revisions newest first without content, and restores one as a new revision', async () => {
    const a = await signedInApp();
    const original = await onDisk(a, HERO);
    await put(a, fileUrl(HERO), VALID);
    a.clock.advance(1000);
    await put(a, fileUrl(HERO), VALID_2);
    const res = await get(a, revisionsUrl(HERO));
    expect(res.statusCode).toBe(200);
    const list = revisionListSchema.parse(res.json());
    expect(list.map((r) => r.sha256)).toEqual([sha256(VALID_2), sha256(VALID), sha256(original)]);
    expect(res.body).not.toContain('Cedar Bluff Labradors</h1>');

    a.clock.advance(1000);
    const restore = await a.app.inject({
      method: 'POST',
      url: restoreUrl(HERO, list[1]!.id),
      headers: { ...a.headers },
    });
    expect(restore.statusCode).toBe(200);
    expect(saveFileResponseSchema.parse(restore.json())).toMatchObject({
      sha256: sha256(VALID),
      revision: { savedBy: 'owner' },
    });
    expect(await onDisk(a, HERO)).toBe(VALID);
    const after = revisionListSchema.parse((await get(a, revisionsUrl(HERO))).json());
    expect(after).toHaveLength(4);
    expect(after[0]?.sha256).toBe(sha256(VALID));

    const back = await a.app.inject({
      method: 'POST',
      url: restoreUrl(HERO, list[2]!.id),
      headers: { ...a.headers },
    });
    expect(back.statusCode).toBe(200);
    expect(await onDisk(a, HERO)).toBe(original);
  });

  it('answers 404 for an unknown revision or one of another file', async () => {
    const a = await signedInApp();
    const saved = saveFileResponseSchema.parse((await put(a, fileUrl(HERO), VALID)).json());
    const other = 'apps/web/src/sections/about-section.tsx';
    for (const url of [
      restoreUrl(HERO, 'no-such-revision'),
      restoreUrl(other, saved.revision.id),
      restoreUrl(HERO, '..'),
    ]) {
      const res = await a.app.inject({ method: 'POST', url, headers: { ...a.headers } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ error: 'not_found' });
    }
    expect(revisionListSchema.parse((await get(a, revisionsUrl(other))).json())).toEqual([]);
  });
});

describe('helpers', () => {
  it('counts syntax error columns in characters from 1', async () => {
    expect(
      await inspectSource('export const ok = <b>1</b>;\nexport default ok;\n', 'a.tsx'),
    ).toEqual({ ok: true, exports: ['default', 'ok'] });
    expect(await inspectSource('const s = "é"; const = 2;\n', 'a.tsx')).toMatchObject({
      ok: false,
      error: { line: 1, column: 22 },
    });
  });
  it('reads If-Match lists, weak tags and *', () => {
    expect(ifMatchAccepts('"abc"', 'abc')).toBe(true);
    expect(ifMatchAccepts('"x", W/"abc"', 'abc')).toBe(true);
    expect(ifMatchAccepts('*', 'abc')).toBe(true);
    expect(ifMatchAccepts('*', null)).toBe(false);
    expect(ifMatchAccepts('"abd"', 'abc')).toBe(false);
  });
});
