import path from 'node:path';
import { API_ROUTES, restoreUrl } from '@cedar/api-contract';
import { readSources } from '@cedar/build-info';
import { describe, expect, it } from 'vitest';
import type { Builder } from './publish/publisher';
import { cookieValue, logIn, makeRepoCopy, OWNER, writeFakeBuild } from './test/build';
import { HERO, heroVersion, saveHero, tempDir, testApp } from './test/per-test';

const NEW_PASSWORD = 'orchard-lantern-copper-77';

interface Line {
  security?: string;
  outcome?: string;
  username?: string | null;
  ip?: string | null;
  [key: string]: unknown;
}

describe('security events', () => {
  it('write one line each for sign-in, failure, lockout, logout, password change, save, restore and publish, with who, where and how, and no secret', async () => {
    const lines: string[] = [];
    const dist = await tempDir('cedar-dist-');
    // Builds that record the sources they were made from, as every build does (decision 006).
    const repoRoot = await makeRepoCopy();
    await writeFakeBuild(dist, 'v1', undefined, await readSources(repoRoot));
    const builder: Builder = async (outDir) =>
      writeFakeBuild(path.join(outDir, 'client'), 'v2', undefined, await readSources(repoRoot));
    const t = await testApp({
      env: { LOG_LEVEL: 'info' },
      webDist: dist,
      repoRoot,
      builder,
      logStream: { write: (line) => lines.push(line) },
    });
    const origin = t.env.PUBLIC_URL;
    const login = (password: string, remoteAddress = '203.0.113.7') =>
      t.app.inject({
        method: 'POST',
        url: API_ROUTES.login.path,
        remoteAddress,
        headers: { origin },
        payload: { username: OWNER.username, password },
      });

    // Five failures, then a lockout.
    for (let i = 0; i < 6; i++) await login(`wrong-guess-${i}`);
    const owner = await logIn(t.app);
    const saved = await saveHero({ app: t.app, headers: owner.headers }, heroVersion(2));
    await t.services.publisher.settled();
    // The file as it was before that save: restoring it changes the file again.
    const original = (await t.services.store.revisions.list(HERO)).find(
      (r) => r.savedBy === 'original',
    )!;
    expect(original.id).not.toBe(saved.json().revision.id);
    await t.app.inject({
      method: 'POST',
      url: restoreUrl(HERO, original.id),
      headers: { ...owner.headers },
    });
    await t.services.publisher.settled();
    const changed = await t.app.inject({
      method: 'POST',
      url: API_ROUTES.changePassword.path,
      headers: { ...owner.headers },
      payload: { currentPassword: OWNER.password, newPassword: NEW_PASSWORD },
    });
    // The change renewed the session: the browser signs out with its new cookie.
    const renewed = cookieValue(changed, t.services.cookieName)!;
    await t.app.inject({
      method: 'POST',
      url: API_ROUTES.logout.path,
      headers: { ...owner.headers, cookie: `${t.services.cookieName}=${renewed}` },
    });

    const events = lines
      .map((l) => JSON.parse(l) as Line)
      .filter((l) => l.security !== undefined)
      .map((l) => [l.security, l.outcome, l.username, l.ip]);
    expect(events).toEqual([
      ...Array.from({ length: 5 }, () => ['login', 'failure', 'owner', '203.0.113.7']),
      ['login', 'locked', 'owner', '203.0.113.7'],
      ['login', 'success', 'owner', '127.0.0.1'],
      ['file-save', 'success', 'owner', '127.0.0.1'],
      ['publish', 'success', 'owner', null],
      ['file-restore', 'success', 'owner', '127.0.0.1'],
      ['publish', 'success', 'owner', null],
      ['password-change', 'success', 'owner', '127.0.0.1'],
      ['logout', 'success', 'owner', '127.0.0.1'],
    ]);
    const log = lines.join('');
    for (const secret of [
      OWNER.password,
      NEW_PASSWORD,
      owner.token,
      owner.session,
      renewed,
      'wrong-guess-0',
      heroVersion(2),
    ])
      expect(log).not.toContain(secret);
  });
});
