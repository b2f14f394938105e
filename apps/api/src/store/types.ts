import type { EditableFilePath, Inquiry, InquirySubmission, Revision } from '@cedar/api-contract';

/** The storage port (ARCHITECTURE §3): the app sees only this, never an engine. */
export interface Store {
  readonly kind: 'embedded' | 'mongodb';
  readonly admins: AdminRepo;
  readonly sessions: SessionRepo;
  readonly inquiries: InquiryRepo;
  readonly revisions: RevisionRepo;
  readonly loginAttempts: LoginAttemptRepo;
  close(): Promise<void>;
}

export interface AdminRecord {
  username: string;
  /** `scrypt$N$r$p$salt$hash`, see auth/password.ts */
  passwordHash: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface AdminRepo {
  find(username: string): Promise<AdminRecord | null>;
  /** Throws DuplicateError when the username is taken. */
  create(admin: AdminRecord): Promise<void>;
  /** False when there is no such admin. */
  setPassword(username: string, passwordHash: string, at: Date): Promise<boolean>;
  remove(username: string): Promise<boolean>;
  count(): Promise<number>;
}

export interface SessionRecord {
  /** sha256 (hex) of the token; the token itself is never stored. */
  tokenHash: string;
  username: string;
  createdAt: Date;
  lastSeenAt: Date;
  /** Absolute end of the session. */
  expiresAt: Date;
  /** Moves forward on use; the session ends when it passes. */
  idleExpiresAt: Date;
}

export interface SessionRepo {
  create(session: SessionRecord): Promise<void>;
  find(tokenHash: string): Promise<SessionRecord | null>;
  touch(tokenHash: string, lastSeenAt: Date, idleExpiresAt: Date): Promise<void>;
  revoke(tokenHash: string): Promise<boolean>;
  revokeAllFor(username: string): Promise<number>;
  removeExpired(now: Date): Promise<number>;
}

export interface NewInquiry extends Omit<InquirySubmission, 'submittedAt'> {
  createdAt: Date;
}

export interface InquiryRepo {
  create(inquiry: NewInquiry): Promise<Inquiry>;
  /** Newest first. */
  list(): Promise<Inquiry[]>;
  count(): Promise<number>;
}

export interface NewRevision {
  path: EditableFilePath;
  savedAt: Date;
  savedBy: string;
  sha256: string;
  size: number;
  content: string;
}

export interface RevisionWithContent extends Revision {
  content: string;
}

export interface RevisionRepo {
  create(revision: NewRevision): Promise<Revision>;
  /** Newest first, without content. */
  list(path: EditableFilePath): Promise<Revision[]>;
  get(path: EditableFilePath, id: string): Promise<RevisionWithContent | null>;
}

export interface LoginAttemptRepo {
  /** Records one failure and answers the failures within the window, oldest first. */
  recordFailure(key: string, at: Date, windowMs: number): Promise<Date[]>;
  /** The failures within the window ending at `now`, oldest first. */
  failures(key: string, now: Date, windowMs: number): Promise<Date[]>;
  clear(key: string): Promise<void>;
}

export class DuplicateError extends Error {
  constructor(what: string) {
    super(`${what} already exists`);
    this.name = 'DuplicateError';
  }
}
