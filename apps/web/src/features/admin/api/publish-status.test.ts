import type { PublishStatus } from '@cedar/api-contract';
import { describe, expect, it } from 'vitest';
import { PUBLISH_START_GRACE_MS, awaitsBuild } from './publish-status';

const status = (state: PublishStatus['state'], startedAt: string | null): PublishStatus => ({
  state,
  sandbox: 'bubblewrap',
  buildId: null,
  startedAt,
  finishedAt: null,
  elapsedMs: null,
  usualMs: null,
  lastPhasesMs: null,
  error: null,
  reason: null,
  codeOff: null,
});
const pending = { savedAt: '2026-05-10T10:00:00.000Z', since: 1000, path: 'x.tsx' };

describe('waiting for the build of a save', () => {
  it('waits while the status shown is of a build that started before the save', () => {
    expect(awaitsBuild(status('published', '2026-05-10T09:59:00.000Z'), pending, 2000)).toBe(true);
    expect(awaitsBuild(status('idle', null), pending, 2000)).toBe(true);
  });
  it('stops waiting once a build of the save has started, or in development, or after the grace period', () => {
    expect(awaitsBuild(status('published', '2026-05-10T10:00:01.000Z'), pending, 2000)).toBe(false);
    expect(awaitsBuild(status('building', '2026-05-10T09:59:00.000Z'), pending, 2000)).toBe(false);
    expect(awaitsBuild(status('live-reload', null), pending, 2000)).toBe(false);
    expect(awaitsBuild(status('idle', null), pending, 1000 + PUBLISH_START_GRACE_MS + 1)).toBe(
      false,
    );
    expect(awaitsBuild(status('idle', null), null, 2000)).toBe(false);
  });
});
