import type { ContestEntry } from '@cedar/content';

export function entryAlt(entry: ContestEntry): string {
  return `${entry.name} in a Halloween costume, entered by ${entry.familyName}`;
}
