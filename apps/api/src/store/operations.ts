import type { Revision } from '@cedar/api-contract';
import type { Document } from 'mongodb';
import { sortableId } from '../lib/ids';
import { isDuplicateKey, type StoreCollection } from './collection';
import {
  type AdminDoc,
  type AdminRecord,
  type AnnouncementDoc,
  type AnnouncementMailDoc,
  type AuditDoc,
  type AuditFilter,
  type ChallengeDoc,
  type FactorDoc,
  type PasskeyDoc,
  type CursorDoc,
  type FamilyLinkDoc,
  type InvitationDoc,
  type LitterUpdateDoc,
  type DeliveryDoc,
  emptyWaitlists,
  type InquiryDoc,
  type KeyDoc,
  type LoginAttemptDoc,
  MAX_KEPT_ATTEMPTS,
  type RevisionDoc,
  type SessionDoc,
  type SessionRecord,
  toInquiry,
  WAITLIST_DOC_ID,
  type WaitlistDoc,
  type DepositDoc,
  type DepositAmountDoc,
  type StripeEventDoc,
} from './documents';
import {
  DuplicateError,
  type FailedMail,
  type MailOutcome,
  type NewInquiry,
  type RevisionWithContent,
  type Store,
  type StoreSnapshot,
} from './types';

/** The collections of one store, as either engine holds them. */
export interface Collections {
  admins: StoreCollection<AdminDoc>;
  sessions: StoreCollection<SessionDoc>;
  inquiries: StoreCollection<InquiryDoc>;
  revisions: StoreCollection<RevisionDoc>;
  loginAttempts: StoreCollection<LoginAttemptDoc>;
  keys: StoreCollection<KeyDoc>;
  cursors: StoreCollection<CursorDoc>;
  deliveries: StoreCollection<DeliveryDoc>;
  waitlists: StoreCollection<WaitlistDoc>;
  announcements: StoreCollection<AnnouncementDoc>;
  announcementMails: StoreCollection<AnnouncementMailDoc>;
  passkeys: StoreCollection<PasskeyDoc>;
  factors: StoreCollection<FactorDoc>;
  challenges: StoreCollection<ChallengeDoc>;
  // Issue 39.
  invitations: StoreCollection<InvitationDoc>;
  audit: StoreCollection<AuditDoc>;
  // Issue 40.
  deposits: StoreCollection<DepositDoc>;
  depositAmounts: StoreCollection<DepositAmountDoc>;
  stripeEvents: StoreCollection<StripeEventDoc>;
  familyLinks: StoreCollection<FamilyLinkDoc>;
  litterUpdates: StoreCollection<LitterUpdateDoc>;
}

/** What differs between the engines; every operation on top of it is written once, below. */
export interface Engine {
  readonly kind: Store['kind'];
  readonly collections: Collections;
  /**
   * The inbox's reads: MongoDB answers them with its indexes and aggregations, the embedded
   * engine from the sorted copy of the inquiries it keeps in memory.
   */
  readonly inquiryReads: Pick<Store['inquiries'], 'list' | 'page' | 'arrivedSince' | 'stats'>;
  /** Runs an idempotent write a second time after a failover (MongoDB), or once (embedded). */
  idempotent<T>(operation: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  /** Every backed-up collection as one point in time saw it. */
  snapshot(): Promise<StoreSnapshot>;
  close(): Promise<void>;
}

const toAdmin = (d: AdminDoc): AdminRecord => ({
  username: d.username,
  passwordHash: d.passwordHash,
  createdAt: new Date(d.createdAt),
  updatedAt: new Date(d.updatedAt),
  role: d.role ?? 'owner',
  status: d.status ?? 'active',
  ...(d.email ? { email: d.email } : {}),
  ...(d.lastSignInAt ? { lastSignInAt: new Date(d.lastSignInAt) } : {}),
});

const toSession = (d: SessionDoc): SessionRecord => ({
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

/**
 * A new inquiry's document: status `new`, no note, no key for what it does not have, and with
 * `notify`, its e-mail due at once.
 */
function newInquiryDoc(
  id: string,
  { notify, ...inquiry }: NewInquiry & { deliveryId?: string },
): InquiryDoc {
  const doc: InquiryDoc = { _id: id, ...inquiry, status: 'new' };
  if (doc.message === undefined) delete doc.message;
  if (doc.answers === undefined || doc.answers.length === 0) delete doc.answers;
  if (doc.form === undefined) delete doc.form;
  if (doc.receivedAt === undefined) delete doc.receivedAt;
  if (!doc.emailInvalid) delete doc.emailInvalid;
  if (notify)
    doc.mail = {
      state: 'pending',
      attempts: 0,
      nextAttemptAt: inquiry.receivedAt ?? inquiry.createdAt,
    };
  return doc;
}

/** The outbox's e-mails given up on, as the dashboard lists them. */
const toFailedMail = (d: InquiryDoc): FailedMail => ({
  inquiryId: d._id,
  name: `${d.firstName} ${d.lastName}`.trim(),
  attempts: d.mail?.attempts ?? 0,
  failedAt: new Date(d.mail?.failedAt ?? d.createdAt),
  error: d.mail?.lastError ?? 'unknown error',
});

const toRevision = (d: Omit<RevisionDoc, 'content'>): Revision => ({
  id: d._id,
  path: d.path,
  savedAt: new Date(d.savedAt).toISOString(),
  savedBy: d.savedBy,
  sha256: d.sha256,
  size: d.size,
});

const toRevisionWithContent = (d: RevisionDoc): RevisionWithContent => ({
  ...toRevision(d),
  content: d.content,
});

const withinWindow = (
  attempts: LoginAttemptDoc['attempts'] | undefined,
  now: Date,
  windowMs: number,
): LoginAttemptDoc['attempts'] =>
  (attempts ?? [])
    .map((a) => ({ id: a.id, at: new Date(a.at) }))
    // In the order they were added, which is the order the store applied them in.
    .filter((a) => a.at.getTime() > now.getTime() - windowMs && a.at.getTime() <= now.getTime());

/** The `$set` of a settled e-mail, its fields under `prefix` (the rest of its state stays). */
function settled(outcome: MailOutcome, prefix: string): Record<string, unknown> {
  const fields: Record<string, unknown> =
    outcome.state === 'sent'
      ? { state: 'sent', sentAt: outcome.at }
      : outcome.state === 'pending'
        ? { state: 'pending', nextAttemptAt: outcome.nextAttemptAt, lastError: outcome.error }
        : { state: 'failed', failedAt: outcome.at, lastError: outcome.error };
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [`${prefix}${k}`, v]));
}

/** How many of an announcement's e-mails are in each state. */
function mailStates(
  mails: readonly Pick<AnnouncementMailDoc, 'state'>[],
): Record<AnnouncementMailDoc['state'], number> {
  const states = { pending: 0, sending: 0, sent: 0, failed: 0 };
  for (const mail of mails) states[mail.state] += 1;
  return states;
}

// ---- Sign-in factors: passkeys, one-time codes, challenges ----

const toPasskey = (d: PasskeyDoc): PasskeyDoc => ({
  ...d,
  transports: [...(d.transports ?? [])],
  createdAt: new Date(d.createdAt),
  ...(d.lastUsedAt ? { lastUsedAt: new Date(d.lastUsedAt) } : {}),
});

function factorOperations(
  { passkeys, factors, challenges }: Pick<Collections, 'passkeys' | 'factors' | 'challenges'>,
  idempotent: Engine['idempotent'],
): Pick<Store, 'passkeys' | 'factors' | 'challenges'> {
  /** Creates the account's document when it has none (two at once: one insert wins, both go on). */
  async function ensureFactors(username: string) {
    if (await factors.findOne({ _id: username }, { projection: { _id: 1 } })) return;
    try {
      await factors.insertOne({ _id: username });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
  }
  return {
    passkeys: {
      async add(passkey) {
        try {
          await passkeys.insertOne(passkey);
        } catch (error) {
          if (isDuplicateKey(error)) throw new DuplicateError(`passkey ${passkey._id}`);
          throw error;
        }
      },
      async find(id) {
        const doc = await passkeys.findOne({ _id: id });
        return doc ? toPasskey(doc) : null;
      },
      async listFor(username) {
        const docs = await passkeys.find({ username }).sort({ createdAt: 1, _id: 1 }).toArray();
        return docs.map(toPasskey);
      },
      countFor: (username) => passkeys.countDocuments({ username }),
      async rename(username, id, name) {
        return (
          (await passkeys.updateOne({ _id: id, username }, { $set: { name } })).matchedCount > 0
        );
      },
      async remove(username, id) {
        return (await passkeys.deleteOne({ _id: id, username })).deletedCount > 0;
      },
      async recordUse(id, { counter, backedUp, at }) {
        const result = await passkeys.updateOne(
          { _id: id },
          { $set: { counter, backedUp, lastUsedAt: at } },
        );
        return result.matchedCount > 0;
      },
    },
    factors: {
      get: (username) => factors.findOne({ _id: username }),
      async ensureWebauthnUserId(username, candidate) {
        await ensureFactors(username);
        await factors.updateOne(
          { _id: username, webauthnUserId: { $exists: false } },
          { $set: { webauthnUserId: candidate } },
        );
        const doc = await factors.findOne({ _id: username });
        if (!doc?.webauthnUserId) throw new Error(`no WebAuthn user handle for ${username}`);
        return doc.webauthnUserId;
      },
      async offerTotp(username, secret, at) {
        await ensureFactors(username);
        await factors.updateOne(
          { _id: username },
          { $set: { pendingTotp: { secret, createdAt: at } } },
        );
      },
      async enableTotp(username, secret, step, recoveryCodes, at) {
        const result = await factors.updateOne(
          { _id: username, 'pendingTotp.secret': secret },
          {
            $set: { totp: { secret, enabledAt: at, lastStep: step }, recoveryCodes },
            $unset: { pendingTotp: true },
          },
        );
        return result.matchedCount > 0;
      },
      async disableTotp(username) {
        const result = await factors.updateOne(
          { _id: username, totp: { $exists: true } },
          { $unset: { totp: true, recoveryCodes: true, pendingTotp: true } },
        );
        return result.matchedCount > 0;
      },
      async claimStep(username, step) {
        const result = await factors.updateOne(
          { _id: username, 'totp.lastStep': { $lt: step } },
          { $set: { 'totp.lastStep': step } },
        );
        return result.matchedCount > 0;
      },
      async useRecoveryCode(username, hash) {
        const result = await factors.updateOne(
          { _id: username, totp: { $exists: true }, recoveryCodes: hash },
          { $pull: { recoveryCodes: hash } },
        );
        return result.matchedCount > 0;
      },
      async replaceRecoveryCodes(username, recoveryCodes) {
        const result = await factors.updateOne(
          { _id: username, totp: { $exists: true } },
          { $set: { recoveryCodes } },
        );
        return result.matchedCount > 0;
      },
    },
    challenges: {
      async put(challenge) {
        await challenges.insertOne(challenge);
      },
      async peek(id, purpose, now) {
        const doc = await challenges.findOne({ _id: id, purpose, expiresAt: { $gt: now } });
        return doc ? { ...doc, expiresAt: new Date(doc.expiresAt) } : null;
      },
      async consume(id, purpose, now) {
        const doc = await challenges.findOne({ _id: id, purpose });
        if (!doc) return null;
        // The one delete that removes it is the one use; a parallel caller's delete finds nothing.
        if ((await challenges.deleteOne({ _id: id, purpose })).deletedCount !== 1) return null;
        const expiresAt = new Date(doc.expiresAt);
        return expiresAt > now ? { ...doc, expiresAt } : null;
      },
      async removeExpired(now) {
        return (await idempotent(() => challenges.deleteMany({ expiresAt: { $lte: now } })))
          .deletedCount;
      },
    },
  };
}

// ---- end of sign-in factors ----

// --- Issue 39: roles, invitations and the audit log ---------------------------------------------

const toInvitation = (d: InvitationDoc): InvitationDoc => ({
  ...d,
  createdAt: new Date(d.createdAt),
  expiresAt: new Date(d.expiresAt),
});

const toAudit = (d: AuditDoc): AuditDoc => ({
  ...d,
  at: new Date(d.at),
  expiresAt: new Date(d.expiresAt),
});

/** The audit log's filter as a query both engines answer. */
function auditQuery(filter: AuditFilter, before?: string): Document {
  const and: Document[] = [];
  if (filter.username !== undefined) and.push({ username: filter.username });
  if (filter.action !== undefined) and.push({ action: filter.action });
  if (filter.from !== undefined) and.push({ at: { $gte: filter.from } });
  if (filter.to !== undefined) and.push({ at: { $lt: filter.to } });
  if (before !== undefined) and.push({ _id: { $lt: before } });
  return and.length === 0 ? {} : { $and: and };
}

/** Invitation ids as the owner's list shows them: the start of the token's hash. */
export const INVITATION_ID_LENGTH = 16;

function issue39Repos({
  admins,
  invitations,
  audit,
}: Pick<Collections, 'admins' | 'invitations' | 'audit'>): Pick<Store, 'invitations' | 'audit'> & {
  admins: Pick<Store['admins'], 'list' | 'setStatus' | 'signedIn'>;
} {
  return {
    admins: {
      async list() {
        const docs = await admins.find({}).sort({ createdAt: 1, _id: 1 }).toArray();
        return docs.map(toAdmin);
      },
      async setStatus(username, status, at) {
        const result = await admins.updateOne({ username }, { $set: { status, updatedAt: at } });
        return result.matchedCount > 0;
      },
      async signedIn(username, at) {
        await admins.updateOne({ username }, { $set: { lastSignInAt: at } });
      },
    },
    invitations: {
      async create(invitation) {
        try {
          await invitations.insertOne(invitation);
        } catch (error) {
          if (isDuplicateKey(error)) throw new DuplicateError('invitation');
          throw error;
        }
      },
      async find(tokenHash, now) {
        const doc = await invitations.findOne({ _id: tokenHash, expiresAt: { $gt: now } });
        return doc ? toInvitation(doc) : null;
      },
      async consume(tokenHash, now) {
        const doc = await invitations.findOne({ _id: tokenHash, expiresAt: { $gt: now } });
        if (!doc) return null;
        // The delete is the claim: of two at once, only one deletes it.
        const { deletedCount } = await invitations.deleteOne({ _id: tokenHash });
        return deletedCount === 1 ? toInvitation(doc) : null;
      },
      async list(now) {
        const docs = await invitations
          .find({ expiresAt: { $gt: now } })
          .sort({ createdAt: -1, _id: -1 })
          .toArray();
        return docs.map(toInvitation);
      },
      async revoke(id) {
        if (!/^[a-f0-9]+$/.test(id) || id.length !== INVITATION_ID_LENGTH) return false;
        // Ids are a prefix of the hash: the range [id, id + 'g') holds exactly those hashes.
        const filter = { _id: { $gte: id, $lt: `${id}g` } };
        return (await invitations.deleteOne(filter)).deletedCount > 0;
      },
    },
    audit: {
      async add(entry) {
        await audit.insertOne(entry);
      },
      async page(filter, { before, limit }) {
        const docs = await audit
          .find(auditQuery(filter, before))
          .sort({ _id: -1 })
          .limit(limit + 1)
          .toArray();
        return { items: docs.slice(0, limit).map(toAudit), more: docs.length > limit };
      },
    },
  };
}

// --- end of issue 39 ----------------------------------------------------------------------------

// --- Issue 40: deposits -------------------------------------------------------------------------

const toDeposit = (d: DepositDoc): DepositDoc => {
  const dates = ['paidAt', 'refundedAt', 'checkoutExpiresAt', 'updatedAt'] as const;
  const doc: DepositDoc = { ...d, history: d.history.map((h) => ({ ...h, at: new Date(h.at) })) };
  for (const key of dates) if (d[key]) doc[key] = new Date(d[key]);
  return doc;
};

function depositRepos({
  deposits,
  depositAmounts,
  stripeEvents,
}: Pick<Collections, 'deposits' | 'depositAmounts' | 'stripeEvents'>): Pick<
  Store,
  'deposits' | 'stripeEvents'
> {
  return {
    deposits: {
      async get(entryId) {
        const doc = await deposits.findOne({ _id: entryId });
        return doc ? toDeposit(doc) : null;
      },
      async list() {
        return (await deposits.find({}).sort({ _id: 1 }).toArray()).map(toDeposit);
      },
      async findByPaymentIntent(paymentIntentId) {
        const doc = await deposits.findOne({ paymentIntentId });
        return doc ? toDeposit(doc) : null;
      },
      // A compare-and-set on the version, as the waitlists: the check and the write are one step.
      async write(next, expected) {
        const doc = { ...next, version: expected + 1 } as DepositDoc;
        for (const key of Object.keys(doc) as (keyof DepositDoc)[])
          if (doc[key] === undefined) delete doc[key];
        if (expected === 0) {
          try {
            await deposits.insertOne(doc);
            return doc;
          } catch (error) {
            if (isDuplicateKey(error)) return null;
            throw error;
          }
        }
        const result = await deposits.replaceOne({ _id: doc._id, version: expected }, doc);
        return result.matchedCount === 1 ? doc : null;
      },
      async amounts() {
        return depositAmounts.find({}).sort({ _id: 1 }).toArray();
      },
      async setAmount(id, amountCents, at, by) {
        if (amountCents === null) await depositAmounts.deleteOne({ _id: id });
        else
          await depositAmounts.replaceOne(
            { _id: id },
            { _id: id, amountCents, updatedAt: at, updatedBy: by },
            { upsert: true },
          );
      },
    },
    stripeEvents: {
      async claim(id, { type, created }, now, staleMs) {
        try {
          await stripeEvents.insertOne({
            _id: id,
            type,
            created,
            state: 'processing',
            claimedAt: now,
          });
          return 'claimed';
        } catch (error) {
          if (!isDuplicateKey(error)) throw error;
        }
        // Taken in before: done, being worked on, or left mid-way by a server that stopped.
        const stale = new Date(now.getTime() - staleMs);
        const taken = await stripeEvents.updateOne(
          { _id: id, state: 'processing', claimedAt: { $lte: stale } },
          { $set: { claimedAt: now } },
        );
        if (taken.matchedCount === 1) return 'claimed';
        const doc = await stripeEvents.findOne({ _id: id });
        return doc?.state === 'done' ? 'done' : 'busy';
      },
      async finish(id, fields) {
        const set: Record<string, unknown> = { state: 'done' };
        for (const [key, value] of Object.entries(fields))
          if (value !== undefined) set[key] = value;
        await stripeEvents.updateOne({ _id: id }, { $set: set });
      },
      async release(id) {
        await stripeEvents.deleteOne({ _id: id, state: 'processing' });
      },
      async refundsOf(paymentIntentId) {
        return stripeEvents
          .find({ paymentIntentId, type: 'charge.refunded', state: 'done' })
          .sort({ created: 1 })
          .toArray();
      },
      async unmatched(limit) {
        return stripeEvents
          .find({ outcome: { $in: ['unknown-entry', 'off-list'] } })
          .sort({ created: -1 })
          .limit(limit)
          .toArray();
      },
    },
  };
}

// --- Issue 40: family pages and the weekly news of a litter -------------------------------------

const toFamilyLink = (d: FamilyLinkDoc): FamilyLinkDoc => ({
  _id: d._id,
  entryId: d.entryId,
  sealed: d.sealed,
  createdAt: new Date(d.createdAt),
  createdBy: d.createdBy,
});

const toLitterUpdate = (d: LitterUpdateDoc): LitterUpdateDoc => ({
  ...d,
  photos: d.photos.map((p) => ({ name: p.name, width: p.width, height: p.height })),
  createdAt: new Date(d.createdAt),
  ...(d.updatedAt ? { updatedAt: new Date(d.updatedAt) } : {}),
});

function issue40Repos(
  {
    familyLinks,
    litterUpdates,
    announcementMails,
  }: Pick<Collections, 'familyLinks' | 'litterUpdates' | 'announcementMails'>,
  idempotent: Engine['idempotent'],
): Pick<Store, 'familyLinks' | 'litterUpdates'> & {
  announcements: Pick<Store['announcements'], 'queue'>;
} {
  return {
    familyLinks: {
      async create(link) {
        try {
          await familyLinks.insertOne(link);
        } catch (error) {
          if (isDuplicateKey(error)) throw new DuplicateError(`the link of entry ${link.entryId}`);
          throw error;
        }
      },
      async replace(link) {
        // Two reissues at once: the unique index lets one insert in; the other tries again.
        for (let attempt = 0; ; attempt++) {
          await idempotent(() => familyLinks.deleteMany({ entryId: link.entryId }));
          try {
            await familyLinks.insertOne(link);
            return;
          } catch (error) {
            if (!isDuplicateKey(error) || attempt >= 3) throw error;
          }
        }
      },
      async find(tokenHash) {
        const doc = await familyLinks.findOne({ _id: tokenHash });
        return doc ? toFamilyLink(doc) : null;
      },
      async forEntry(entryId) {
        const doc = await familyLinks.findOne({ entryId });
        return doc ? toFamilyLink(doc) : null;
      },
      async list() {
        const docs = await familyLinks.find({}).sort({ createdAt: 1, _id: 1 }).toArray();
        return docs.map(toFamilyLink);
      },
      async revoke(entryId) {
        return (await idempotent(() => familyLinks.deleteMany({ entryId }))).deletedCount > 0;
      },
    },
    litterUpdates: {
      async create(update) {
        await litterUpdates.insertOne(update);
      },
      async get(id) {
        const doc = await litterUpdates.findOne({ _id: id });
        return doc ? toLitterUpdate(doc) : null;
      },
      async listFor(litterId) {
        const docs = await litterUpdates.find({ litterId }).sort({ _id: -1 }).toArray();
        return docs.map(toLitterUpdate);
      },
      async update(id, { note, photos, updatedAt, updatedBy }) {
        const before = await litterUpdates.findOne({ _id: id });
        if (!before) return null;
        const { matchedCount } = await litterUpdates.updateOne(
          { _id: id },
          { $set: { note, photos, updatedAt, updatedBy } },
        );
        return matchedCount > 0 ? toLitterUpdate(before) : null;
      },
      async remove(id) {
        const before = await litterUpdates.findOne({ _id: id });
        if (!before) return null;
        const { deletedCount } = await litterUpdates.deleteOne({ _id: id });
        return deletedCount > 0 ? toLitterUpdate(before) : null;
      },
      async findByPhoto(name) {
        const doc = await litterUpdates.findOne(
          { 'photos.name': name },
          { projection: { _id: 1 } },
        );
        return doc?._id ?? null;
      },
    },
    announcements: {
      async queue(mails) {
        if (mails.length === 0) return;
        try {
          await announcementMails.insertMany(mails);
        } catch (error) {
          if (isDuplicateKey(error)) throw new DuplicateError('an e-mail to this family');
          throw error;
        }
      },
    },
  };
}

// --- end of issue 40 ----------------------------------------------------------------------------

/** Documents per insertMany when a restore fills a collection. */
const REPLACE_BATCH = 1000;

/** The store over an engine: brings old documents up to date, then answers. */
export async function storeOver(engine: Engine): Promise<Store> {
  const {
    admins,
    sessions,
    inquiries,
    revisions,
    loginAttempts: attempts,
    keys,
    cursors,
    deliveries,
    waitlists,
    announcements,
    announcementMails,
    passkeys,
    factors,
    challenges,
    invitations,
    audit,
    deposits,
    depositAmounts,
    stripeEvents,
  } = engine.collections;
  const { idempotent } = engine;
  const issue39 = issue39Repos(engine.collections);
  const issue40 = issue40Repos(engine.collections, engine.idempotent);
  const waiting = { 'mail.state': { $in: ['pending', 'sending'] } } as const;

  // Inquiries stored before the inbox existed are new ones.
  await idempotent(() =>
    inquiries.updateMany({ status: { $exists: false } }, { $set: { status: 'new' } }),
  );

  // Admins stored before roles existed are owners, and active (issue 39).
  await idempotent(() =>
    admins.updateMany({ role: { $exists: false } }, { $set: { role: 'owner' } }),
  );
  await idempotent(() =>
    admins.updateMany({ status: { $exists: false } }, { $set: { status: 'active' } }),
  );

  async function fill<T extends Document>(target: StoreCollection<T>, docs: T[] = []) {
    await idempotent(() => target.deleteMany({}));
    for (let i = 0; i < docs.length; i += REPLACE_BATCH)
      await target.insertMany(docs.slice(i, i + REPLACE_BATCH));
  }

  return {
    kind: engine.kind,
    admins: {
      async find(username) {
        const doc = await admins.findOne({ username });
        return doc ? toAdmin(doc) : null;
      },
      async create(admin) {
        try {
          const { email, ...rest } = admin;
          await admins.insertOne({
            _id: admin.username,
            ...rest,
            role: admin.role ?? 'owner',
            status: admin.status ?? 'active',
            ...(email ? { email } : {}),
          });
        } catch (error) {
          if (isDuplicateKey(error)) throw new DuplicateError(`admin ${admin.username}`);
          throw error;
        }
      },
      async setPassword(username, passwordHash, at) {
        const result = await admins.updateOne(
          { username },
          { $set: { passwordHash, updatedAt: at } },
        );
        return result.matchedCount > 0;
      },
      async remove(username) {
        return (await admins.deleteOne({ username })).deletedCount > 0;
      },
      count: () => admins.countDocuments(),
      ...issue39.admins,
    },
    invitations: issue39.invitations,
    audit: issue39.audit,
    ...depositRepos(engine.collections),
    familyLinks: issue40.familyLinks,
    litterUpdates: issue40.litterUpdates,
    sessions: {
      async create({ tokenHash, ...rest }) {
        await sessions.insertOne({ _id: tokenHash, ...rest });
      },
      async find(tokenHash) {
        const doc = await sessions.findOne({ _id: tokenHash });
        return doc ? toSession(doc) : null;
      },
      async touch(tokenHash, lastSeenAt, idleExpiresAt) {
        await sessions.updateOne({ _id: tokenHash }, { $set: { lastSeenAt, idleExpiresAt } });
      },
      async confirm(tokenHash, at) {
        const result = await sessions.updateOne({ _id: tokenHash }, { $set: { confirmedAt: at } });
        return result.matchedCount > 0;
      },
      async revoke(tokenHash) {
        return (await sessions.deleteOne({ _id: tokenHash })).deletedCount > 0;
      },
      async listFor(username) {
        const docs = await sessions.find({ username }).sort({ createdAt: -1 }).toArray();
        return docs.map(toSession);
      },
      async revokeAllFor(username, keep) {
        const filter = keep === undefined ? { username } : { username, _id: { $ne: keep } };
        return (await idempotent(() => sessions.deleteMany(filter))).deletedCount;
      },
      async removeExpired(now) {
        const result = await idempotent(() =>
          sessions.deleteMany({
            $or: [{ expiresAt: { $lte: now } }, { idleExpiresAt: { $lte: now } }],
          }),
        );
        return result.deletedCount;
      },
    },
    inquiries: {
      ...engine.inquiryReads,
      async create(inquiry) {
        const doc = newInquiryDoc(sortableId(inquiry.createdAt), inquiry);
        await inquiries.insertOne(doc);
        return toInquiry(doc);
      },
      async createOnce(deliveryId, inquiry) {
        const doc = newInquiryDoc(sortableId(inquiry.createdAt), { ...inquiry, deliveryId });
        try {
          await inquiries.insertOne(doc);
          return { inquiry: toInquiry(doc), created: true };
        } catch (error) {
          // The same delivery again, or twice at once: the unique index lets one in.
          if (!isDuplicateKey(error)) throw error;
          const first = await inquiries.findOne({ deliveryId });
          if (!first) throw error;
          return { inquiry: toInquiry(first), created: false };
        }
      },
      async update(id, { status, note }, at) {
        const doc = await inquiries.findOneAndUpdate(
          { _id: id },
          {
            $set: {
              ...(status === undefined ? {} : { status }),
              ...(note === undefined ? {} : { note }),
              updatedAt: at,
            },
          },
          { returnDocument: 'after' },
        );
        return doc ? toInquiry(doc) : null;
      },
      async markBounced(id, at, reply) {
        const { matchedCount } = await inquiries.updateOne(
          { _id: id },
          { $set: { emailBouncedAt: at, emailBounce: reply } },
        );
        return matchedCount > 0;
      },
      async get(id) {
        const doc = await inquiries.findOne({ _id: id });
        return doc ? toInquiry(doc) : null;
      },
      async remove(id) {
        return (await inquiries.deleteOne({ _id: id })).deletedCount > 0;
      },
      async removeCreatedBefore(cutoff) {
        return (await idempotent(() => inquiries.deleteMany({ createdAt: { $lt: cutoff } })))
          .deletedCount;
      },
      count: () => inquiries.countDocuments(),
    },
    revisions: {
      async create(revision) {
        const doc: RevisionDoc = { _id: sortableId(revision.savedAt), ...revision };
        await revisions.insertOne(doc);
        return toRevision(doc);
      },
      async list(path) {
        const docs = await revisions
          .find({ path }, { projection: { content: 0 } })
          .sort({ savedAt: -1, _id: -1 })
          .toArray();
        return docs.map(toRevision);
      },
      async get(path, id) {
        const doc = await revisions.findOne({ _id: id, path });
        return doc ? toRevisionWithContent(doc) : null;
      },
      async remove(path, ids) {
        if (ids.length === 0) return 0;
        const filter = { path, _id: { $in: [...ids] } };
        return (await idempotent(() => revisions.deleteMany(filter))).deletedCount;
      },
    },
    outbox: {
      // One findOneAndUpdate finds and claims the e-mail in one step.
      async claim(now, until, claimId) {
        const doc = await inquiries.findOneAndUpdate(
          { ...waiting, 'mail.nextAttemptAt': { $lte: now } },
          {
            $set: { 'mail.state': 'sending', 'mail.nextAttemptAt': until, 'mail.claimId': claimId },
            $inc: { 'mail.attempts': 1 },
          },
          { sort: { 'mail.nextAttemptAt': 1 }, returnDocument: 'after' },
        );
        return doc?.mail ? { inquiry: toInquiry(doc), attempt: doc.mail.attempts, claimId } : null;
      },
      async settle(id, claimId, outcome) {
        const result = await inquiries.updateOne(
          { _id: id, 'mail.state': 'sending', 'mail.claimId': claimId },
          { $set: settled(outcome, 'mail.'), $unset: { 'mail.claimId': true } },
        );
        return result.matchedCount > 0;
      },
      async requeue(id, now) {
        const result = await inquiries.updateOne(
          { _id: id, 'mail.state': 'failed' },
          {
            $set: { 'mail.state': 'pending', 'mail.attempts': 0, 'mail.nextAttemptAt': now },
            $unset: { 'mail.failedAt': true },
          },
        );
        if (result.matchedCount > 0) return 'queued';
        return (await inquiries.findOne({ _id: id }, { projection: { _id: 1 } }))
          ? 'not-failed'
          : 'no-inquiry';
      },
      async nextDue() {
        const doc = await inquiries.findOne(waiting, {
          sort: { 'mail.nextAttemptAt': 1 },
          projection: { mail: 1 },
        });
        return doc?.mail ? new Date(doc.mail.nextAttemptAt) : null;
      },
      async summary(limit) {
        const [pending, failed] = await Promise.all([
          inquiries.countDocuments(waiting),
          inquiries
            .find({ 'mail.state': 'failed' })
            .sort({ 'mail.failedAt': -1, _id: -1 })
            .limit(limit)
            .toArray(),
        ]);
        return { pending, failed: failed.map(toFailedMail) };
      },
    },
    waitlists: {
      async get() {
        return (await waitlists.findOne({ _id: WAITLIST_DOC_ID })) ?? emptyWaitlists();
      },
      // A compare-and-set on the version: the check and the write are one step.
      async replace(lists, expected, at) {
        const doc: WaitlistDoc = {
          _id: WAITLIST_DOC_ID,
          version: expected + 1,
          lists,
          updatedAt: at,
        };
        if (expected === 0) {
          try {
            await waitlists.insertOne(doc);
            return doc;
          } catch (error) {
            if (isDuplicateKey(error)) return null;
            throw error;
          }
        }
        const result = await waitlists.replaceOne({ _id: WAITLIST_DOC_ID, version: expected }, doc);
        return result.matchedCount === 1 ? doc : null;
      },
    },
    announcements: {
      async create(announcement, mails) {
        // The e-mails first: one already there (a family twice) stops it before it is listed.
        if (mails.length > 0) await announcementMails.insertMany(mails);
        await announcements.insertOne(announcement);
      },
      async list() {
        const docs = await announcements.find({}).sort({ createdAt: -1, _id: -1 }).toArray();
        const mails = await announcementMails
          .find({}, { projection: { announcementId: 1, state: 1 } })
          .toArray();
        return docs.map((doc) => ({
          ...doc,
          states: mailStates(mails.filter((m) => m.announcementId === doc._id)),
        }));
      },
      claim: (now, until, claimId) =>
        announcementMails.findOneAndUpdate(
          { state: { $in: ['pending', 'sending'] }, nextAttemptAt: { $lte: now } },
          { $set: { state: 'sending', nextAttemptAt: until, claimId }, $inc: { attempts: 1 } },
          { sort: { nextAttemptAt: 1 }, returnDocument: 'after' },
        ),
      async settle(id, claimId, outcome) {
        const result = await announcementMails.updateOne(
          { _id: id, state: 'sending', claimId },
          { $set: settled(outcome, ''), $unset: { claimId: true } },
        );
        return result.matchedCount > 0;
      },
      async nextDue() {
        const doc = await announcementMails.findOne(
          { state: { $in: ['pending', 'sending'] } },
          { sort: { nextAttemptAt: 1 } },
        );
        return doc ? new Date(doc.nextAttemptAt) : null;
      },
      ...issue40.announcements,
    },
    deliveries: {
      async find(keys, now) {
        // Expired records go by TTL (MongoDB's monitor runs once a minute): one may still be there.
        const doc = await deliveries.findOne({ _id: { $in: [...keys] }, expiresAt: { $gt: now } });
        return doc?.inquiryId ?? null;
      },
      async remember(keys, inquiryId, until) {
        for (const key of keys)
          await deliveries.updateOne(
            { _id: key },
            { $set: { inquiryId }, $max: { expiresAt: until } },
            { upsert: true },
          );
      },
    },
    cursors: {
      get: (key) => cursors.findOne({ _id: key }),
      async set(cursor) {
        await cursors.replaceOne({ _id: cursor._id }, cursor, { upsert: true });
      },
    },
    loginAttempts: {
      async add(key, attempt, windowMs) {
        const doc = await attempts.findOneAndUpdate(
          { _id: key },
          {
            $push: { attempts: { $each: [attempt], $slice: -MAX_KEPT_ATTEMPTS } },
            // Several instances with skewed clocks: the expiry only ever moves later, so the TTL
            // index never deletes attempts still inside some instance's window.
            $max: { expiresAt: new Date(attempt.at.getTime() + windowMs) },
          },
          { upsert: true, returnDocument: 'after' },
        );
        return withinWindow(doc?.attempts, attempt.at, windowMs);
      },
      async list(key, now, windowMs) {
        const doc = await attempts.findOne({ _id: key });
        return withinWindow(doc?.attempts, now, windowMs);
      },
      async remove(key, id) {
        await attempts.updateOne({ _id: key }, { $pull: { attempts: { id } } });
      },
      async clear(key) {
        await attempts.deleteOne({ _id: key });
      },
      async removeExpired(now) {
        return (await idempotent(() => attempts.deleteMany({ expiresAt: { $lte: now } })))
          .deletedCount;
      },
    },
    keys: {
      async ensure(name, candidate) {
        const found = await keys.findOne({ _id: name });
        if (found) return found.value;
        try {
          await keys.insertOne({ _id: name, value: candidate });
          return candidate;
        } catch (error) {
          // Two servers starting at once: the first insert wins, both answer its value.
          if (!isDuplicateKey(error)) throw error;
        }
        const first = await keys.findOne({ _id: name });
        if (!first) throw new Error(`the key ${name} could not be stored`);
        return first.value;
      },
    },
    ...factorOperations({ passkeys, factors, challenges }, idempotent),
    ping: () => engine.ping(),
    snapshot: () => engine.snapshot(),
    async isEmpty() {
      const found = await Promise.all(
        [admins, inquiries, revisions].map((c: StoreCollection<{ _id: string }>) =>
          c.findOne({}, { projection: { _id: 1 } }),
        ),
      );
      return found.every((doc) => doc === null);
    },
    async replaceAll(snapshot) {
      await fill(admins, snapshot.admins);
      await fill(inquiries, snapshot.inquiries);
      await fill(revisions, snapshot.revisions);
      await fill(cursors, snapshot.cursors);
      await fill(waitlists, snapshot.waitlists);
      await fill(announcements, snapshot.announcements);
      await fill(announcementMails, snapshot.announcementMails);
      // An account's factors go with its password hash; pending challenges never outlive a restore.
      await fill(passkeys, snapshot.passkeys);
      await fill(factors, snapshot.factors);
      await fill(challenges);
      await fill(sessions);
      await fill(attempts);
      // Issue 39: invitations end like sessions. The audit log only grows: the backup's entries
      // join the ones here, so a restore never erases the record of what happened since.
      await fill(invitations);
      // Issue 40: deposits and the Stripe events taken in (so a delivery after a restore is
      // still known as a repeat).
      await fill(deposits, snapshot.deposits);
      await fill(depositAmounts, snapshot.depositAmounts);
      await fill(stripeEvents, snapshot.stripeEvents);
      const present = new Set(
        (await audit.find({}, { projection: { _id: 1 } }).toArray()).map((d) => d._id),
      );
      const missing = (snapshot.audit ?? []).filter((d) => !present.has(d._id));
      for (let i = 0; i < missing.length; i += REPLACE_BATCH)
        await audit.insertMany(missing.slice(i, i + REPLACE_BATCH));
      // Issue 40: the families' links (hashes and sealed tokens) and the litters' news.
      await fill(engine.collections.familyLinks, snapshot.familyLinks);
      await fill(engine.collections.litterUpdates, snapshot.litterUpdates);
    },
    close: () => engine.close(),
  };
}
