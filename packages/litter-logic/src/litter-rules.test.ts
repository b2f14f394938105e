import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  availabilityLabel,
  puppyAvailability,
  LitterDateError,
  formatAge,
  isValidBirthDate,
  litterReadiness,
  parseBirthDate,
  splitLitters,
  type LitterLike,
} from './litter-rules';

const born = '2026-01-01';
const bornTime = Date.UTC(2026, 0, 1);
/** The clock `days` whole days (plus a few hours) after the birth date. */
const after = (days: number) => new Date(bornTime + days * DAY_MS + 5 * 3_600_000);
const current = (birthDate = born): LitterLike => ({ birthDate, status: 'Current' });

describe('age label', () => {
  it.each([
    [0, '0 days old'],
    [1, '1 day old'],
    [6, '6 days old'],
    [7, '1 week old'],
    [13, '1 week old'],
    [14, '2 weeks old'],
    [34, '4 weeks old'],
    [35, '5 weeks old'],
    [77, '11 weeks old'],
  ])('%i days after birth reads "%s"', (days, label) => {
    expect(formatAge(days)).toBe(label);
    expect(litterReadiness(current(), after(days)).age).toBe(label);
  });
});

describe('badge by whole weeks', () => {
  it.each([
    [6, 'Ready Soon'],
    [7, 'Ready Soon'],
    [8 * 7 - 1, 'Ready Soon'],
    [8 * 7, 'Ready'],
    [10 * 7, 'Ready'],
    [10 * 7 + 6, 'Ready'],
    [11 * 7, 'Trained'],
  ])('%i days old is %s', (days, badge) => {
    expect(litterReadiness(current(), after(days)).badge).toBe(badge);
  });
});

describe('Due litters', () => {
  it('show Mid-September and the Upcoming badge and always land in Upcoming', () => {
    const due: LitterLike = { birthDate: 'Due March 2027', status: 'Current' };
    const r = litterReadiness(due, after(400));
    expect(r).toMatchObject({ age: 'Mid-September', badge: 'Upcoming', isDue: true });
    const { select, upcoming } = splitLitters([due], after(400));
    expect(select).toHaveLength(0);
    expect(upcoming).toHaveLength(1);
  });

  it('a Due litter marked Ready is a Select litter (status wins)', () => {
    const { select } = splitLitters([{ birthDate: 'Due May 2027', status: 'Ready' }], after(1));
    expect(select).toHaveLength(1);
  });
});

describe('split at the 5-week threshold', () => {
  it('5 weeks minus a day is Upcoming, 5 weeks is Select', () => {
    expect(splitLitters([current()], after(34)).upcoming).toHaveLength(1);
    expect(splitLitters([current()], after(35)).select).toHaveLength(1);
  });

  it('status Ready puts a newborn litter in Select', () => {
    const { select } = splitLitters([{ birthDate: born, status: 'Ready' }], after(2));
    expect(select).toHaveLength(1);
  });

  it('sorts both lists newest birth date first', () => {
    const litters: LitterLike[] = [
      { birthDate: '2025-10-01', status: 'Current' },
      { birthDate: '2025-12-01', status: 'Current' },
      { birthDate: 'Due April 2026', status: 'Upcoming' },
      { birthDate: '2026-02-20', status: 'Current' },
      { birthDate: 'Due March 2026', status: 'Upcoming' },
    ];
    const { select, upcoming } = splitLitters(litters, new Date(Date.UTC(2026, 1, 25)));
    expect(select.map((l) => l.birthDate)).toEqual(['2025-12-01', '2025-10-01']);
    expect(upcoming.map((l) => l.birthDate)).toEqual([
      'Due April 2026',
      'Due March 2026',
      '2026-02-20',
    ]);
  });
});

describe('invalid birth dates', () => {
  it.each(['soon', '2026-13-01', '2026-02-30', '', 'March 3 2026'])(
    '"%s" is an error, never NaN',
    (text) => {
      expect(isValidBirthDate(text)).toBe(false);
      expect(() => parseBirthDate(text)).toThrow(LitterDateError);
      expect(() => splitLitters([current(text)], after(1))).toThrow(LitterDateError);
    },
  );
});

describe('properties', () => {
  const isoDate = fc
    .date({
      min: new Date(Date.UTC(2020, 0, 1)),
      max: new Date(Date.UTC(2030, 11, 31)),
      noInvalidDate: true,
    })
    .map((d) => d.toISOString().slice(0, 10));
  const dueText = fc
    .tuple(
      fc.constantFrom('January', 'May', 'September', 'December'),
      fc.integer({ min: 2020, max: 2030 }),
    )
    .map(([m, y]) => `Due ${m} ${y}`);
  const litter = fc.record({
    birthDate: fc.oneof(isoDate, dueText),
    status: fc.constantFrom('Current', 'Ready', 'Upcoming') as fc.Arbitrary<LitterLike['status']>,
    id: fc.uuid(),
  });
  const clock = fc.date({
    min: new Date(Date.UTC(2020, 0, 1)),
    max: new Date(Date.UTC(2031, 0, 1)),
    noInvalidDate: true,
  });

  it('every litter lands in exactly one list', () => {
    fc.assert(
      fc.property(fc.array(litter, { maxLength: 30 }), clock, (litters, now) => {
        const { select, upcoming } = splitLitters(litters, now);
        expect(select.length + upcoming.length).toBe(litters.length);
        const ids = [...select, ...upcoming].map((l) => l.id).sort();
        expect(ids).toEqual(litters.map((l) => l.id).sort());
      }),
    );
  });

  it('both lists are sorted newest first', () => {
    fc.assert(
      fc.property(fc.array(litter, { maxLength: 30 }), clock, (litters, now) => {
        for (const list of Object.values(splitLitters(litters, now))) {
          for (let i = 1; i < list.length; i++) {
            expect(list[i - 1]!.readiness.sortTime).toBeGreaterThanOrEqual(
              list[i]!.readiness.sortTime,
            );
          }
        }
      }),
    );
  });

  it('an age label never contains NaN', () => {
    fc.assert(
      fc.property(litter, clock, (l, now) => {
        expect(litterReadiness(l, now).age).not.toMatch(/NaN/);
      }),
    );
  });
});

describe('puppy availability', () => {
  it('counts the available puppies of the listed ones', () => {
    const puppies = [
      { status: 'available' as const },
      { status: 'reserved' as const },
      { status: 'placed' as const },
    ];
    expect(puppyAvailability(puppies)).toEqual({ available: 1, total: 3 });
    expect(availabilityLabel({ available: 1, total: 3 })).toBe('1 of 3 available');
  });

  it('says so when none is available, and nothing when none is listed', () => {
    expect(availabilityLabel(puppyAvailability([{ status: 'placed' }])!)).toBe('None available');
    expect(puppyAvailability([])).toBeNull();
    expect(puppyAvailability(undefined)).toBeNull();
  });
});
