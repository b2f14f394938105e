import { KENNEL_TIME_ZONE } from '@cedar/litter-logic';

const LONG_DATE = new Intl.DateTimeFormat('en-US', {
  timeZone: KENNEL_TIME_ZONE,
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});

/** 'November 29, 2026', as the kennel's calendar has the moment. */
export const longDate = (at: Date) => LONG_DATE.format(at);

/** 'August 30, 2026' from a litter's 'YYYY-MM-DD' (a calendar day, no time zone). */
export function calendarDate(day: string): string {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!iso) return day;
  return new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(new Date(Date.UTC(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3]))));
}
