// Issue 35, points 2, 3 and 5, through the editor's API: a publish whose page the gate refuses
// is not published, the owner's status says which page, section and why, the section goes back
// to its published version (the refused text kept as a revision), and each page's policy allows
// exactly the framework scripts the gate accepted.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { revisionListSchema, revisionsUrl } from '@cedar/api-contract';
import { readSources } from '@cedar/build-info';
import { describe, expect, it } from 'vitest';
import { makeRepoCopy, type LoggedIn, type TestApp, writeFakeBuild } from '../test/build';
import { HERO, publishStatus as status, saveHero, signedInApp, tempDir } from '../test/per-test';
import { PAGE_GATE_AUTHOR, type Builder } from './publisher';

const hero = (words: string) => `export function HeroSection() {\n  return <h1>${words}</h1>;\n}\n`;

const sha = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
/** The framework's own script, as a trusted page carries it: its data is the page's words. */
const framework = (data: string) => `window.__ctx = ${JSON.stringify({ words: data })};`;
const PLANTED = "fetch('/api/admin/inquiries/export.csv')";

/** A page as the stand-in build writes it: the hero's words, the framework script, and extras. */
const pageHtml = (words: string, extra = '', where = '/') =>
  `<!doctype html><html><head><title>${words}</title></head><body><main><h1>${words}</h1>${extra}</main><script>${framework(`${words}@${where}`)}</script></body></html>`;

/**
 * A build that renders the hero's words into every page; a hero whose words say "plant" gets the
 * `<script>` that a bypass of the section check would put there (the stand-in for a section the
 * check let through).
 */
const repoOf = (outDir: string) => path.resolve(outDir, '../../../../..');
async function writePages(client: string, words: string, plant: boolean, sources?: object) {
  await writeFakeBuild(client, 'x', undefined, sources as never);
  for (const [rel, where] of [
    ['index.html', '/'],
    ['puppies/index.html', '/puppies'],
    ['404.html', '404'],
  ])
    await fs.writeFile(
      path.join(client, rel!),
      pageHtml(words, plant ? `<script>${PLANTED}</script>` : '', where),
    );
}
const wordsOf = (source: string) => /<h1>([^<]*)<\/h1>/.exec(source)?.[1] ?? '';
const builder: Builder = async (outDir) => {
  const repoRoot = repoOf(outDir);
  const sources = await readSources(repoRoot);
  const words = wordsOf(await fs.readFile(path.join(repoRoot, HERO), 'utf8'));
  await writePages(path.join(outDir, 'client'), words, words.includes('plant'), sources);
};

async function setup(): Promise<TestApp & LoggedIn> {
  const repoRoot = await makeRepoCopy();
  await fs.writeFile(path.join(repoRoot, HERO), hero('Welcome'));
  const webDist = await tempDir('cedar-dist-');
  await writePages(webDist, 'Welcome', false, await readSources(repoRoot));
  const a = await signedInApp({ webDist, builder, repoRoot });
  return a;
}

const save = (a: TestApp & LoggedIn, content: string) => saveHero(a, content);
const scriptSrc = (csp: unknown) => /script-src ([^;]*)/.exec(String(csp))?.[1] ?? '';

describe('the page gate on a publish (issue 35)', () => {
  it('publishes a page whose scripts are the framework’s, and its policy allows exactly those', async () => {
    const a = await setup();
    const before = await a.app.inject({ url: '/' });
    expect(scriptSrc(before.headers['content-security-policy'])).toContain(
      sha(framework('Welcome@/')),
    );

    expect((await save(a, hero('New words'))).statusCode).toBe(200);
    await a.services.publisher.settled();
    expect(await status(a)).toMatchObject({ state: 'published', error: null });
    const after = await a.app.inject({ url: '/' });
    expect(after.body).toContain('<h1>New words</h1>');
    const allowed = scriptSrc(after.headers['content-security-policy']);
    expect(allowed).toContain(sha(framework('New words@/')));
    expect(allowed).not.toContain(sha(framework('Welcome@/')));
  });

  it('refuses a page with a script of its own: live site unchanged, the section back, the reason shown', async () => {
    const a = await setup();
    expect((await save(a, hero('Good words'))).statusCode).toBe(200);
    await a.services.publisher.settled();
    expect((await status(a)).state).toBe('published');

    expect((await save(a, hero('Words that plant a script'))).statusCode).toBe(200);
    await a.services.publisher.settled();
    const refused = await status(a);
    expect(refused.state).toBe('failed');
    expect(refused.error).toMatch(/^Not published: the page \/ has 2 <script> elements/);
    expect(refused.error).toContain('(from Hero Section)');
    expect(refused.error).toContain('Hero Section is back to the published version');

    // The live site is the last published one, and never carries the planted script.
    const live = await a.app.inject({ url: '/' });
    expect(live.body).toContain('<h1>Good words</h1>');
    expect(live.body).not.toContain(PLANTED);
    expect(scriptSrc(live.headers['content-security-policy'])).not.toContain(sha(PLANTED));
    // The file is its published version again; the refused text is a revision the owner can open.
    expect(await fs.readFile(path.join(a.repoRoot, HERO), 'utf8')).toBe(hero('Good words'));
    const revisions = revisionListSchema.parse(
      (await a.app.inject({ method: 'GET', url: revisionsUrl(HERO), headers: a.headers })).json(),
    );
    expect(revisions[0]).toMatchObject({ savedBy: PAGE_GATE_AUTHOR });
    const refusedSha = createHash('sha256').update(hero('Words that plant a script')).digest('hex');
    const refusedRevision = revisions.find((r) => r.sha256 === refusedSha);
    expect(refusedRevision).toMatchObject({ savedBy: 'owner' });
    const stored = await a.services.store.revisions.get(HERO, refusedRevision!.id);
    expect(stored?.content).toBe(hero('Words that plant a script'));

    // The next good save publishes as usual.
    expect((await save(a, hero('Better words'))).statusCode).toBe(200);
    await a.services.publisher.settled();
    expect(await status(a)).toMatchObject({ state: 'published', error: null });
    expect((await a.app.inject({ url: '/' })).body).toContain('<h1>Better words</h1>');
  });

  it('serves after a restart only a build that passes the gate', async () => {
    const a = await setup();
    // A kept publish build, newer than WEB_DIST and made from the same sources, that would not
    // pass (planted by hand, as a restored backup's files could make one).
    const kept = path.join(a.repoRoot, 'apps/web/dist/builds/20990101000000000-planted/client');
    await writePages(kept, 'Welcome', true, await readSources(a.repoRoot));
    const restarted = await a.restart();
    const page = await restarted.app.inject({ url: '/' });
    expect(page.body).toContain('<h1>Welcome</h1>');
    expect(page.body).not.toContain(PLANTED);
    expect(scriptSrc(page.headers['content-security-policy'])).toContain(
      sha(framework('Welcome@/')),
    );
    expect(restarted.services.publisher.status().buildId).toBe('initial');
  });
});
