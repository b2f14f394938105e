import type {
  RevisionPath,
  InboxInquiry,
  InquiryFilter,
  InquiryStats,
  InquiryStatus,
  Revision,
} from '@cedar/api-contract';
import type { AdminRecord, RevisionWithContent, SessionRecord } from './types';

// The documents both engines hold: the same shape, with our own string _id.

export interface AdminDoc extends AdminRecord {
  _id: string;
}

export interface SessionDoc extends Omit<SessionRecord, 'tokenHash'> {
  _id: string;
}

export interface InquiryDoc {
  _id: string;
  /** The webhook delivery it came from (unique), absent for inquiries made otherwise. */
  deliveryId?: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  preferredColor: string;
  message?: string;
  createdAt: Date;
  /** Absent only in documents stored before the inbox existed; both engines fill it in at open. */
  status: InquiryStatus;
  /** The owner's private note. */
  note?: string;
  /** When the owner last changed the status or the note. */
  updatedAt?: Date;
}

export interface RevisionDoc {
  _id: string;
  path: RevisionPath;
  savedAt: Date;
  savedBy: string;
  sha256: string;
  size: number;
  content: string;
}

export interface LoginAttemptDoc {
  _id: string;
  attempts: { id: string; at: Date }[];
  /** When the newest attempt leaves the window: the document may go. */
  expiresAt: Date;
}

export interface KeyDoc {
  _id: string;
  value: string;
}

/** How many attempts a counter keeps: more than any limit counts, fewer than a flood. */
export const MAX_KEPT_ATTEMPTS = 200;

export const toAdmin = (d: AdminDoc): AdminRecord => ({
  username: d.username,
  passwordHash: d.passwordHash,
  createdAt: new Date(d.createdAt),
  updatedAt: new Date(d.updatedAt),
});

export const toSession = (d: SessionDoc): SessionRecord => ({
  tokenHash: d._id,
  username: d.username,
  createdAt: new Date(d.createdAt),
  lastSeenAt: new Date(d.lastSeenAt),
  expiresAt: new Date(d.expiresAt),
  idleExpiresAt: new Date(d.idleExpiresAt),
  ...(d.confirmedAt ? { confirmedAt: new Date(d.confirmedAt) } : {}),
  ...(d.ip ? { ip: d.ip } : {}),
  ...(d.userAgent ? { userAgent: d.userAgent } : {}),
});

export function toInquiry(d: InquiryDoc): InboxInquiry {
  const inquiry: InboxInquiry = {
    id: d._id,
    firstName: d.firstName,
    lastName: d.lastName,
    email: d.email,
    phone: d.phone,
    preferredColor: d.preferredColor,
    createdAt: new Date(d.createdAt).toISOString(),
    status: d.status ?? 'new',
    note: d.note ?? '',
  };
  if (d.message !== undefined && d.message !== null) inquiry.message = d.message;
  return inquiry;
}

/** A new inquiry's document: status `new`, no note, no message key when there is none. */
export function newInquiryDoc(id: string, inquiry: Omit<InquiryDoc, '_id' | 'status'>): InquiryDoc {
  const doc: InquiryDoc = { _id: id, ...inquiry, status: 'new' };
  if (doc.message === undefined) delete doc.message;
  return doc;
}

/**
 * What `q` looks for (see inquiryFilterSchema): its lower-cased text in the full name and the
 * e-mail, and, when it is a phone number or part of one, its digits among the phone's digits.
 */
export function searchTerms(q: string): { text: string; digits: string | null } {
  const text = q.trim().toLowerCase();
  const digits = /^[\d\s()+.-]*\d[\d\s()+.-]*$/.test(text) ? text.replace(/\D/g, '') : null;
  return { text, digits };
}

/** The inbox's filters as a predicate (the embedded engine filters in memory). */
export function inquiryMatcher(filter: InquiryFilter): (d: InquiryDoc) => boolean {
  const terms = filter.q ? searchTerms(filter.q) : null;
  return (d) => {
    if (filter.status !== undefined && d.status !== filter.status) return false;
    if (filter.color !== undefined && d.preferredColor !== filter.color) return false;
    if (!terms) return true;
    return (
      `${d.firstName} ${d.lastName}`.toLowerCase().includes(terms.text) ||
      d.email.toLowerCase().includes(terms.text) ||
      (terms.digits !== null && d.phone.replace(/\D/g, '').includes(terms.digits))
    );
  };
}

/** How often each colour was asked for, and when last: what both engines count for the stats. */
export interface ColorTally {
  color: string;
  count: number;
  latest: Date;
}

/** The stats from counts both engines make the same way (see inquiryStatsSchema). */
export function statsFrom(
  total: number,
  recent: number,
  colors: ColorTally[],
  statuses: Partial<Record<InquiryStatus, number>>,
): InquiryStats {
  const demand = colors
    .filter((c) => c.color !== 'no-preference' && c.color !== '')
    .sort(
      (a, b) =>
        b.count - a.count ||
        b.latest.getTime() - a.latest.getTime() ||
        a.color.localeCompare(b.color),
    );
  const [top, ...rest] = demand;
  return {
    total,
    recent,
    mostRequested: top
      ? {
          color: top.color,
          count: top.count,
          tiedWith: rest.filter((c) => c.count === top.count).map((c) => c.color),
        }
      : null,
    byStatus: {
      new: statuses.new ?? 0,
      contacted: statuses.contacted ?? 0,
      waitlist: statuses.waitlist ?? 0,
      placed: statuses.placed ?? 0,
      closed: statuses.closed ?? 0,
    },
    byColor: colors
      .map(({ color, count }) => ({ color, count }))
      .sort((a, b) => b.count - a.count || a.color.localeCompare(b.color)),
  };
}

export const toRevision = (d: Omit<RevisionDoc, 'content'>): Revision => ({
  id: d._id,
  path: d.path,
  savedAt: new Date(d.savedAt).toISOString(),
  savedBy: d.savedBy,
  sha256: d.sha256,
  size: d.size,
});

export const toRevisionWithContent = (d: RevisionDoc): RevisionWithContent => ({
  ...toRevision(d),
  content: d.content,
});

export const withinWindow = (
  attempts: LoginAttemptDoc['attempts'] | undefined,
  now: Date,
  windowMs: number,
): LoginAttemptDoc['attempts'] =>
  (attempts ?? [])
    .map((a) => ({ id: a.id, at: new Date(a.at) }))
    // In the order they were added, which is the order the store applied them in.
    .filter((a) => a.at.getTime() > now.getTime() - windowMs && a.at.getTime() <= now.getTime());
