import type { EditableFilePath, Inquiry, Revision } from '@cedar/api-contract';
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
}

export interface RevisionDoc {
  _id: string;
  path: EditableFilePath;
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

export function toInquiry(d: InquiryDoc): Inquiry {
  const inquiry: Inquiry = {
    id: d._id,
    firstName: d.firstName,
    lastName: d.lastName,
    email: d.email,
    phone: d.phone,
    preferredColor: d.preferredColor,
    createdAt: new Date(d.createdAt).toISOString(),
  };
  if (d.message !== undefined && d.message !== null) inquiry.message = d.message;
  return inquiry;
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
