import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DailyRepublish } from './daily-republish';

const MINUTE_MS = 60_000;

describe('the daily republish', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** Starts the schedule at `now`; the returned list records each rebuild's time. */
  function startAt(now: string) {
    vi.setSystemTime(new Date(now));
    const runs: string[] = [];
    const schedule = new DailyRepublish(
      () => new Date(),
      () => runs.push(new Date().toISOString()),
    );
    schedule.start();
    return { runs, schedule };
  }

  it('rebuilds five minutes after midnight in New York, not at midnight UTC', () => {
    const { runs } = startAt('2026-11-22T18:00:00-05:00');
    vi.advanceTimersByTime(6 * 60 * MINUTE_MS + 4 * MINUTE_MS); // 00:04 New York
    expect(runs).toEqual([]);
    vi.advanceTimersByTime(MINUTE_MS);
    expect(runs).toEqual(['2026-11-23T05:05:00.000Z']);
  });

  it('rebuilds once a day, every day', () => {
    const { runs } = startAt('2026-11-22T18:00:00-05:00');
    vi.advanceTimersByTime(3 * 24 * 60 * MINUTE_MS);
    expect(runs).toEqual([
      '2026-11-23T05:05:00.000Z',
      '2026-11-24T05:05:00.000Z',
      '2026-11-25T05:05:00.000Z',
    ]);
  });

  it('keeps to 00:05 across the spring change (a 23-hour day)', () => {
    const { runs } = startAt('2026-03-07T12:00:00-05:00');
    vi.advanceTimersByTime(2 * 24 * 60 * MINUTE_MS);
    expect(runs).toEqual(['2026-03-08T05:05:00.000Z', '2026-03-09T04:05:00.000Z']);
  });

  it('keeps to 00:05 across the autumn change (a 25-hour day)', () => {
    const { runs } = startAt('2026-10-31T12:00:00-04:00');
    vi.advanceTimersByTime(2 * 24 * 60 * MINUTE_MS);
    expect(runs).toEqual(['2026-11-01T04:05:00.000Z', '2026-11-02T05:05:00.000Z']);
  });

  it('started a minute after midnight, waits for the next night', () => {
    const { runs, schedule } = startAt('2026-11-23T00:01:00-05:00');
    expect(schedule.nextRun().toISOString()).toBe('2026-11-24T05:05:00.000Z');
    vi.advanceTimersByTime(23 * 60 * MINUTE_MS);
    expect(runs).toEqual([]);
  });

  it('stops', () => {
    const { runs, schedule } = startAt('2026-11-22T18:00:00-05:00');
    schedule.stop();
    vi.advanceTimersByTime(2 * 24 * 60 * MINUTE_MS);
    expect(runs).toEqual([]);
  });
});
