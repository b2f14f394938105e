import type { InquiryFilter, InquiryStatus } from '@cedar/api-contract';
import type { Db, Document, Filter, IndexDescription, MongoClient } from 'mongodb';
import {
  type AdminDoc,
  type AnnouncementDoc,
  type AnnouncementMailDoc,
  type AuditDoc,
  type DepositDoc,
  type DepositAmountDoc,
  type StripeEventDoc,
  type ChallengeDoc,
  type CursorDoc,
  type FactorDoc,
  type FamilyLinkDoc,
  type InvitationDoc,
  type LitterUpdateDoc,
  type PasskeyDoc,
  type DeliveryDoc,
  type InquiryDoc,
  type KeyDoc,
  type LoginAttemptDoc,
  type RevisionDoc,
  searchTerms,
  type SessionDoc,
  statsFrom,
  toInquiry,
  type WaitlistDoc,
} from './documents';
import {
  createMongoClient,
  databaseFor,
  isRetryable,
  isStandalone,
  notReplicaSet,
  startupError,
} from './mongo-driver';
import { type Collections, storeOver } from './operations';
import type { Store } from './types';

export interface MongoStoreOptions {
  /** The database; by default the one the URI names, else `cedar_bluff` (see databaseFor). */
  dbName?: string;
  /**
   * Put before every collection name, so that several stores can share one database: the
   * contract suite runs this way for a user who may not create or drop databases.
   */
  collectionPrefix?: string;
}

/**
 * Runs an idempotent operation a second time after a step-down or a network error. The driver
 * retries single-document writes and reads itself, but never `deleteMany` or `createIndexes`;
 * the second attempt waits (up to serverSelectionTimeoutMS) for the new primary. A delete that
 * had removed some documents before failing counts only the rest.
 */
async function idempotent<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (!isRetryable(error)) throw error;
    return operation();
  }
}

// One createIndexes call per collection: two createIndex calls on a collection that does not
// exist yet race to create it.
type CollectionName =
  | 'admins'
  | 'sessions'
  | 'inquiries'
  | 'revisions'
  | 'login_attempts'
  | 'keys'
  | 'intake_cursors'
  | 'deliveries'
  | 'waitlists'
  | 'announcements'
  | 'announcement_mails'
  | 'passkeys'
  | 'factors'
  | 'challenges'
  | 'invitations'
  | 'audit_log'
  | 'deposits'
  | 'deposit_amounts'
  | 'stripe_events'
  | 'family_links'
  | 'litter_updates';
const INDEXES: Record<CollectionName, IndexDescription[]> = {
  admins: [{ key: { username: 1 }, name: 'username_unique', unique: true }],
  sessions: [
    { key: { expiresAt: 1 }, name: 'expires_ttl', expireAfterSeconds: 0 },
    { key: { username: 1 }, name: 'username' },
  ],
  inquiries: [
    { key: { createdAt: -1, _id: -1 }, name: 'created_at' },
    // The inbox's filters, each served in newest-first order.
    { key: { status: 1, createdAt: -1, _id: -1 }, name: 'status_created_at' },
    { key: { preferredColor: 1, createdAt: -1, _id: -1 }, name: 'color_created_at' },
    // A webhook delivery is stored once (see createOnce).
    {
      key: { deliveryId: 1 },
      name: 'delivery_unique',
      unique: true,
      partialFilterExpression: { deliveryId: { $type: 'string' } },
    },
    // The live inbox's question: what arrived since.
    {
      key: { receivedAt: -1, _id: -1 },
      name: 'received_at',
      partialFilterExpression: { receivedAt: { $type: 'date' } },
    },
    // The outbox: the e-mails waiting or being sent, by when they are due.
    {
      key: { 'mail.state': 1, 'mail.nextAttemptAt': 1 },
      name: 'mail_due',
      partialFilterExpression: { 'mail.state': { $type: 'string' } },
    },
  ],
  revisions: [{ key: { path: 1, savedAt: -1, _id: -1 }, name: 'path_saved_at' }],
  login_attempts: [{ key: { expiresAt: 1 }, name: 'expires_ttl', expireAfterSeconds: 0 }],
  // One document per key, found by its _id.
  keys: [],
  intake_cursors: [],
  deliveries: [{ key: { expiresAt: 1 }, name: 'expires_ttl', expireAfterSeconds: 0 }],
  // One document, found by its _id.
  waitlists: [],
  announcements: [{ key: { createdAt: -1 }, name: 'created_at' }],
  announcement_mails: [
    { key: { state: 1, nextAttemptAt: 1 }, name: 'due' },
    { key: { announcementId: 1 }, name: 'announcement' },
  ],
  passkeys: [{ key: { username: 1, createdAt: 1 }, name: 'username' }],
  // One document per account, found by its _id.
  factors: [],
  challenges: [{ key: { expiresAt: 1 }, name: 'expires_ttl', expireAfterSeconds: 0 }],
  // Issue 39: an invitation goes when it expires; audit entries when AUDIT_RETENTION_DAYS pass.
  invitations: [{ key: { expiresAt: 1 }, name: 'expires_ttl', expireAfterSeconds: 0 }],
  audit_log: [
    { key: { expiresAt: 1 }, name: 'expires_ttl', expireAfterSeconds: 0 },
    { key: { username: 1, _id: -1 }, name: 'username' },
    { key: { action: 1, _id: -1 }, name: 'action' },
  ],
  // Issue 40: a refund finds its deposit, and the refunds of a payment, by the payment intent.
  deposits: [
    {
      key: { paymentIntentId: 1 },
      name: 'payment_intent',
      partialFilterExpression: { paymentIntentId: { $type: 'string' } },
    },
  ],
  deposit_amounts: [],
  stripe_events: [
    {
      key: { paymentIntentId: 1, created: 1 },
      name: 'payment_intent',
      partialFilterExpression: { paymentIntentId: { $type: 'string' } },
    },
    { key: { outcome: 1, created: -1 }, name: 'outcome' },
  ],
  // Issue 40: one live link per waitlist entry; a litter's news newest first.
  family_links: [{ key: { entryId: 1 }, name: 'entry_unique', unique: true }],
  litter_updates: [{ key: { litterId: 1, _id: -1 }, name: 'litter' }],
};

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The inbox's filters as a MongoDB query, matching what inquiryMatcher matches: the name as
 * "first last", the e-mail, and the phone's digits with anything else allowed between them.
 */
export function inquiryQuery(filter: InquiryFilter): Filter<InquiryDoc> {
  const query: Filter<InquiryDoc> = {};
  if (filter.status !== undefined) query.status = filter.status;
  if (filter.color !== undefined) query.preferredColor = filter.color;
  if (filter.q) {
    const { text, digits } = searchTerms(filter.q);
    const pattern = escapeRegex(text);
    query.$or = [
      {
        $expr: {
          $regexMatch: {
            input: { $concat: ['$firstName', ' ', '$lastName'] },
            regex: pattern,
            options: 'i',
          },
        },
      },
      { email: { $regex: pattern, $options: 'i' } },
      ...(digits ? [{ phone: { $regex: digits.split('').join('\\D*') } }] : []),
    ];
  }
  return query;
}

/** The production engine: MongoDB through the official driver, on a replica set. */
export async function openMongoStore(uri: string, options: MongoStoreOptions = {}): Promise<Store> {
  const dbName = databaseFor(uri, options.dbName);
  let client: MongoClient | undefined;
  try {
    const opened = createMongoClient(uri);
    client = opened;
    await opened.connect();
    if (isStandalone(await opened.db('admin').command({ hello: 1 }))) throw notReplicaSet(uri);
    return await mongoStore(opened.db(dbName), options.collectionPrefix ?? '', () =>
      opened.close(),
    );
  } catch (error) {
    // The start-up error is the one to report, even if closing fails too.
    await client?.close().catch(() => undefined);
    throw startupError(error, uri, dbName);
  }
}

/**
 * The store on an open database: creates the indexes, then hands the driver's own collections to
 * the operations (see operations.ts); only the inbox's reads, the snapshot and the ping are
 * MongoDB's own.
 */
export async function mongoStore(
  db: Db,
  prefix: string,
  close: () => Promise<void>,
): Promise<Store> {
  const collection = <T extends Document>(name: CollectionName) =>
    db.collection<T>(`${prefix}${name}`);
  const inquiries = collection<InquiryDoc>('inquiries');
  // The driver's collections as they are: the compiler checks that each is a StoreCollection.
  const collections: Collections = {
    admins: collection<AdminDoc>('admins'),
    sessions: collection<SessionDoc>('sessions'),
    inquiries,
    revisions: collection<RevisionDoc>('revisions'),
    loginAttempts: collection<LoginAttemptDoc>('login_attempts'),
    keys: collection<KeyDoc>('keys'),
    cursors: collection<CursorDoc>('intake_cursors'),
    deliveries: collection<DeliveryDoc>('deliveries'),
    waitlists: collection<WaitlistDoc>('waitlists'),
    announcements: collection<AnnouncementDoc>('announcements'),
    announcementMails: collection<AnnouncementMailDoc>('announcement_mails'),
    passkeys: collection<PasskeyDoc>('passkeys'),
    factors: collection<FactorDoc>('factors'),
    challenges: collection<ChallengeDoc>('challenges'),
    invitations: collection<InvitationDoc>('invitations'),
    audit: collection<AuditDoc>('audit_log'),
    deposits: collection<DepositDoc>('deposits'),
    depositAmounts: collection<DepositAmountDoc>('deposit_amounts'),
    stripeEvents: collection<StripeEventDoc>('stripe_events'),
    familyLinks: collection<FamilyLinkDoc>('family_links'),
    litterUpdates: collection<LitterUpdateDoc>('litter_updates'),
  };

  await Promise.all(
    Object.entries(INDEXES)
      .filter(([, indexes]) => indexes.length > 0)
      .map(([name, indexes]) =>
        idempotent(() => collection(name as CollectionName).createIndexes(indexes)),
      ),
  );

  return storeOver({
    kind: 'mongodb',
    collections,
    inquiryReads: {
      async list() {
        const docs = await inquiries.find({}).sort({ createdAt: -1, _id: -1 }).toArray();
        return docs.map(toInquiry);
      },
      async page(filter, { after, limit }) {
        const position: Filter<InquiryDoc> = after
          ? {
              $or: [
                { createdAt: { $lt: after.createdAt } },
                { createdAt: after.createdAt, _id: { $lt: after.id } },
              ],
            }
          : {};
        const docs = await inquiries
          .find({ $and: [inquiryQuery(filter), position] })
          .sort({ createdAt: -1, _id: -1 })
          .limit(limit + 1)
          .toArray();
        return { items: docs.slice(0, limit).map(toInquiry), more: docs.length > limit };
      },
      async arrivedSince(filter, since, limit) {
        const docs = await inquiries
          .find({ $and: [inquiryQuery(filter), { receivedAt: { $gte: since } }] })
          .sort({ receivedAt: -1, _id: -1 })
          .limit(limit + 1)
          .toArray();
        return { items: docs.slice(0, limit).map(toInquiry), more: docs.length > limit };
      },
      async stats(now, since) {
        const [total, recent, colors, statuses] = await Promise.all([
          inquiries.countDocuments(),
          inquiries.countDocuments({ createdAt: { $gt: since, $lte: now } }),
          inquiries
            .aggregate<{ _id: string; count: number; latest: Date }>([
              {
                $group: {
                  _id: '$preferredColor',
                  count: { $sum: 1 },
                  latest: { $max: '$createdAt' },
                },
              },
            ])
            .toArray(),
          inquiries
            .aggregate<{ _id: InquiryStatus; count: number }>([
              { $group: { _id: '$status', count: { $sum: 1 } } },
            ])
            .toArray(),
        ]);
        return statsFrom(
          total,
          recent,
          colors.map((c) => ({ color: c._id, count: c.count, latest: new Date(c.latest) })),
          Object.fromEntries(statuses.map((s) => [s._id, s.count])),
        );
      },
    },
    idempotent,
    async ping() {
      await db.command({ ping: 1 });
    },
    async snapshot() {
      // A snapshot session reads every collection at one point in time, writes or not.
      const session = db.client.startSession({ snapshot: true });
      const all = <T extends Document>(name: CollectionName) =>
        collection<T>(name).find({}, { session }).toArray() as Promise<T[]>;
      try {
        const [
          admins,
          inquiryDocs,
          revisions,
          cursors,
          waitlists,
          announcements,
          mails,
          passkeys,
          factors,
          audit,
          deposits,
          depositAmounts,
          stripeEvents,
          familyLinks,
          litterUpdates,
        ] = await Promise.all([
          all<AdminDoc>('admins'),
          all<InquiryDoc>('inquiries'),
          all<RevisionDoc>('revisions'),
          all<CursorDoc>('intake_cursors'),
          all<WaitlistDoc>('waitlists'),
          all<AnnouncementDoc>('announcements'),
          all<AnnouncementMailDoc>('announcement_mails'),
          all<PasskeyDoc>('passkeys'),
          all<FactorDoc>('factors'),
          all<AuditDoc>('audit_log'),
          all<DepositDoc>('deposits'),
          all<DepositAmountDoc>('deposit_amounts'),
          all<StripeEventDoc>('stripe_events'),
          all<FamilyLinkDoc>('family_links'),
          all<LitterUpdateDoc>('litter_updates'),
        ]);
        return {
          admins,
          inquiries: inquiryDocs,
          revisions,
          cursors,
          waitlists,
          announcements,
          announcementMails: mails,
          passkeys,
          factors,
          audit,
          deposits,
          depositAmounts,
          stripeEvents,
          familyLinks,
          litterUpdates,
        };
      } finally {
        await session.endSession();
      }
    },
    close,
  });
}
