import type { InboxInquiry, InquiryFilter, InquiryStats, InquiryStatus } from '@cedar/api-contract';
import {
  arrivalOrder,
  type ColorTally,
  type InquiryDoc,
  inquiryMatcher,
  statsFrom,
  toInquiry,
} from './documents';
import type { InquiryPosition } from './types';

const time = (d: Date) => new Date(d).getTime();

/** Is `a` before `b` in (createdAt, _id) order? */
const before = (a: InquiryPosition, b: InquiryPosition) =>
  time(a.createdAt) < time(b.createdAt) || (time(a.createdAt) === time(b.createdAt) && a.id < b.id);

const positionOf = (d: InquiryDoc): InquiryPosition => ({ createdAt: d.createdAt, id: d._id });

/**
 * The embedded engine's inquiries in memory, sorted oldest first by (createdAt, _id), kept up to
 * date by every write. nedb copies and sorts every matching document on each find (about 3 ms
 * for 500, tens of ms for 10,000); a page from here costs what the page holds, and the stats one
 * pass without copies.
 */
export class InquiryIndex {
  private sorted: InquiryDoc[];
  private readonly byId = new Map<string, InquiryDoc>();

  constructor(docs: InquiryDoc[]) {
    this.sorted = [...docs].sort((a, b) =>
      before(positionOf(a), positionOf(b)) ? -1 : before(positionOf(b), positionOf(a)) ? 1 : 0,
    );
    for (const doc of this.sorted) this.byId.set(doc._id, doc);
  }

  get size(): number {
    return this.sorted.length;
  }

  /** How many documents come before `position`. */
  private rank(position: InquiryPosition): number {
    let low = 0;
    let high = this.sorted.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (before(positionOf(this.sorted[mid]!), position)) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  private indexOf(doc: InquiryDoc): number {
    const i = this.rank(positionOf(doc));
    return this.sorted[i]?._id === doc._id ? i : -1;
  }

  /** Adds the document, or replaces the one with its id (its createdAt never changes). */
  put(doc: InquiryDoc): void {
    const i = this.indexOf(doc);
    if (i >= 0) this.sorted[i] = doc;
    else this.sorted.splice(this.rank(positionOf(doc)), 0, doc);
    this.byId.set(doc._id, doc);
  }

  delete(id: string): void {
    const doc = this.byId.get(id);
    if (!doc) return;
    this.byId.delete(id);
    const i = this.indexOf(doc);
    if (i >= 0) this.sorted.splice(i, 1);
  }

  /** Drops every document created before `cutoff`. */
  deleteCreatedBefore(cutoff: Date): void {
    const gone = this.sorted.splice(0, this.rank({ createdAt: cutoff, id: '' }));
    for (const doc of gone) this.byId.delete(doc._id);
  }

  get(id: string): InquiryDoc | undefined {
    return this.byId.get(id);
  }

  all(): InboxInquiry[] {
    const out: InboxInquiry[] = [];
    for (let i = this.sorted.length - 1; i >= 0; i--) out.push(toInquiry(this.sorted[i]!));
    return out;
  }

  page(
    filter: InquiryFilter,
    { after, limit }: { after?: InquiryPosition; limit: number },
  ): { items: InboxInquiry[]; more: boolean } {
    const matches = inquiryMatcher(filter);
    const items: InboxInquiry[] = [];
    for (let i = (after ? this.rank(after) : this.sorted.length) - 1; i >= 0; i--) {
      const doc = this.sorted[i]!;
      if (!matches(doc)) continue;
      if (items.length === limit) return { items, more: true };
      items.push(toInquiry(doc));
    }
    return { items, more: false };
  }

  /** One pass over every inquiry: a few milliseconds for 10,000, asked every 30 s per open inbox. */
  arrivedSince(
    filter: InquiryFilter,
    since: Date,
    limit: number,
  ): { items: InboxInquiry[]; more: boolean } {
    const matches = inquiryMatcher(filter);
    const from = since.getTime();
    const arrived: InquiryDoc[] = [];
    for (const doc of this.sorted) {
      if (doc.receivedAt && new Date(doc.receivedAt).getTime() >= from && matches(doc))
        arrived.push(doc);
    }
    arrived.sort(arrivalOrder);
    return { items: arrived.slice(0, limit).map(toInquiry), more: arrived.length > limit };
  }

  stats(now: Date, since: Date): InquiryStats {
    const colors = new Map<string, ColorTally>();
    const statuses: Partial<Record<InquiryStatus, number>> = {};
    for (const doc of this.sorted) {
      const tally = colors.get(doc.preferredColor);
      // Oldest first: the last one seen is the latest.
      if (tally) {
        tally.count += 1;
        tally.latest = doc.createdAt;
      } else
        colors.set(doc.preferredColor, {
          color: doc.preferredColor,
          count: 1,
          latest: doc.createdAt,
        });
      statuses[doc.status] = (statuses[doc.status] ?? 0) + 1;
    }
    // Created after `since` and not after `now`: two binary searches.
    const recent =
      this.rank({ createdAt: new Date(time(now) + 1), id: '' }) -
      this.rank({ createdAt: new Date(time(since) + 1), id: '' });
    return statsFrom(
      this.sorted.length,
      Math.max(0, recent),
      [...colors.values()].map((c) => ({ ...c, latest: new Date(c.latest) })),
      statuses,
    );
  }
}
