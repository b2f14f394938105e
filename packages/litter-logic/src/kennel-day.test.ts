import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayStart, kennelDay, nextKennelDayStart } from './kennel-day';

const HOUR_MS = 3_600_000;

describe('kennel day', () => {
  it.each([
    // Late evening in New York is already the next day in UTC: still the kennel's day.
    ['2026-11-22T23:30:00-05:00', '2026-11-22'],
    ['2026-11-23T04:59:59Z', '2026-11-22'],
    ['2026-11-23T05:00:00Z', '2026-11-23'],
    // Summer time: midnight is 04:00 UTC.
    ['2026-07-04T03:59:59Z', '2026-07-03'],
    ['2026-07-04T04:00:00Z', '2026-07-04'],
  ])('%s is %s at the kennel', (instant, day) => {
    expect(kennelDay(new Date(instant))).toBe(day);
  });

  it('can be asked for another time zone', () => {
    expect(kennelDay(new Date('2026-11-23T02:00:00Z'), 'UTC')).toBe('2026-11-23');
    expect(kennelDay(new Date('2026-11-23T02:00:00Z'), 'Pacific/Auckland')).toBe('2026-11-23');
    expect(kennelDay(new Date('2026-11-23T02:00:00Z'), 'America/Los_Angeles')).toBe('2026-11-22');
  });

  it('starts at midnight UTC of its date, for whole-day arithmetic', () => {
    expect(dayStart('2026-03-08').toISOString()).toBe('2026-03-08T00:00:00.000Z');
    expect(() => dayStart('March 8')).toThrow(RangeError);
  });
});

describe('next kennel day start (the daily republish)', () => {
  it.each([
    ['an ordinary evening', '2026-11-22T18:00:00-05:00', '2026-11-23T05:00:00.000Z', 24],
    ['right after midnight', '2026-11-23T00:00:01-05:00', '2026-11-24T05:00:00.000Z', 24],
    // The clocks go forward at 2:00 on 8 March 2026: that day has 23 hours.
    ['the eve of the spring change', '2026-03-07T12:00:00-05:00', '2026-03-08T05:00:00.000Z', 24],
    ['the day of the spring change', '2026-03-08T00:30:00-05:00', '2026-03-09T04:00:00.000Z', 23],
    ['the hour the clocks skip', '2026-03-08T07:30:00Z', '2026-03-09T04:00:00.000Z', 23],
    // The clocks go back at 2:00 on 1 November 2026: that day has 25 hours.
    ['the eve of the autumn change', '2026-10-31T12:00:00-04:00', '2026-11-01T04:00:00.000Z', 24],
    ['the day of the autumn change', '2026-11-01T00:30:00-04:00', '2026-11-02T05:00:00.000Z', 25],
    ['the hour that happens twice', '2026-11-01T06:30:00Z', '2026-11-02T05:00:00.000Z', 25],
  ])('%s: %s -> %s', (_what, now, next, dayHours) => {
    const at = nextKennelDayStart(new Date(now));
    expect(at.toISOString()).toBe(next);
    // The day before the change lasted `dayHours`: its own start is found the same way.
    const previousStart = nextKennelDayStart(new Date(at.getTime() - dayHours * HOUR_MS - 1));
    expect(previousStart.getTime()).toBe(at.getTime() - dayHours * HOUR_MS);
  });

  it('is always later, always the next day, and never more than 25 hours away', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2060-01-01'), noInvalidDate: true }),
        (now) => {
          const next = nextKennelDayStart(now);
          expect(next.getTime()).toBeGreaterThan(now.getTime());
          expect(next.getTime() - now.getTime()).toBeLessThanOrEqual(25 * HOUR_MS);
          expect(kennelDay(new Date(next.getTime() - 1))).toBe(kennelDay(now));
          expect(kennelDay(next)).not.toBe(kennelDay(now));
        },
      ),
      { numRuns: 200 },
    );
  });
});
