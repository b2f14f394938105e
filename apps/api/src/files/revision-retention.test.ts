import type { Revision } from '@cedar/api-contract';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../env';
import { HERO, heroVersion, testApp } from '../test/per-test';
import { ALWAYS_KEPT, revisionsToPrune } from './revision-retention';

const DAY = 86_400_000;
const NOW = new Date('2026-06-01T12:00:00Z');

/** `count` revisions, newest first, one every `everyMs` back from NOW, each with its own sha256. */
const history = (count: number, everyMs: number): Revision[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `r${String(count - i).padStart(4, '0')}`,
    path: HERO,
    savedAt: new Date(NOW.getTime() - i * everyMs).toISOString(),
    savedBy: 'owner',
    sha256: String(count - i).padStart(64, '0'),
    size: 10,
  }));

describe('which revisions go', () => {
  const defaults = { keep: 200, maxAgeMs: 365 * DAY };

  it('keeps the 200 newest: 250 saves in a busy week leave 200', () => {
    const list = history(250, 30 * 60_000);
    const gone = revisionsToPrune(list, defaults, NOW, list[0]!.sha256);
    expect(gone).toEqual(list.slice(200).map((r) => r.id));
  });

  it('with the defaults, ten saves a week keep the last 20 weeks: months of normal editing', () => {
    const list = history(1040, DAY * 0.7);
    const kept = list.length - revisionsToPrune(list, defaults, NOW, list[0]!.sha256).length;
    expect(kept).toBe(200);
    expect(Date.parse(list[kept - 1]!.savedAt)).toBeLessThan(NOW.getTime() - 19 * 7 * DAY);
  });

  it('keeps at most a year, whatever the number: ten saves a week for two years leave the last year (about 520)', () => {
    const list = history(1040, DAY * 0.7);
    const kept =
      list.length - revisionsToPrune(list, { keep: 2000, maxAgeMs: 365 * DAY }, NOW, null).length;
    expect(kept).toBe(Math.floor((365 * DAY) / (DAY * 0.7)) + 1);
  });

  it('never removes the newest few, however old', () => {
    const list = history(30, 400 * DAY);
    const gone = revisionsToPrune(list, defaults, NOW, list[0]!.sha256);
    expect(gone).toEqual(list.slice(ALWAYS_KEPT).map((r) => r.id));
  });

  it('never removes the revision holding the file as it is now, whatever its place or age', () => {
    const list = history(300, DAY * 3);
    // The file on disk was put back to an old version (say, by git) after later saves.
    const current = list[250]!;
    const gone = revisionsToPrune(list, defaults, NOW, current.sha256);
    expect(gone).not.toContain(current.id);
    expect(gone).toHaveLength(300 - 122 - 1);
    expect(gone).not.toContain(list[ALWAYS_KEPT - 1]!.id);
  });

  it('removes nothing from a short, recent history', () => {
    expect(revisionsToPrune(history(40, DAY), defaults, NOW, null)).toEqual([]);
  });
});

describe('REVISIONS_KEEP and REVISIONS_MAX_AGE', () => {
  it('default to 200 and a year, and refuse settings that would drop the newest revisions', () => {
    expect(loadEnv({}).REVISIONS_KEEP).toBe(200);
    expect(loadEnv({}).REVISIONS_MAX_AGE).toBe(365 * DAY);
    expect(loadEnv({ REVISIONS_KEEP: '50', REVISIONS_MAX_AGE: '90d' })).toMatchObject({
      REVISIONS_KEEP: 50,
      REVISIONS_MAX_AGE: 90 * DAY,
    });
    expect(() => loadEnv({ REVISIONS_KEEP: '3' })).toThrow(/REVISIONS_KEEP: must be at least 10/);
    expect(() => loadEnv({ REVISIONS_MAX_AGE: '12h' })).toThrow(
      /REVISIONS_MAX_AGE: must be at least a day/,
    );
  });

  it('bound each file: every save prunes its history to the number and the age', async () => {
    const t = await testApp({ env: { REVISIONS_KEEP: '12', REVISIONS_MAX_AGE: '30d' } });
    const { files, store } = t.services;
    for (let n = 1; n <= 20; n++) {
      await files.save(HERO, heroVersion(n), 'owner');
      t.clock.advance(60_000);
    }
    // 21 made (the file as it was, then 20 saves): the 12 newest stay.
    let list = await store.revisions.list(HERO);
    expect(list).toHaveLength(12);
    expect(list[0]!.sha256).toBe((await files.read(HERO))!.sha256);
    expect((await store.revisions.get(HERO, list[11]!.id))!.content).toBe(heroVersion(9));
    // Another file's history is its own.
    expect(await store.revisions.list('apps/web/src/sections/about-section.tsx')).toEqual([]);

    // Forty days later one more save: everything older than 30 days goes but the newest 10.
    t.clock.advance(40 * DAY);
    await files.save(HERO, heroVersion(21), 'owner');
    list = await store.revisions.list(HERO);
    expect(list).toHaveLength(ALWAYS_KEPT);
    expect((await store.revisions.get(HERO, list[0]!.id))!.content).toBe(heroVersion(21));
    expect((await store.revisions.get(HERO, list[9]!.id))!.content).toBe(heroVersion(12));
  });
});
