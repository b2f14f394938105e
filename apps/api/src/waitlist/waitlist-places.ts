import { depositSummary } from '@cedar/api-contract';
import type { FastifyInstance } from 'fastify';
import { depositView } from '../deposits/deposit-state';
import { amountDue, depositAmounts } from '../deposits/deposits';
import type { WaitlistPlaces } from '../inquiries/csv';
import { readLitters } from '../litters/litters-file';
import type { Store } from '../store';
import { listName } from './waitlist';

/** Every listed family's list, place and deposit, by inquiry id (the CSV export's columns). */
export async function waitlistPlaces(
  store: Store,
  files: FastifyInstance['files'],
  now: Date = new Date(),
): Promise<WaitlistPlaces> {
  const doc = await store.waitlists.get();
  const places = new Map<string, { list: string; place: number; deposit: string }>();
  if (doc.lists.length === 0) return places;
  const [{ litters }, deposits, amounts] = await Promise.all([
    readLitters(files),
    store.deposits.list(),
    depositAmounts(store),
  ]);
  const byEntry = new Map(deposits.map((d) => [d._id, d]));
  for (const list of doc.lists) {
    const name = listName(list.key, litters);
    const due = amountDue(amounts, list.key);
    list.entries.forEach((entry, index) =>
      places.set(entry.inquiryId, {
        list: name,
        place: index + 1,
        deposit: depositSummary(depositView(byEntry.get(entry.id) ?? null, entry.id, due, now)),
      }),
    );
  }
  return places;
}

/** Takes an inquiry's family off every list (it was deleted), retrying over concurrent changes. */
export async function removeFromWaitlists(store: Store, inquiryId: string, at: Date) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const doc = await store.waitlists.get();
    if (!doc.lists.some((l) => l.entries.some((e) => e.inquiryId === inquiryId))) return;
    const lists = doc.lists
      .map((l) => ({ ...l, entries: l.entries.filter((e) => e.inquiryId !== inquiryId) }))
      .filter((l) => l.entries.length > 0);
    if (await store.waitlists.replace(lists, doc.version, at)) {
      // Their page's link goes with them (issue 40).
      for (const list of doc.lists)
        for (const entry of list.entries)
          if (entry.inquiryId === inquiryId) await store.familyLinks.revoke(entry.id);
      return;
    }
  }
}
