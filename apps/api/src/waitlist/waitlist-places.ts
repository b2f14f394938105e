import type { FastifyInstance } from 'fastify';
import type { WaitlistPlaces } from '../inquiries/csv';
import { readLitters } from '../litters/litters-file';
import type { Store } from '../store';
import { listName } from './waitlist';

/** Every listed family's list and place, by inquiry id (the CSV export's columns). */
export async function waitlistPlaces(
  store: Store,
  files: FastifyInstance['files'],
): Promise<WaitlistPlaces> {
  const doc = await store.waitlists.get();
  const places = new Map<string, { list: string; place: number }>();
  if (doc.lists.length === 0) return places;
  const { litters } = await readLitters(files);
  for (const list of doc.lists) {
    const name = listName(list.key, litters);
    list.entries.forEach((entry, index) =>
      places.set(entry.inquiryId, { list: name, place: index + 1 }),
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
