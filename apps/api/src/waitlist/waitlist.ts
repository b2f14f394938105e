import {
  GENERAL_LIST,
  type InboxInquiry,
  type Waitlist,
  type WaitlistEntry,
} from '@cedar/api-contract';
import type { Litter } from '@cedar/content';
import type { WaitlistDoc, WaitlistEntryDoc } from '../store/documents';

/** "the general list", "Ranger x Juniper's list" */
export const listName = (key: string, litters: readonly Litter[]): string => {
  if (key === GENERAL_LIST) return 'the general list';
  const litter = litters.find((l) => l.id === key);
  return `${litter?.name ?? key}\u2019s list`;
};

const toEntry = (doc: WaitlistEntryDoc): WaitlistEntry => ({
  id: doc.id,
  inquiryId: doc.inquiryId,
  name: doc.name,
  email: doc.email,
  sex: doc.sex,
  color: doc.color,
  addedAt: new Date(doc.addedAt).toISOString(),
  ...(doc.puppyId ? { puppyId: doc.puppyId } : {}),
  unsubscribed: Boolean(doc.unsubscribedAt),
  bounced: Boolean(doc.bouncedAt),
});

/**
 * Every list in order: the general list first, then each litter's in the data file's order (an
 * archived litter's only while families are on it), each with its families in the owner's order.
 */
export function waitlistAnswer(doc: WaitlistDoc, litters: readonly Litter[]): Waitlist {
  const entriesOf = (key: string) => doc.lists.find((l) => l.key === key)?.entries ?? [];
  const keys = [
    GENERAL_LIST,
    ...litters.filter((l) => !l.archived || entriesOf(l.id).length > 0).map((l) => l.id),
  ];
  // A list whose litter left the data file is still shown, so that no family is lost.
  for (const list of doc.lists)
    if (!keys.includes(list.key) && list.entries.length > 0) keys.push(list.key);
  return {
    version: doc.version,
    lists: keys.map((key) => ({
      key,
      litterId: key === GENERAL_LIST ? null : key,
      name: listName(key, litters),
      entries: entriesOf(key).map(toEntry),
    })),
  };
}

/** Where a family is: the list's key and their place in it (from 1); null when on none. */
export function placeOf(
  doc: WaitlistDoc,
  inquiryId: string,
): { key: string; place: number; entry: WaitlistEntryDoc } | null {
  for (const list of doc.lists) {
    const index = list.entries.findIndex((e) => e.inquiryId === inquiryId);
    if (index >= 0) return { key: list.key, place: index + 1, entry: list.entries[index]! };
  }
  return null;
}

/** 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st… */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th'}`;
}

const SEX_QUESTION = /\b(sex|gender|male or female|boy or girl)\b/i;

/**
 * What the inquiry says the family wishes for: the sex from a questionnaire answer about the
 * puppy's sex or gender, the colour from its preferred colour ('no-preference' is no wish).
 */
export function wishesOf(inquiry: InboxInquiry): { sex: WaitlistEntryDoc['sex']; color: string } {
  let sex: WaitlistEntryDoc['sex'] = 'Either';
  for (const answer of inquiry.answers ?? []) {
    if (!SEX_QUESTION.test(answer.label) && !SEX_QUESTION.test(answer.name)) continue;
    const value = answer.value.trim().toLowerCase();
    if (/^(female|girl|bitch)s?\b/.test(value)) sex = 'Female';
    else if (/^(male|boy|dog)s?\b/.test(value)) sex = 'Male';
    break;
  }
  const color = inquiry.preferredColor === 'no-preference' ? '' : inquiry.preferredColor;
  return { sex, color };
}

/** The family's name as the lists show it. */
export const familyName = (inquiry: InboxInquiry): string =>
  `${inquiry.firstName} ${inquiry.lastName}`.trim() || inquiry.email || 'A family';
