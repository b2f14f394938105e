/**
 * The kennel's calendar. A litter's age counts the kennel's days: a puppy born on the 1st is one
 * day old from midnight in Cambridge, New York, whatever the clock of the machine that asks.
 */
export const KENNEL_TIME_ZONE = 'America/New_York';

/** A calendar day, 'YYYY-MM-DD'. */
export type CalendarDay = string;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The calendar day it is at `now` in `timeZone` (by default the kennel's). */
export function kennelDay(now: Date, timeZone: string = KENNEL_TIME_ZONE): CalendarDay {
  const parts = formatterFor(timeZone).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/**
 * The day as the litter rules count it: midnight UTC of that date, so that whole days between a
 * birth date and the day are exact (no time zone or daylight saving hour in between).
 */
export function dayStart(day: CalendarDay): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new RangeError(`"${day}" is not a YYYY-MM-DD day`);
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

const HOUR_MS = 3_600_000;

/**
 * The first instant after `now` at which the calendar day in `timeZone` changes: the next
 * midnight, which is 23, 24 or 25 hours after the last on daylight saving days (and found the same
 * way in a zone whose clocks skip midnight itself).
 */
export function nextKennelDayStart(now: Date, timeZone: string = KENNEL_TIME_ZONE): Date {
  const today = kennelDay(now, timeZone);
  // No calendar day lasts 27 hours; the change lies between now and then.
  let before = now.getTime();
  let after = before + 27 * HOUR_MS;
  while (after - before > 1) {
    const middle = Math.floor((before + after) / 2);
    if (kennelDay(new Date(middle), timeZone) === today) before = middle;
    else after = middle;
  }
  return new Date(after);
}
