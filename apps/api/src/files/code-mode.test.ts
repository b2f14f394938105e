import fs from 'node:fs/promises';
import path from 'node:path';
import { API_ROUTES, CODE_MODE_OFF, restoreUrl, revisionsUrl, wordsUrl } from '@cedar/api-contract';
import { describe, expect, it } from 'vitest';
import { findRepoRoot } from '../lib/repo-root';
import type { LoggedIn, TestApp } from '../test/build';
import { HERO, saveHero, signedInApp } from '../test/per-test';

const shippedHero = () => fs.readFile(path.join(findRepoRoot()!, HERO), 'utf8');
const OFF = {
  kind: 'node-permissions' as const,
  codeOff:
    'Code mode is off on this server: bubblewrap cannot run here (bwrap cannot be started (ENOENT)), and edited code is built only inside it. Words, litters and photos still publish.',
};

async function saveCode(t: TestApp & LoggedIn, content: string) {
  return saveHero(t, content);
}

async function saveHeadline(t: TestApp & LoggedIn, headline: string) {
  const file = await t.app.inject({ method: 'GET', url: wordsUrl(HERO), headers: t.headers });
  return t.app.inject({
    method: 'PUT',
    url: wordsUrl(HERO),
    headers: { ...t.headers, 'if-match': `"${file.json().sha256}"` },
    payload: { words: [{ key: 'headline', value: headline }] },
  });
}

describe('where bubblewrap cannot run, Code mode is off', () => {
  it('refuses a code save with the reason, leaves the file alone, and says so in the publish status', async () => {
    const a = await signedInApp({ sandbox: OFF });
    const before = await fs.readFile(path.join(a.repoRoot, HERO), 'utf8');
    const res = await saveCode(a, await shippedHero());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: CODE_MODE_OFF, message: OFF.codeOff });
    expect(await fs.readFile(path.join(a.repoRoot, HERO), 'utf8')).toBe(before);
    const status = await a.app.inject({
      method: 'GET',
      url: API_ROUTES.publishStatus.path,
      headers: a.headers,
    });
    expect(status.json().codeOff).toBe(OFF.codeOff);
  });

  it('still saves words, and restores a revision that differs in words only, but not one that changes code', async () => {
    // Set up a history with Code mode on: the shipped hero, a words change, a code change.
    const a = await signedInApp();
    expect((await saveCode(a, await shippedHero())).statusCode).toBe(200);
    expect((await saveHeadline(a, 'Cedar Bluff, Cambridge NY')).statusCode).toBe(200);
    const withCode = (await shippedHero()).replace(
      '      <Container size="lg"',
      '      <Box h={4} bg="gold.6" />\n      <Container size="lg"',
    );
    expect(withCode).not.toBe(await shippedHero());
    expect((await saveCode(a, withCode)).statusCode).toBe(200);

    // The same store and files on a server where bubblewrap cannot run.
    const on = a;
    await on.app.close();
    const off = await signedInApp({
      sandbox: OFF,
      repoRoot: on.repoRoot,
      dataDir: on.dataDir,
      ...(on.mongoPrefix ? { mongoPrefix: on.mongoPrefix } : {}),
      clock: on.clock,
    });

    expect((await saveHeadline(off, 'Labradors of the Bluff')).statusCode).toBe(200);
    const revisions = (
      await off.app.inject({ method: 'GET', url: revisionsUrl(HERO), headers: off.headers })
    ).json() as { id: string; savedBy: string }[];
    // Newest first: words (off), code change, words change, shipped hero, original stub.
    const [, codeChange, wordsChange] = revisions;
    const restore = (id: string) =>
      off.app.inject({ method: 'POST', url: restoreUrl(HERO, id), headers: off.headers });

    const sameCode = await restore(codeChange!.id);
    expect(sameCode.statusCode).toBe(200);
    const content = await fs.readFile(path.join(off.repoRoot, HERO), 'utf8');
    expect(content).toBe(withCode);

    const otherCode = await restore(wordsChange!.id);
    expect(otherCode.statusCode).toBe(403);
    expect(otherCode.json().error).toBe(CODE_MODE_OFF);
    expect(otherCode.json().message).toMatch(/changes code, not only words/);
    expect(await fs.readFile(path.join(off.repoRoot, HERO), 'utf8')).toBe(withCode);
  });

  it('with Code mode on, the same code save is accepted', async () => {
    const a = await signedInApp();
    expect((await saveCode(a, await shippedHero())).statusCode).toBe(200);
  });
});
