import type {
  RevisionPath,
  InboxInquiry,
  InquiryAnswer,
  InquiryFilter,
  InquiryForm,
  InquiryStats,
  InquirySubmission,
  InquiryUpdate,
  Revision,
} from '@cedar/api-contract';
import type {
  AdminDoc,
  AdminRecord,
  AdminStatus,
  AuditDoc,
  AuditFilter,
  FamilyLinkDoc,
  InvitationDoc,
  LitterUpdateDoc,
  AnnouncementDoc,
  AnnouncementMailDoc,
  ChallengeDoc,
  CursorDoc,
  FactorDoc,
  PasskeyDoc,
  InquiryDoc,
  RevisionDoc,
  SessionRecord,
  WaitlistDoc,
  DepositDoc,
  DepositAmountDoc,
  StripeEventDoc,
} from './documents';

/** The storage port: the app sees only this, never an engine (embedded or MongoDB). */
export interface Store {
  readonly kind: 'embedded' | 'mongodb';
  readonly admins: AdminRepo;
  readonly sessions: SessionRepo;
  readonly inquiries: InquiryRepo;
  readonly revisions: RevisionRepo;
  readonly loginAttempts: LoginAttemptRepo;
  readonly keys: KeyRepo;
  /** The e-mails to the owner, kept in the inquiries they are about. */
  readonly outbox: OutboxRepo;
  /** The deliveries of the last minutes, by id and by content: a replay adds nothing. */
  readonly deliveries: DeliveryRepo;
  /** Where the polling of each HubSpot form got to. */
  readonly cursors: CursorRepo;
  /** The waitlists, in the owner's order. */
  readonly waitlists: WaitlistRepo;
  /** The announcements to the waitlists, and their e-mails in the outbox. */
  readonly announcements: AnnouncementRepo;
  /** An account's passkeys (WebAuthn credentials). */
  readonly passkeys: PasskeyRepo;
  /** An account's one-time codes, recovery codes and WebAuthn user handle. */
  readonly factors: FactorRepo;
  /** The pending, single-use steps of sign-ins and passkey registrations. Never in a backup. */
  readonly challenges: ChallengeRepo;
  /** Invitations of helpers: one-time links (issue 39). */
  readonly invitations: InvitationRepo;
  /** Who did what: the audit log (issue 39). Backed up; kept AUDIT_RETENTION_DAYS. */
  readonly audit: AuditRepo;
  /** Each listed family's deposit and the amounts asked (issue 40). Backed up. */
  readonly deposits: DepositRepo;
  /** The Stripe events taken in, each once (issue 40). Backed up. */
  readonly stripeEvents: StripeEventRepo;
  /** Families' private page links (issue 40): by the token's hash. Backed up. */
  readonly familyLinks: FamilyLinkRepo;
  /** The weekly news of each litter (issue 40). Backed up, with their photos' files. */
  readonly litterUpdates: LitterUpdateRepo;
  /** Rejects when the store does not answer (readiness). */
  ping(): Promise<void>;
  /** Admins, inquiries, revisions and cursors as one point in time saw them: what a backup holds. */
  snapshot(): Promise<StoreSnapshot>;
  /** True when the store holds no admin, inquiry or revision (a restore may fill it). */
  isEmpty(): Promise<boolean>;
  /**
   * Replaces every admin, inquiry, revision and cursor with the snapshot's, ending every session
   * and clearing every login counter (the keys stay). Run with no server using the store.
   */
  replaceAll(snapshot: StoreSnapshot): Promise<void>;
  close(): Promise<void>;
}

/** The documents of a backup, exactly as both engines store them (ids included). */
export interface StoreSnapshot {
  admins: AdminDoc[];
  inquiries: InquiryDoc[];
  revisions: RevisionDoc[];
  /** Absent from backups made before the HubSpot poller existed: none then. */
  cursors: CursorDoc[];
  /** Absent from backups made before the waitlists existed: none then. */
  waitlists?: WaitlistDoc[];
  announcements?: AnnouncementDoc[];
  announcementMails?: AnnouncementMailDoc[];
  /** Absent from backups made before passkeys and one-time codes existed: none then. */
  passkeys?: PasskeyDoc[];
  factors?: FactorDoc[];
  /** Absent from backups made before the audit log existed: none then. */
  audit?: AuditDoc[];
  /** Absent from backups made before deposits existed (issue 40): none then. */
  deposits?: DepositDoc[];
  depositAmounts?: DepositAmountDoc[];
  stripeEvents?: StripeEventDoc[];
  /** Absent from backups made before family pages and litter news (issue 40): none then. */
  familyLinks?: FamilyLinkDoc[];
  litterUpdates?: LitterUpdateDoc[];
}

interface AdminRepo {
  find(username: string): Promise<AdminRecord | null>;
  /** Throws DuplicateError when the username is taken. */
  create(admin: AdminRecord): Promise<void>;
  /** False when there is no such admin. */
  setPassword(username: string, passwordHash: string, at: Date): Promise<boolean>;
  remove(username: string): Promise<boolean>;
  count(): Promise<number>;
  /** Every admin, oldest first. */
  list(): Promise<AdminRecord[]>;
  /** False when there is no such admin. */
  setStatus(username: string, status: AdminStatus, at: Date): Promise<boolean>;
  /** Records a sign-in. */
  signedIn(username: string, at: Date): Promise<void>;
}

interface InvitationRepo {
  /** Throws DuplicateError when a pending invitation has the same token hash (never in practice). */
  create(invitation: InvitationDoc): Promise<void>;
  /** The invitation with this token hash, unless it has expired at `now`. */
  find(tokenHash: string, now: Date): Promise<InvitationDoc | null>;
  /**
   * Takes the invitation, in one atomic step: of two calls at once, one gets it, the other null;
   * null too when it has expired at `now`, was used, or never existed.
   */
  consume(tokenHash: string, now: Date): Promise<InvitationDoc | null>;
  /** The invitations not expired at `now`, newest first. */
  list(now: Date): Promise<InvitationDoc[]>;
  /** Deletes the invitation whose token hash starts with `id`; false when there is none. */
  revoke(id: string): Promise<boolean>;
}

interface AuditRepo {
  add(entry: AuditDoc): Promise<void>;
  /**
   * Up to `limit` entries matching the filter, newest first, older than the entry `before` (an
   * _id) when given; `more` tells whether others match beyond them.
   */
  page(
    filter: AuditFilter,
    options: { before?: string; limit: number },
  ): Promise<{ items: AuditDoc[]; more: boolean }>;
}

// --- Issue 40: family pages and the weekly news of a litter -------------------------------------

interface FamilyLinkRepo {
  /**
   * Stores the entry's link; throws DuplicateError when the entry has one already (of two
   * requests making a first link at once, one wins and the other reads it).
   */
  create(link: FamilyLinkDoc): Promise<void>;
  /** Replaces the entry's link, if any, with this one (the old one opens nothing from now on). */
  replace(link: FamilyLinkDoc): Promise<void>;
  /** The link whose token has this hash; null when there is none. */
  find(tokenHash: string): Promise<FamilyLinkDoc | null>;
  forEntry(entryId: string): Promise<FamilyLinkDoc | null>;
  /** Every link, oldest first. */
  list(): Promise<FamilyLinkDoc[]>;
  /** Deletes the entry's link; false when it had none. */
  revoke(entryId: string): Promise<boolean>;
}

interface LitterUpdateRepo {
  create(update: LitterUpdateDoc): Promise<void>;
  get(id: string): Promise<LitterUpdateDoc | null>;
  /** The litter's updates, newest first. */
  listFor(litterId: string): Promise<LitterUpdateDoc[]>;
  /** Sets the note and photos; answers the update as it was before, or null when there is none. */
  update(
    id: string,
    changes: Pick<LitterUpdateDoc, 'note' | 'photos'> & { updatedAt: Date; updatedBy: string },
  ): Promise<LitterUpdateDoc | null>;
  /** Deletes it; answers what it was, or null when there was none. */
  remove(id: string): Promise<LitterUpdateDoc | null>;
  /** The id of the update holding a photo of this name; null when none does. */
  findByPhoto(name: string): Promise<string | null>;
}

// --- end of issue 40 ----------------------------------------------------------------------------

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
  /** When the family sent it. */
  createdAt: Date;
  /** When this server stored it (the live inbox asks for arrivals by it). */
  receivedAt?: Date;
  answers?: InquiryAnswer[];
  form?: InquiryForm;
  /** The e-mail is not one valid address (kept as written, never written to). */
  emailInvalid?: boolean;
  /** Queue an e-mail to the owner about it, in the same write (see OutboxRepo). */
  notify?: boolean;
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
  /**
   * The inquiries stored at or after `since` (by `receivedAt`) that match the filter, newest
   * arrival first, up to `limit`; `more` tells whether others match beyond them.
   */
  arrivedSince(
    filter: InquiryFilter,
    since: Date,
    limit: number,
  ): Promise<{ items: InboxInquiry[]; more: boolean }>;
  /** Counts over every inquiry; `recent` are those created after `since` and not after `now`. */
  stats(now: Date, since: Date): Promise<InquiryStats>;
  /** Sets the status and/or the note; null when there is no such inquiry. */
  update(id: string, changes: InquiryUpdate, at: Date): Promise<InboxInquiry | null>;
  /** One inquiry by its id; null when there is none. */
  get(id: string): Promise<InboxInquiry | null>;
  /** Marks the inquiry's e-mail address as bouncing (with the mail server's reply); false when there is no such inquiry. */
  markBounced(id: string, at: Date, reply: string): Promise<boolean>;
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

/** An e-mail of the outbox, claimed by one sender. */
interface MailJob {
  inquiry: InboxInquiry;
  /** This attempt's number, from 1. */
  attempt: number;
  claimId: string;
}

/** An e-mail given up on, as the dashboard lists it. */
export interface FailedMail {
  inquiryId: string;
  name: string;
  attempts: number;
  failedAt: Date;
  error: string;
}

/** How a claimed e-mail ended: sent, to be tried again later, or given up on. */
export type MailOutcome =
  | { state: 'sent'; at: Date }
  | { state: 'pending'; nextAttemptAt: Date; error: string }
  | { state: 'failed'; at: Date; error: string };

/**
 * The outbox. An e-mail is claimed by one sender at a time, atomically: a claim lasts until
 * `until`, after which another sender may take it over (its first sender stopped mid-way), so two
 * senders never work on one at the same time and none is lost when a process stops.
 */
interface OutboxRepo {
  /** Claims one due e-mail (pending and due, or claimed by a sender whose claim ran out); null when none is. */
  claim(now: Date, until: Date, claimId: string): Promise<MailJob | null>;
  /** Records how a claimed attempt ended; false when the claim was no longer this sender's. */
  settle(inquiryId: string, claimId: string, outcome: MailOutcome): Promise<boolean>;
  /** Puts an e-mail given up on back in the queue, due at `now`. */
  requeue(inquiryId: string, now: Date): Promise<'queued' | 'not-failed' | 'no-inquiry'>;
  /** When the next e-mail waiting is due, or null when none waits. */
  nextDue(): Promise<Date | null>;
  /** How many e-mails wait, and the newest `limit` given up on. */
  summary(limit: number): Promise<{ pending: number; failed: FailedMail[] }>;
}

interface WaitlistRepo {
  /** Every list, with the version of the whole (0 before the first change). */
  get(): Promise<WaitlistDoc>;
  /**
   * Writes the lists when their version is still `expected`, as version `expected + 1`; null when
   * another change came first (nothing is written).
   */
  replace(lists: WaitlistDoc['lists'], expected: number, at: Date): Promise<WaitlistDoc | null>;
}

interface AnnouncementRepo {
  /** Stores the announcement, then its e-mails, pending and due at once (one per family: by _id). */
  create(announcement: AnnouncementDoc, mails: AnnouncementMailDoc[]): Promise<void>;
  /** Newest first, with how many of each one's e-mails are in each state. */
  list(): Promise<(AnnouncementDoc & { states: Record<AnnouncementMailDoc['state'], number> })[]>;
  /** Claims one due e-mail, as the outbox claims an inquiry's; null when none is due. */
  claim(now: Date, until: Date, claimId: string): Promise<AnnouncementMailDoc | null>;
  /** Records how a claimed attempt ended; false when the claim was no longer this sender's. */
  settle(id: string, claimId: string, outcome: MailOutcome): Promise<boolean>;
  /** When the next e-mail waiting is due, or null. */
  nextDue(): Promise<Date | null>;
  /**
   * Queues e-mails to families that belong to no announcement (issue 40: a family's link, a
   * litter's news): sent, retried and bounced as an announcement's are, never listed among them
   * (their announcementId names no announcement). Ids are `<what>:<entry>`, so a family gets at
   * most one per link e-mail or per update.
   */
  queue(mails: AnnouncementMailDoc[]): Promise<void>;
}

/**
 * What came in lately, remembered for the replay window whatever became of its inquiry (a deleted
 * one included): each key (a delivery id, a body's hash) with the inquiry it made. Not in backups.
 */
interface DeliveryRepo {
  /** The inquiry id recorded under one of `keys` and not expired at `now`; null when none is. */
  find(keys: readonly string[], now: Date): Promise<string | null>;
  /** Records each key with `inquiryId` until `until` (a later expiry already recorded stays). */
  remember(keys: readonly string[], inquiryId: string, until: Date): Promise<void>;
}

interface CursorRepo {
  get(key: string): Promise<CursorDoc | null>;
  set(cursor: CursorDoc): Promise<void>;
}

// ---- Sign-in factors ----

interface PasskeyRepo {
  /** Throws DuplicateError when the credential id is registered already. */
  add(passkey: PasskeyDoc): Promise<void>;
  find(id: string): Promise<PasskeyDoc | null>;
  /** The account's passkeys, oldest first. */
  listFor(username: string): Promise<PasskeyDoc[]>;
  countFor(username: string): Promise<number>;
  /** Renames one of the account's passkeys; false when it has no such passkey. */
  rename(username: string, id: string, name: string): Promise<boolean>;
  /** Removes one of the account's passkeys; false when it has no such passkey. */
  remove(username: string, id: string): Promise<boolean>;
  /** Records a sign-in: the new counter, the backup flag, when; false when the passkey is gone. */
  recordUse(id: string, use: { counter: number; backedUp: boolean; at: Date }): Promise<boolean>;
}

interface FactorRepo {
  get(username: string): Promise<FactorDoc | null>;
  /** The account's WebAuthn user handle; `candidate` is stored (and answered) when it has none. */
  ensureWebauthnUserId(username: string, candidate: string): Promise<string>;
  /** Offers a new one-time-code secret, replacing any offered before (a confirmed one stays). */
  offerTotp(username: string, secret: string, at: Date): Promise<void>;
  /**
   * Turns one-time codes on with the offered `secret` (its code's `step` already used) and the
   * recovery codes' hashes; false when that secret is no longer the one on offer.
   */
  enableTotp(
    username: string,
    secret: string,
    step: number,
    recoveryCodes: string[],
    at: Date,
  ): Promise<boolean>;
  /** Turns one-time codes off and forgets the recovery codes; false when they were off. */
  disableTotp(username: string): Promise<boolean>;
  /**
   * Marks the time step of an accepted code as used, atomically: true for the first caller with a
   * step later than the last used one, false for any other (a replay, or codes are off).
   */
  claimStep(username: string, step: number): Promise<boolean>;
  /** Uses up one recovery code by its hash, atomically: true once, false ever after. */
  useRecoveryCode(username: string, hash: string): Promise<boolean>;
  /** Replaces all the recovery codes' hashes in one update; false when codes are off. */
  replaceRecoveryCodes(username: string, recoveryCodes: string[]): Promise<boolean>;
}

interface ChallengeRepo {
  put(challenge: ChallengeDoc): Promise<void>;
  /** The challenge if it exists, has this purpose and has not expired at `now` (not consumed). */
  peek(id: string, purpose: ChallengeDoc['purpose'], now: Date): Promise<ChallengeDoc | null>;
  /**
   * Takes the challenge away, atomically: of parallel callers one gets it, the others null; null
   * too when it has another purpose or has expired at `now`.
   */
  consume(id: string, purpose: ChallengeDoc['purpose'], now: Date): Promise<ChallengeDoc | null>;
  /** Deletes the challenges expired at `now`; answers how many. */
  removeExpired(now: Date): Promise<number>;
}

// --- Issue 40: deposits -------------------------------------------------------------------------

interface DepositRepo {
  get(entryId: string): Promise<DepositDoc | null>;
  /** Every deposit (one per family that ever had one: hundreds at most). */
  list(): Promise<DepositDoc[]>;
  /** The deposit paid with this Stripe payment intent; null when none is. */
  findByPaymentIntent(paymentIntentId: string): Promise<DepositDoc | null>;
  /**
   * Writes the deposit when its version is still `expected` (0: there is none yet), as version
   * `expected + 1`; null when another change came first (nothing is written).
   */
  write(doc: Omit<DepositDoc, 'version'>, expected: number): Promise<DepositDoc | null>;
  /** The amounts the owner set ('default', and `litter:<id>` for each litter with its own). */
  amounts(): Promise<DepositAmountDoc[]>;
  /** Sets an amount, or (null) removes a litter's own so that the default holds for it. */
  setAmount(id: string, amountCents: number | null, at: Date, by: string): Promise<void>;
}

/** How taking in a Stripe event began: this delivery works on it, it was done, or another works on it. */
type StripeEventClaim = 'claimed' | 'done' | 'busy';

interface StripeEventRepo {
  /**
   * Takes the event in, atomically (a unique _id): of deliveries at once, one claims it. A claim
   * older than `staleMs` (its server stopped mid-way) may be taken over.
   */
  claim(
    id: string,
    event: { type: string; created: number },
    now: Date,
    staleMs: number,
  ): Promise<StripeEventClaim>;
  /** Records what the event did: done. */
  finish(
    id: string,
    fields: Omit<StripeEventDoc, '_id' | 'type' | 'created' | 'state' | 'claimedAt'>,
  ): Promise<void>;
  /** Gives a claim back (the work failed): Stripe's next delivery works on it again. */
  release(id: string): Promise<void>;
  /** The refunds taken in for this payment intent (one may come before its payment). */
  refundsOf(paymentIntentId: string): Promise<StripeEventDoc[]>;
  /** Payments that matched no family on the lists (unknown, or taken off since), newest first. */
  unmatched(limit: number): Promise<StripeEventDoc[]>;
}

// --- end of issue 40 ----------------------------------------------------------------------------

export class DuplicateError extends Error {
  constructor(what: string) {
    super(`${what} already exists`);
    this.name = 'DuplicateError';
  }
}
