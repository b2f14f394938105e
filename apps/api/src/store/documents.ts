import type {
  RevisionPath,
  InboxInquiry,
  InquiryAnswer,
  InquiryFilter,
  InquiryForm,
  InquiryStats,
  InquiryStatus,
} from '@cedar/api-contract';

// The documents both engines hold: the same shape, with our own string _id. This file imports
// nothing of the store's own: types.ts builds the port on these documents.

export interface AdminRecord {
  username: string;
  /** `scrypt$N$r$p$salt$hash`, see auth/password.ts */
  passwordHash: string;
  createdAt: Date;
  updatedAt: Date;
  /** What the account may do (issue 39); records stored before roles existed are owners. */
  role?: AdminRole;
  /** A suspended account cannot sign in; absent: active. */
  status?: AdminStatus;
  /** The helper's e-mail, when the owner gave one with the invitation. */
  email?: string;
  /** When the account last signed in. */
  lastSignInAt?: Date;
}

export interface AdminDoc extends AdminRecord {
  _id: string;
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
  /** The form's other answers (the questionnaire's), in the form's order. */
  answers?: InquiryAnswer[];
  /** The form it was sent with, when known. */
  form?: InquiryForm;
  /**
   * When this server stored it (`createdAt` is when the family sent it, which for a polled
   * submission is earlier). Absent in documents stored before the live inbox existed.
   */
  receivedAt?: Date;
  /** True when `email` is not one address by zod's rule: kept as written, never written to. */
  emailInvalid?: boolean;
  /** When an announcement to `email` bounced (5.1.1: no such address), and the server's reply. */
  emailBouncedAt?: Date;
  emailBounce?: string;
  /** The e-mail to the owner about it: the outbox. Absent when none is to be sent. */
  mail?: MailState;
}

/**
 * One e-mail of the outbox, kept in the inquiry it is about: stored in the same write as the
 * inquiry, so an inquiry is never stored without its e-mail.
 */
interface MailState {
  /** pending: waits for `nextAttemptAt`; sending: claimed until `nextAttemptAt`; then sent or failed. */
  state: 'pending' | 'sending' | 'sent' | 'failed';
  /** Attempts started so far (each claim is one). */
  attempts: number;
  nextAttemptAt: Date;
  /** The claim of the sender working on it (a sender whose claim ran out may not settle it). */
  claimId?: string;
  /** Why the last attempt failed. */
  lastError?: string;
  sentAt?: Date;
  failedAt?: Date;
}

/** Where the poller of a HubSpot form got to (see inquiries/hubspot/poller.ts). */
export interface CursorDoc {
  _id: string;
  /** The newest submission seen (ms since 1970), or null when the form had none. */
  newestAt: number | null;
  /** The submissions seen from shortly before `newestAt` on: a late one is told apart from them. */
  seen: { id: string; at: number }[];
  updatedAt: Date;
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

/** A delivery remembered for the replay window (see DeliveryRepo): by its key, the inquiry it made. */
export interface DeliveryDoc {
  _id: string;
  inquiryId: string;
  expiresAt: Date;
}

export interface KeyDoc {
  _id: string;
  value: string;
}

/** How many attempts a counter keeps: more than any limit counts, fewer than a flood. */
export const MAX_KEPT_ATTEMPTS = 200;

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
  if (d.answers && d.answers.length > 0)
    inquiry.answers = d.answers.map(({ name, label, value }) => ({ name, label, value }));
  if (d.emailInvalid) inquiry.emailInvalid = true;
  if (d.emailBouncedAt)
    inquiry.emailBounce = {
      at: new Date(d.emailBouncedAt).toISOString(),
      reply: d.emailBounce ?? '',
    };
  if (d.form)
    inquiry.form = {
      id: d.form.id,
      name: d.form.name,
      ...(d.form.pageUrl ? { pageUrl: d.form.pageUrl } : {}),
    };
  return inquiry;
}

/** The inquiries that arrived at or after `since`, newest arrival first (see InquiryRepo.arrivedSince). */
export function arrivalOrder(a: InquiryDoc, b: InquiryDoc): number {
  const at = (d: InquiryDoc) => (d.receivedAt ? new Date(d.receivedAt).getTime() : 0);
  return at(b) - at(a) || (a._id < b._id ? 1 : a._id > b._id ? -1 : 0);
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

/** One family on a waitlist (see waitlist/). */
export interface WaitlistEntryDoc {
  id: string;
  inquiryId: string;
  /** The family's name and e-mail as the inquiry gave them when they were put on the list. */
  name: string;
  email: string;
  /** Their wishes: 'Male', 'Female' or 'Either'; a colour, or '' for none said. */
  sex: 'Male' | 'Female' | 'Either';
  color: string;
  addedAt: Date;
  /** The puppy of the litter reserved for them. */
  puppyId?: string;
  /** When they followed an announcement's unsubscribe link: no more announcements. */
  unsubscribedAt?: Date;
  /** When the mail server said their address does not exist (5.1.1): no more announcements. */
  bouncedAt?: Date;
  /** The mail server's reply then. */
  bounce?: string;
}

/**
 * Every waitlist in one document, so that a change is one compare-and-set on `version`: two open
 * tabs cannot lose or duplicate a family, the second change is refused.
 */
export interface WaitlistDoc {
  _id: 'waitlists';
  version: number;
  /** 'general', or a litter's id; each list in the owner's order. */
  lists: { key: string; entries: WaitlistEntryDoc[] }[];
  updatedAt: Date;
}

export const WAITLIST_DOC_ID = 'waitlists';

export const emptyWaitlists = (): WaitlistDoc => ({
  _id: WAITLIST_DOC_ID,
  version: 0,
  lists: [],
  updatedAt: new Date(0),
});

/** An announcement to a litter's list: what was sent, by whom, to how many. */
export interface AnnouncementDoc {
  _id: string;
  litterId: string;
  includeGeneral: boolean;
  subject: string;
  body: string;
  createdAt: Date;
  createdBy: string;
  recipients: number;
}

/**
 * One e-mail of an announcement, in the outbox: its _id is `<announcement>:<entry>`, so a family
 * gets at most one per announcement.
 */
export interface AnnouncementMailDoc {
  _id: string;
  announcementId: string;
  entryId: string;
  to: string;
  /** The family's own unsubscribe link (List-Unsubscribe); absent in e-mails queued before it was kept. */
  unsubscribeUrl?: string;
  subject: string;
  text: string;
  state: 'pending' | 'sending' | 'sent' | 'failed';
  attempts: number;
  nextAttemptAt: Date;
  claimId?: string;
  sentAt?: Date;
  failedAt?: Date;
  lastError?: string;
}

// ---- Sign-in factors: passkeys, one-time codes, and the challenges of their ceremonies ----

/** One passkey (a WebAuthn credential) of an account. */
export interface PasskeyDoc {
  /** The credential id, base64url. */
  _id: string;
  username: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  /** The authenticator's signature counter (0 for most synced passkeys). */
  counter: number;
  /** How the browser may reach the authenticator ('internal', 'hybrid', 'usb', ...). */
  transports: string[];
  /** 'multiDevice' when the passkey may be synced (backup eligible), else 'singleDevice'. */
  deviceType: 'singleDevice' | 'multiDevice';
  /** Whether the passkey was backed up (synced) when last seen. */
  backedUp: boolean;
  /** The owner's name for it ("Laptop", "Phone"). */
  name: string;
  createdAt: Date;
  lastUsedAt?: Date;
}

/**
 * An account's other factors, one document per account (`_id`: the username): its WebAuthn user
 * handle, its one-time-code secret and the recovery codes' hashes.
 */
export interface FactorDoc {
  _id: string;
  /** The random user handle its passkeys carry (base64url), made with the first one. */
  webauthnUserId?: string;
  /** The one-time codes (RFC 6238) once confirmed by a first code. */
  totp?: {
    /** Base32, as the authenticator app has it. */
    secret: string;
    enabledAt: Date;
    /** The last time step a code was accepted for: a code is accepted once. */
    lastStep: number;
  };
  /** A secret offered to the authenticator app and not yet confirmed by a code. */
  pendingTotp?: { secret: string; createdAt: Date };
  /** HMAC-SHA-256 (hex) of each unused recovery code. */
  recoveryCodes?: string[];
}

/**
 * A pending step of a sign-in, single-use and short-lived: a WebAuthn challenge (by the challenge
 * itself) or the ticket between a correct password and its one-time code (by the ticket's
 * sha256). Never in a backup.
 */
export interface ChallengeDoc {
  _id: string;
  purpose: 'passkey-register' | 'passkey-sign-in' | 'second-step';
  /** Whose ceremony it is (absent for a passkey sign-in: nobody is known yet). */
  username?: string;
  expiresAt: Date;
}
// --- Issue 39: roles, invitations and the audit log ---------------------------------------------

export type AdminRole = 'owner' | 'helper';
export type AdminStatus = 'active' | 'suspended';

/**
 * An invitation for a helper: a one-time link. The _id is the sha256 (hex) of the link's token;
 * the token itself is never stored. Gone once used (deleted in the same step that accepts it).
 */
export interface InvitationDoc {
  _id: string;
  username: string;
  email?: string;
  role: AdminRole;
  createdAt: Date;
  createdBy: string;
  expiresAt: Date;
}

/** Details an audit entry may keep: short values under allow-listed keys only (audit/details.ts). */
export type AuditDetails = Record<string, string | number | boolean>;

/** One entry of the audit log: who did what, when, from where, and how it ended. */
export interface AuditDoc {
  /** Sortable by time (lib/ids.ts): the log pages newest first by it. */
  _id: string;
  at: Date;
  /** The admin who acted (or whose name a failed sign-in gave); null for the server itself. */
  username: string | null;
  ip: string | null;
  userAgent: string | null;
  /** What happened, e.g. `login`, `file-save`, `invitation-create`. */
  action: string;
  /** What it was done to (a file, an inquiry, a person), when there is one. */
  target?: string;
  outcome: 'success' | 'failure' | 'locked' | 'refused';
  details?: AuditDetails;
  /** When the entry goes (AUDIT_RETENTION_DAYS after `at`): a TTL index removes it. */
  expiresAt: Date;
}

/** The audit log's filter: by person, by kind of action, by time (from inclusive, to exclusive). */
export interface AuditFilter {
  username?: string;
  action?: string;
  from?: Date;
  to?: Date;
}

// --- Issue 40: deposits (deposits/, decision 030) -------------------------------------------------

/** One step of a deposit's story (see depositStepSchema). */
export interface DepositStepDoc {
  at: Date;
  what: 'checkout' | 'paid' | 'refunded' | 'partly-refunded' | 'undone' | 'second-payment';
  amountCents?: number;
  method?: 'card' | 'cash' | 'cheque' | 'bank-transfer';
  by?: string;
  note?: string;
}

/**
 * A family's deposit, by their waitlist entry id: written only over the `version` read (a
 * compare-and-set), so a webhook and the owner's click at the same moment cannot lose either.
 * Kept when the family leaves the lists: it is a record of their money.
 */
export interface DepositDoc {
  _id: string;
  version: number;
  inquiryId: string;
  state: 'none' | 'awaiting' | 'paid' | 'refunded';
  /** Paid (or refunded) amount; while awaiting, the amount asked. */
  amountCents: number;
  method?: 'card' | 'cash' | 'cheque' | 'bank-transfer';
  paidAt?: Date;
  refundedCents?: number;
  refundedAt?: Date;
  note?: string;
  /** The Stripe Checkout Session opened or paid, its page and when it closes. */
  checkoutSessionId?: string;
  checkoutUrl?: string;
  checkoutExpiresAt?: Date;
  /** The Stripe payment intent of a card deposit: a refund names it. */
  paymentIntentId?: string;
  /** Refunds so far: a new checkout after a refund gets a new idempotency key. */
  refunds?: number;
  history: DepositStepDoc[];
  updatedAt: Date;
}

/** The deposit asked for: the default (`_id` 'default') or one litter's (`litter:<id>`). */
export interface DepositAmountDoc {
  _id: string;
  amountCents: number;
  updatedAt: Date;
  updatedBy: string;
}

/**
 * A Stripe event this server took in (`_id`: the event id, unique): a delivery of the same event
 * again finds it and changes nothing. `state` is 'processing' while one delivery works on it.
 */
export interface StripeEventDoc {
  _id: string;
  type: string;
  /** The event's own time (seconds since 1970, Stripe's `created`). */
  created: number;
  state: 'processing' | 'done';
  claimedAt: Date;
  /** What it did: applied, duplicate, unknown-entry, refund-waiting, ignored… */
  outcome?: string;
  entryId?: string;
  paymentIntentId?: string;
  amountCents?: number;
  /** For a refund: the charge's amount refunded so far, and whether that is all of it. */
  refundedCents?: number;
  fullyRefunded?: boolean;
  reference?: string;
}

// --- Issue 40: family pages and the weekly news of a litter -------------------------------------

/**
 * A family's private page link (`/family/<token>`): the _id is the sha256 (hex) of the token,
 * which is what opens the page. One live link per waitlist entry (a unique index on entryId);
 * revoking deletes it, reissuing replaces it.
 */
export interface FamilyLinkDoc {
  _id: string;
  entryId: string;
  /**
   * The token sealed (AES-256-GCM) with the server's own key, which never leaves the store: lets
   * the owner copy or e-mail the same link again. Useless without that key, so a backup alone
   * opens no page (see docs/decisions/031).
   */
  sealed: string;
  createdAt: Date;
  createdBy: string;
}

/** One photo of a litter's news, as stored under NEWS_PHOTOS_DIR. */
export interface NewsPhotoDoc {
  /** `<24 hex>.jpg`, the server's own name. */
  name: string;
  width: number;
  height: number;
}

/** One weekly update of a litter: a short note and up to 12 photos, shown on its families' pages. */
export interface LitterUpdateDoc {
  /** Sortable by time (lib/ids.ts) plus randomness. */
  _id: string;
  litterId: string;
  note: string;
  photos: NewsPhotoDoc[];
  createdAt: Date;
  createdBy: string;
  updatedAt?: Date;
  updatedBy?: string;
}
