import type {
  RevisionPath,
  InboxInquiry,
  InquiryFilter,
  InquiryStats,
  InquirySubmission,
  InquiryUpdate,
  Revision,
} from '@cedar/api-contract';
import type { AdminDoc, InquiryDoc, RevisionDoc } from './documents';

/** The storage port: the app sees only this, never an engine (embedded or MongoDB). */
export interface Store {
  readonly kind: 'embedded' | 'mongodb';
  readonly admins: AdminRepo;
  readonly sessions: SessionRepo;
  readonly inquiries: InquiryRepo;
  readonly revisions: RevisionRepo;
  readonly loginAttempts: LoginAttemptRepo;
  readonly keys: KeyRepo;
  /** Rejects when the store does not answer (readiness). */
  ping(): Promise<void>;
  /** Admins, inquiries and revisions as one point in time saw them: what a backup holds. */
  snapshot(): Promise<StoreSnapshot>;
  /** True when the store holds no admin, inquiry or revision (a restore may fill it). */
  isEmpty(): Promise<boolean>;
  /**
   * Replaces every admin, inquiry and revision with the snapshot's, ending every session and
   * clearing every login counter (the keys stay). Run with no server using the store.
   */
  replaceAll(snapshot: StoreSnapshot): Promise<void>;
  close(): Promise<void>;
}

/** The documents of a backup, exactly as both engines store them (ids included). */
export interface StoreSnapshot {
  admins: AdminDoc[];
  inquiries: InquiryDoc[];
  revisions: RevisionDoc[];
}

export interface AdminRecord {
  username: string;
  /** `scrypt$N$r$p$salt$hash`, see auth/password.ts */
  passwordHash: string;
  createdAt: Date;
  updatedAt: Date;
}

interface AdminRepo {
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
  /** When the admin last confirmed their password in this session (code saves need a recent one). */
  confirmedAt?: Date | null;
  /** Where the session was started from, for the admin's list of sessions. */
  ip?: string;
  userAgent?: string;
}

interface SessionRepo {
  create(session: SessionRecord): Promise<void>;
  find(tokenHash: string): Promise<SessionRecord | null>;
  touch(tokenHash: string, lastSeenAt: Date, idleExpiresAt: Date): Promise<void>;
  /** Records a password confirmation; false when the session is gone. */
  confirm(tokenHash: string, at: Date): Promise<boolean>;
  revoke(tokenHash: string): Promise<boolean>;
  /** Every session of the admin, newest first. */
  listFor(username: string): Promise<SessionRecord[]>;
  /** Ends every session of the admin but `keep` (a token hash), if given. */
  revokeAllFor(username: string, keep?: string): Promise<number>;
  removeExpired(now: Date): Promise<number>;
}

export interface NewInquiry extends Omit<InquirySubmission, 'submittedAt'> {
  createdAt: Date;
}

/** Where a page ends: the last inquiry listed (pages go newest first). */
export interface InquiryPosition {
  createdAt: Date;
  id: string;
}

interface InquiryRepo {
  create(inquiry: NewInquiry): Promise<InboxInquiry>;
  /**
   * Stores a webhook delivery once: a second call with the same delivery id adds nothing and
   * answers the inquiry stored the first time, with `created: false`.
   */
  createOnce(
    deliveryId: string,
    inquiry: NewInquiry,
  ): Promise<{ inquiry: InboxInquiry; created: boolean }>;
  /** Newest first. */
  list(): Promise<InboxInquiry[]>;
  /**
   * Up to `limit` inquiries matching the filter, newest first, starting after `after`; `more`
   * tells whether any match beyond them.
   */
  page(
    filter: InquiryFilter,
    options: { after?: InquiryPosition; limit: number },
  ): Promise<{ items: InboxInquiry[]; more: boolean }>;
  /** Counts over every inquiry; `recent` are those created after `since` and not after `now`. */
  stats(now: Date, since: Date): Promise<InquiryStats>;
  /** Sets the status and/or the note; null when there is no such inquiry. */
  update(id: string, changes: InquiryUpdate, at: Date): Promise<InboxInquiry | null>;
  /** Deletes the inquiry for good; false when there was none. */
  remove(id: string): Promise<boolean>;
  /** Deletes every inquiry created before `cutoff` (retention); answers how many. */
  removeCreatedBefore(cutoff: Date): Promise<number>;
  count(): Promise<number>;
}

interface NewRevision {
  path: RevisionPath;
  savedAt: Date;
  savedBy: string;
  sha256: string;
  size: number;
  content: string;
}

export interface RevisionWithContent extends Revision {
  content: string;
}

interface RevisionRepo {
  create(revision: NewRevision): Promise<Revision>;
  /** Newest first, without content. */
  list(path: RevisionPath): Promise<Revision[]>;
  get(path: RevisionPath, id: string): Promise<RevisionWithContent | null>;
  /** Deletes the file's revisions with these ids (the retention's choice); answers how many. */
  remove(path: RevisionPath, ids: readonly string[]): Promise<number>;
}

/** One login attempt under a counter: counted from the moment it starts, so that parallel ones see each other. */
export interface LoginAttempt {
  id: string;
  at: Date;
}

interface LoginAttemptRepo {
  /**
   * Adds the attempt to the counter in one atomic step and answers the counter's attempts within
   * the window ending at `attempt.at`, oldest first, the new one last. The counter lives at least
   * until the window has passed (its expiry only ever moves later).
   */
  add(key: string, attempt: LoginAttempt, windowMs: number): Promise<LoginAttempt[]>;
  /** The counter's attempts within the window ending at `now`, oldest first. */
  list(key: string, now: Date, windowMs: number): Promise<LoginAttempt[]>;
  /** Takes one attempt back (it was refused before any check, or it succeeded). */
  remove(key: string, id: string): Promise<void>;
  clear(key: string): Promise<void>;
  /** Deletes counters whose window has passed; answers how many. */
  removeExpired(now: Date): Promise<number>;
}

/**
 * The server's own secret keys (the device cookies' signing key), made once and shared by every
 * server on the store. Never in a backup, never replaced by a restore.
 */
interface KeyRepo {
  /** The key stored under `name`; `candidate` is stored (and answered) when there is none yet. */
  ensure(name: string, candidate: string): Promise<string>;
}

export class DuplicateError extends Error {
  constructor(what: string) {
    super(`${what} already exists`);
    this.name = 'DuplicateError';
  }
}
