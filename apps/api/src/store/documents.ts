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
  failures: Date[];
  /** When the newest failure leaves the window: the document may go. */
  expiresAt: Date;
}

/** How many failures a counter keeps; more than the limit, fewer than a flood. */
export const MAX_KEPT_FAILURES = 20;

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

export const withinWindow = (failures: Date[] | undefined, now: Date, windowMs: number): Date[] =>
  (failures ?? [])
    .map((f) => new Date(f))
    .filter((f) => f.getTime() > now.getTime() - windowMs && f.getTime() <= now.getTime())
    .sort((a, b) => a.getTime() - b.getTime());
