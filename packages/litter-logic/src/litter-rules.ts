/**
 * Litter readiness is derived from the birth date, with the clock passed in.
 */
export const DAY_MS = 86_400_000;
export const SELECT_THRESHOLD_WEEKS = 5;
export const READY_FROM_WEEKS = 8;
export const TRAINED_AFTER_WEEKS = 10;
/** The spec's literal age text for a litter whose birth date is a 'Due …' text. */
export const DUE_AGE_LABEL = 'Mid-September';

export type LitterStatus = 'Current' | 'Ready' | 'Upcoming';
export type LitterBadge = 'Upcoming' | 'Ready Soon' | 'Ready' | 'Trained';

export interface LitterLike {
  birthDate: string;
  status: LitterStatus;
}

export type ParsedBirthDate =
  { kind: 'date'; time: number } | { kind: 'due'; text: string; time: number | null };

export class LitterDateError extends Error {
  constructor(readonly birthDate: string) {
    super(`"${birthDate}" is neither a date (YYYY-MM-DD) nor a "Due {Month Year}" text`);
    this.name = 'LitterDateError';
  }
}

/** The months as a litter's "Due {Month Year}" names them, and as the site writes dates. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
const MONTHS_LOWER = MONTH_NAMES.map((m) => m.toLowerCase());

/** Parses a birth date: an ISO calendar date, or any text containing 'Due'. Throws otherwise. */
export function parseBirthDate(birthDate: string): ParsedBirthDate {
  if (birthDate.includes('Due')) {
    const m = /Due\s+([A-Za-z]+)\s+(\d{4})/.exec(birthDate);
    const month = m ? MONTHS_LOWER.indexOf((m[1] ?? '').toLowerCase()) : -1;
    const time = m && month >= 0 ? Date.UTC(Number(m[2]), month, 15) : null;
    return { kind: 'due', text: birthDate, time };
  }
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate.trim());
  if (!iso) throw new LitterDateError(birthDate);
  const [y, mo, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  const time = Date.UTC(y, mo - 1, d);
  const check = new Date(time);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) {
    throw new LitterDateError(birthDate);
  }
  return { kind: 'date', time };
}

/** True when the birth date is a real date or a Due text; false when it would break the page. */
export function isValidBirthDate(birthDate: string): boolean {
  try {
    parseBirthDate(birthDate);
    return true;
  } catch {
    return false;
  }
}

/** Whole days from the birth date (UTC midnight) to `now`. */
export function ageInDays(birthTime: number, now: Date): number {
  return Math.floor((now.getTime() - birthTime) / DAY_MS);
}

export function formatAge(days: number): string {
  if (days < 7) return days === 1 ? '1 day old' : `${Math.max(days, 0)} days old`;
  const weeks = Math.floor(days / 7);
  return weeks === 1 ? '1 week old' : `${weeks} weeks old`;
}

export function badgeForWeeks(weeks: number): Exclude<LitterBadge, 'Upcoming'> {
  if (weeks > TRAINED_AFTER_WEEKS) return 'Trained';
  if (weeks >= READY_FROM_WEEKS) return 'Ready';
  return 'Ready Soon';
}

export interface LitterReadiness {
  /** 'N days old', 'N weeks old', or the Due text's age. */
  age: string;
  badge: LitterBadge;
  /** null for a Due litter */
  days: number | null;
  /** Sort key: the birth time; Due litters use the middle of their month. */
  sortTime: number;
  isDue: boolean;
}

export function litterReadiness(litter: LitterLike, now: Date): LitterReadiness {
  const parsed = parseBirthDate(litter.birthDate);
  if (parsed.kind === 'due') {
    return {
      age: DUE_AGE_LABEL,
      badge: 'Upcoming',
      days: null,
      sortTime: parsed.time ?? Number.POSITIVE_INFINITY,
      isDue: true,
    };
  }
  const days = ageInDays(parsed.time, now);
  if (days < 0) {
    // A real date still in the future: the litter is expected, not yet born.
    return { age: 'Expected soon', badge: 'Upcoming', days, sortTime: parsed.time, isDue: false };
  }
  return {
    age: formatAge(days),
    badge: badgeForWeeks(Math.floor(days / 7)),
    days,
    sortTime: parsed.time,
    isDue: false,
  };
}

export type LitterWithReadiness<T extends LitterLike> = T & { readiness: LitterReadiness };

export function isSelectLitter(litter: LitterLike, readiness: LitterReadiness): boolean {
  if (litter.status === 'Ready') return true;
  return readiness.days !== null && readiness.days >= SELECT_THRESHOLD_WEEKS * 7;
}

/** Splits litters into Select Litters and Upcoming Litters, each newest birth date first. */
export function splitLitters<T extends LitterLike>(
  litters: readonly T[],
  now: Date,
): { select: LitterWithReadiness<T>[]; upcoming: LitterWithReadiness<T>[] } {
  const select: LitterWithReadiness<T>[] = [];
  const upcoming: LitterWithReadiness<T>[] = [];
  for (const litter of litters) {
    const readiness = litterReadiness(litter, now);
    const entry = { ...litter, readiness };
    (isSelectLitter(litter, readiness) ? select : upcoming).push(entry);
  }
  const newestFirst = (a: LitterWithReadiness<T>, b: LitterWithReadiness<T>) =>
    b.readiness.sortTime - a.readiness.sortTime;
  select.sort(newestFirst);
  upcoming.sort(newestFirst);
  return { select, upcoming };
}

export interface PuppyLike {
  status: 'available' | 'reserved' | 'placed';
}

/** How many of a litter's listed puppies are still available: null when none are listed. */
export function puppyAvailability(
  puppies: readonly PuppyLike[] | undefined,
): { available: number; total: number } | null {
  if (!puppies || puppies.length === 0) return null;
  return {
    available: puppies.filter((p) => p.status === 'available').length,
    total: puppies.length,
  };
}

/** 'N of M available', or 'None available' when every listed puppy is reserved or placed. */
export function availabilityLabel(counts: { available: number; total: number }): string {
  return counts.available === 0
    ? 'None available'
    : `${counts.available} of ${counts.total} available`;
}

/** With puppies listed, a litter's availability text is worked out from them. */
export function withPuppyAvailability<
  T extends { available: string; puppies?: readonly PuppyLike[] | undefined },
>(litter: T): T {
  const counts = puppyAvailability(litter.puppies);
  return counts ? { ...litter, available: availabilityLabel(counts) } : litter;
}
