import { MONTH_NAMES } from '@cedar/litter-logic';

/** '2026-08-30' -> 'August 30, 2026'; a 'Due …' text stays as it is. Independent of time zone and locale. */
export function formatBirthDate(birthDate: string): string {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate);
  if (!iso) return birthDate;
  const month = MONTH_NAMES[Number(iso[2]) - 1];
  return month ? `${month} ${Number(iso[3])}, ${iso[1]}` : birthDate;
}
