import type { Waitlist } from '@cedar/api-contract';

// Apart from the Waitlist screen's list (waitlist-list.tsx), so an inquiry's card on the dashboard
// can say a family's place without loading that screen's code (decision 034).

/** Where an inquiry's family is: "3rd on Ranger x Juniper's list"; null when on none. */
export function placeText(waitlist: Waitlist | undefined, inquiryId: string): string | null {
  for (const list of waitlist?.lists ?? []) {
    const index = list.entries.findIndex((e) => e.inquiryId === inquiryId);
    if (index >= 0) return `${ordinal(index + 1)} on ${list.name}`;
  }
  return null;
}

function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th'}`;
}
