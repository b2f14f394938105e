import type { Clock } from '../auth/sessions';
import type { Store } from '../store';
import type { WaitlistEntryDoc } from '../store/documents';

/**
 * Changes every waitlist entry `which` picks (that `change` would change), over any change made
 * at the same moment: the lists are one document with a version, so this retries on a conflict.
 * Answers how many entries were changed.
 */
export async function markEntries(
  store: Store,
  clock: Clock,
  which: (entry: WaitlistEntryDoc) => boolean,
  change: (entry: WaitlistEntryDoc, now: Date) => WaitlistEntryDoc | null,
): Promise<number> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const doc = await store.waitlists.get();
    const now = clock();
    let changed = 0;
    const lists = doc.lists.map((l) => ({
      ...l,
      entries: l.entries.map((e) => {
        if (!which(e)) return e;
        const next = change(e, now);
        if (!next) return e;
        changed += 1;
        return next;
      }),
    }));
    if (changed === 0) return 0;
    if (await store.waitlists.replace(lists, doc.version, now)) return changed;
  }
  return 0;
}
