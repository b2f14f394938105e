import fs from 'node:fs/promises';
import path from 'node:path';
import {
  EDITABLE_FILES,
  MAX_FILE_BYTES,
  MAX_WORD_LENGTH,
  publishStatusSchema,
  revisionListSchema,
  saveFileResponseSchema,
  sectionWordsSchema,
  wordsUrl,
  type WordChange,
} from '@cedar/api-contract';
import { readSources } from '@cedar/build-info';
import { describe, expect, it } from 'vitest';
import { findRepoRoot } from '../lib/repo-root';
import {
  type BuildTestOptions,
  makeRepoCopy,
  writeFakeBuild,
  type LoggedIn,
  type TestApp,
} from '../test/build';
import { HERO, saveHero, signedInApp, tempDir } from '../test/per-test';
import { sha256 } from './editable-files';
import { checkSection } from './section-check';
import { TRICKY_WORDS } from './section-words.test';

const MINUTE = 60_000;

/** The app on a temp copy of the repository holding the real, shipped section files. */
async function setup(options: BuildTestOptions = {}) {
  const repoRoot = options.repoRoot ?? (await makeRepoCopy());
  for (const { path: file } of EDITABLE_FILES)
    await fs.copyFile(path.join(findRepoRoot()!, file), path.join(repoRoot, file));
  return signedInApp({ ...options, repoRoot });
}

const onDisk = (a: TestApp, file = HERO) => fs.readFile(path.join(a.repoRoot, file), 'utf8');
const getWords = (a: TestApp & LoggedIn, file = HERO) =>
  a.app.inject({ method: 'GET', url: wordsUrl(file), headers: { ...a.headers } });
const putWords = (
  a: TestApp & LoggedIn,
  body: unknown,
  headers: Record<string, string>,
  file = HERO,
) =>
  a.app.inject({
    method: 'PUT',
    url: wordsUrl(file),
    headers: { ...a.headers, 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
const etagOf = async (a: TestApp, file = HERO) => `"${sha256(await onDisk(a, file))}"`;

describe('GET /api/admin/files/:path/words', () => {
  it("answers the file's words in its order, its sha256 and the same ETag as the file", async () => {
    const a = await setup();
    const res = await getWords(a);
    expect(res.statusCode).toBe(200);
    const body = sectionWordsSchema.parse(res.json());
    expect(body.sha256).toBe(sha256(await onDisk(a)));
    expect(res.headers.etag).toBe(`"${body.sha256}"`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(body.words.slice(0, 2)).toEqual([
      { key: 'badge', value: '50+ Years of Excellence' },
      { key: 'headline', value: 'Cedar Bluff Labradors' },
    ]);
  });

  it('answers an empty list for a file without a copy object', async () => {
    const a = await setup();
    await fs.writeFile(path.join(a.repoRoot, HERO), 'export function HeroSection() {}\n');
    expect(sectionWordsSchema.parse((await getWords(a)).json()).words).toEqual([]);
  });

  it('answers 404 for a path that is not one of the seven files', async () => {
    const a = await setup();
    for (const url of [
      '/api/admin/files/package.json/words',
      `/api/admin/files/${encodeURIComponent('apps/web/src/main.tsx')}/words`,
      `/api/admin/files/..%2F..%2Fpackage.json/words`,
    ]) {
      const res = await a.app.inject({ method: 'GET', url, headers: { ...a.headers } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ error: 'not_found' });
    }
  });
});

describe('PUT /api/admin/files/:path/words', () => {
  it('rewrites only the changed words, records a revision and answers the new ETag', async () => {
    const a = await setup();
    const before = await onDisk(a);
    const res = await putWords(
      a,
      { words: [{ key: 'headline', value: 'Cedar Bluff English Labradors' }] },
      { 'if-match': await etagOf(a) },
    );
    expect(res.statusCode).toBe(200);
    const after = await onDisk(a);
    expect(after).toBe(
      before.replace(
        "headline: 'Cedar Bluff Labradors'",
        "headline: 'Cedar Bluff English Labradors'",
      ),
    );
    const answer = saveFileResponseSchema.parse(res.json());
    expect(answer.sha256).toBe(sha256(after));
    expect(res.headers.etag).toBe(`"${answer.sha256}"`);
    const revisions = revisionListSchema.parse(
      (
        await a.app.inject({
          method: 'GET',
          url: `/api/admin/revisions/${encodeURIComponent(HERO)}`,
          headers: { ...a.headers },
        })
      ).json(),
    );
    // The new revision, and the file as it was before its first save.
    expect(revisions.map((r) => [r.savedBy, r.sha256])).toEqual([
      ['owner', sha256(after)],
      ['original', sha256(before)],
    ]);
    const words = sectionWordsSchema.parse((await getWords(a)).json()).words;
    expect(words.find((w) => w.key === 'headline')?.value).toBe('Cedar Bluff English Labradors');
  });

  it('keeps quotes, emoji, ${, </script>, <b> and line breaks exactly as typed, in a file that passes every check', async () => {
    const a = await setup();
    const keys = sectionWordsSchema.parse((await getWords(a)).json()).words.map((w) => w.key);
    const changes: WordChange[] = keys.map((key, i) => ({
      key,
      value: TRICKY_WORDS[i % TRICKY_WORDS.length]!,
    }));
    const res = await putWords(a, { words: changes }, { 'if-match': await etagOf(a) });
    expect(res.statusCode).toBe(200);
    expect(sectionWordsSchema.parse((await getWords(a)).json()).words).toEqual(changes);
    expect(checkSection(HERO, await onDisk(a))).toBeNull();
    // A code save of the same text is accepted too: nothing in it is more than words.
    const code = await saveHero(a, await onDisk(a));
    expect(code.statusCode).toBe(200);
  });

  it('needs no password confirmation, unlike a code save', async () => {
    const a = await setup();
    a.clock.advance(16 * MINUTE);
    const code = await saveHero(a, (await onDisk(a)).replace('Cedar Bluff Labradors', 'Changed'));
    expect(code.statusCode).toBe(403);
    expect(code.json()).toMatchObject({ error: 'confirmation_required' });
    const words = await putWords(
      a,
      { words: [{ key: 'headline', value: 'Changed' }] },
      { 'if-match': await etagOf(a) },
    );
    expect(words.statusCode).toBe(200);
  });

  it('publishes a change, and nothing when the words are as they were', async () => {
    const repoRoot = await makeRepoCopy();
    for (const { path: file } of EDITABLE_FILES)
      await fs.copyFile(path.join(findRepoRoot()!, file), path.join(repoRoot, file));
    const webDist = await tempDir('cedar-dist-');
    await writeFakeBuild(webDist, 'v1', undefined, await readSources(repoRoot));
    let builds = 0;
    const a = await setup({
      repoRoot,
      webDist,
      builder: async (outDir) => {
        builds += 1;
        await writeFakeBuild(
          path.join(outDir, 'client'),
          `v${builds + 1}`,
          undefined,
          await readSources(repoRoot),
        );
      },
    });
    const status = async () =>
      publishStatusSchema.parse(
        (
          await a.app.inject({
            method: 'GET',
            url: '/api/admin/publish',
            headers: { ...a.headers },
          })
        ).json(),
      );
    const same = await putWords(
      a,
      { words: [{ key: 'headline', value: 'Cedar Bluff Labradors' }] },
      { 'if-match': await etagOf(a) },
    );
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ changed: false });
    await a.services.publisher.settled();
    expect(builds).toBe(0);

    const changed = await putWords(
      a,
      { words: [{ key: 'headline', value: 'New' }] },
      { 'if-match': await etagOf(a) },
    );
    expect(changed.json()).toMatchObject({ changed: true });
    await a.services.publisher.settled();
    expect(builds).toBe(1);
    expect((await status()).state).toBe('published');
  });

  describe('refuses, leaving the file as it was', () => {
    const headline = { words: [{ key: 'headline', value: 'Changed' }] };
    const cases: [
      string,
      (a: TestApp & LoggedIn) => Promise<Awaited<ReturnType<typeof putWords>>>,
      number,
      string,
    ][] = [
      ['without If-Match: 428', (a) => putWords(a, headline, {}), 428, 'precondition_required'],
      [
        'If-Match of another version: 409',
        (a) => putWords(a, headline, { 'if-match': `"${'0'.repeat(64)}"` }),
        409,
        'conflict',
      ],
      [
        'a body that is not JSON: 415',
        async (a) =>
          putWords(a, 'headline=Changed', {
            'if-match': await etagOf(a),
            'content-type': 'text/plain',
          }),
        415,
        'unsupported_media_type',
      ],
      [
        'malformed JSON: 400',
        async (a) => putWords(a, '{"words": [', { 'if-match': await etagOf(a) }),
        400,
        'bad_request',
      ],
      [
        'a key the file does not have: 422',
        async (a) =>
          putWords(a, { words: [{ key: 'nope', value: 'x' }] }, { 'if-match': await etagOf(a) }),
        422,
        'unknown_word',
      ],
      [
        'the same key twice: 400',
        async (a) =>
          putWords(
            a,
            { words: [headline.words[0], headline.words[0]] },
            { 'if-match': await etagOf(a) },
          ),
        400,
        'bad_request',
      ],
      [
        'a key that is not a path of names: 400',
        async (a) =>
          putWords(a, { words: [{ key: 'a[0]', value: 'x' }] }, { 'if-match': await etagOf(a) }),
        400,
        'bad_request',
      ],
      [
        'a value that is not a string: 400',
        async (a) =>
          putWords(a, { words: [{ key: 'headline', value: 7 }] }, { 'if-match': await etagOf(a) }),
        400,
        'bad_request',
      ],
      [
        `a word over ${MAX_WORD_LENGTH} characters: 400`,
        async (a) =>
          putWords(
            a,
            { words: [{ key: 'headline', value: 'x'.repeat(MAX_WORD_LENGTH + 1) }] },
            { 'if-match': await etagOf(a) },
          ),
        400,
        'bad_request',
      ],
      [
        'fields beyond words: 400',
        async (a) =>
          putWords(a, { ...headline, content: 'export {}' }, { 'if-match': await etagOf(a) }),
        400,
        'bad_request',
      ],
    ];
    it.each(cases)('%s', async (_label, send, status, error) => {
      const a = await setup();
      const before = await onDisk(a);
      const res = await send(a);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ error, message: expect.any(String) });
      expect(await onDisk(a)).toBe(before);
      expect(await a.services.store.revisions.list(HERO)).toEqual([]);
    });

    it('names the unknown keys', async () => {
      const a = await setup();
      const res = await putWords(
        a,
        {
          words: [
            { key: 'steps.9.title', value: 'x' },
            { key: 'headline', value: 'y' },
          ],
        },
        { 'if-match': await etagOf(a) },
      );
      expect(res.json()).toMatchObject({ error: 'unknown_word', keys: ['steps.9.title'] });
    });

    it('a file without words: 422 no_words', async () => {
      const a = await setup();
      await fs.writeFile(path.join(a.repoRoot, HERO), 'export function HeroSection() {}\n');
      const res = await putWords(a, { words: [] }, { 'if-match': await etagOf(a) });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ error: 'no_words' });
    });

    it('a file changed on disk into code a section may not use: still checked, 422 forbidden_code', async () => {
      const a = await setup();
      const hostile = `${await onDisk(a)}\nexport const leak = process.env;\n`;
      await fs.writeFile(path.join(a.repoRoot, HERO), hostile);
      const res = await putWords(a, headline, { 'if-match': await etagOf(a) });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ error: 'forbidden_code', line: expect.any(Number) });
      expect(await onDisk(a)).toBe(hostile);
    });

    it('a word that a link is made of takes the link rule (issue 35): 422 with its place, file untouched', async () => {
      const a = await setup();
      const linked =
        "import { Anchor } from '@mantine/core';\n\nconst copy = {\n  label: 'Write to us',\n  where: '/contact',\n};\n\nexport function HeroSection() {\n  return <Anchor href={copy.where}>{copy.label}</Anchor>;\n}\n";
      await fs.writeFile(path.join(a.repoRoot, HERO), linked);
      for (const where of [
        'javascript:alert(1)',
        '//attacker.example/',
        'https://attacker.example/',
        'data:text/html,x',
      ]) {
        const res = await putWords(
          a,
          { words: [{ key: 'where', value: where }] },
          { 'if-match': await etagOf(a) },
        );
        expect(res.statusCode, where).toBe(422);
        expect(res.json(), where).toMatchObject({
          error: 'forbidden_code',
          line: 5,
          column: 10,
          message: expect.stringContaining('a link goes to a page of this site'),
        });
        expect(await onDisk(a)).toBe(linked);
      }
      const ok = await putWords(
        a,
        { words: [{ key: 'where', value: 'https://books.cedarblufflabradors.com/the-bluff-way' }] },
        { 'if-match': await etagOf(a) },
      );
      expect(ok.statusCode).toBe(200);
    });

    it('words that would make the file larger than a code save may be: 413, file and revisions untouched', async () => {
      const a = await setup();
      const before = await onDisk(a);
      const keys = sectionWordsSchema.parse((await getWords(a)).json()).words.map((w) => w.key);
      // 3-byte characters, each word within MAX_WORD_LENGTH, the request within BODY_LIMIT: only
      // the file they would make is too large.
      const perWord = Math.min(MAX_WORD_LENGTH, Math.ceil((MAX_FILE_BYTES + 1) / 3 / keys.length));
      const words = keys.map((key) => ({ key, value: '€'.repeat(perWord) }));
      expect(keys.length * perWord * 3).toBeGreaterThan(MAX_FILE_BYTES);
      const res = await putWords(a, { words }, { 'if-match': await etagOf(a) });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({
        error: 'payload_too_large',
        message: expect.stringMatching(/at most 200,000/),
      });
      expect(await onDisk(a)).toBe(before);
      expect(await a.services.store.revisions.list(HERO)).toEqual([]);
      // Words of an ordinary length still save.
      const fits = words.map((w) => ({ ...w, value: 'ok' }));
      expect((await putWords(a, { words: fits }, { 'if-match': await etagOf(a) })).statusCode).toBe(
        200,
      );
    });

    it('an unknown path: 404', async () => {
      const a = await setup();
      const res = await a.app.inject({
        method: 'PUT',
        url: '/api/admin/files/package.json/words',
        headers: { ...a.headers, 'content-type': 'application/json', 'if-match': '*' },
        payload: JSON.stringify(headline),
      });
      expect(res.statusCode).toBe(404);
    });
  });
});
