import type { InquiryFilter, InquiryStatus } from '@cedar/api-contract';
import {
  type Db,
  type Document,
  type Filter,
  type IndexDescription,
  type MongoClient,
  MongoServerError,
} from 'mongodb';
import { sortableId } from '../lib/ids';
import {
  MAX_KEPT_ATTEMPTS,
  type AdminDoc,
  type AnnouncementDoc,
  type AnnouncementMailDoc,
  announcementMailUpdate,
  type CursorDoc,
  type DeliveryDoc,
  emptyWaitlists,
  mailStates,
  WAITLIST_DOC_ID,
  type WaitlistDoc,
  type InquiryDoc,
  type KeyDoc,
  type LoginAttemptDoc,
  mailUpdate,
  newInquiryDoc,
  type RevisionDoc,
  searchTerms,
  type SessionDoc,
  statsFrom,
  toAdmin,
  toFailedMail,
  toInquiry,
  toRevision,
  toRevisionWithContent,
  toSession,
  withinWindow,
} from './documents';
import {
  createMongoClient,
  databaseFor,
  isRetryable,
  isStandalone,
  notReplicaSet,
  startupError,
} from './mongo-driver';
import { DuplicateError, type Store } from './types';

export interface MongoStoreOptions {
  /** The database; by default the one the URI names, else `cedar_bluff` (see databaseFor). */
  dbName?: string;
  /**
   * Put before every collection name, so that several stores can share one database: the
   * contract suite runs this way for a user who may not create or drop databases.
   */
  collectionPrefix?: string;
}

const isDuplicateKey = (error: unknown) =>
  error instanceof MongoServerError && error.code === 11000;

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
  | 'announcement_mails';
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

/** Documents per insertMany when a restore fills a collection. */
const REPLACE_BATCH = 1000;

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

/** The store on an open database: creates the indexes, then answers. */
export async function mongoStore(
  db: Db,
  prefix: string,
  close: () => Promise<void>,
): Promise<Store> {
  const collection = <T extends Document>(name: CollectionName) =>
    db.collection<T>(`${prefix}${name}`);
  const admins = collection<AdminDoc>('admins');
  const sessions = collection<SessionDoc>('sessions');
  const inquiries = collection<InquiryDoc>('inquiries');
  const revisions = collection<RevisionDoc>('revisions');
  const attempts = collection<LoginAttemptDoc>('login_attempts');
  const keys = collection<KeyDoc>('keys');
  const cursors = collection<CursorDoc>('intake_cursors');
  const deliveries = collection<DeliveryDoc>('deliveries');
  const waitlists = collection<WaitlistDoc>('waitlists');
  const announcements = collection<AnnouncementDoc>('announcements');
  const announcementMails = collection<AnnouncementMailDoc>('announcement_mails');
  const waiting = { 'mail.state': { $in: ['pending', 'sending'] } } as const;

  await Promise.all(
    Object.entries(INDEXES)
      .filter(([, indexes]) => indexes.length > 0)
      .map(([name, indexes]) =>
        idempotent(() => collection(name as CollectionName).createIndexes(indexes)),
      ),
  );
  // Inquiries stored before the inbox existed are new ones.
  await idempotent(() =>
    inquiries.updateMany({ status: { $exists: false } }, { $set: { status: 'new' } }),
  );

  return {
    kind: 'mongodb',
    admins: {
      async find(username) {
        const doc = await admins.findOne({ username });
        return doc ? toAdmin(doc) : null;
      },
      async create(admin) {
        try {
          await admins.insertOne({ _id: admin.username, ...admin });
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
    },
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
          if (!isDuplicateKey(error)) throw error;
          const first = await inquiries.findOne({ deliveryId });
          if (!first) throw error;
          return { inquiry: toInquiry(first), created: false };
        }
      },
      async list() {
        const docs = await inquiries.find({}).sort({ createdAt: -1, _id: -1 }).toArray();
        return docs.map(toInquiry);
      },
      async page(filter, { after, limit }) {
        const query = inquiryQuery(filter);
        const position: Filter<InquiryDoc> = after
          ? {
              $or: [
                { createdAt: { $lt: after.createdAt } },
                { createdAt: after.createdAt, _id: { $lt: after.id } },
              ],
            }
          : {};
        const docs = await inquiries
          .find({ $and: [query, position] })
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
          { $set: mailUpdate(outcome), $unset: { 'mail.claimId': true } },
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
      async claim(now, until, claimId) {
        return announcementMails.findOneAndUpdate(
          { state: { $in: ['pending', 'sending'] }, nextAttemptAt: { $lte: now } },
          { $set: { state: 'sending', nextAttemptAt: until, claimId }, $inc: { attempts: 1 } },
          { sort: { nextAttemptAt: 1 }, returnDocument: 'after' },
        );
      },
      async settle(id, claimId, outcome) {
        const result = await announcementMails.updateOne(
          { _id: id, state: 'sending', claimId },
          { $set: announcementMailUpdate(outcome), $unset: { claimId: true } },
        );
        return result.matchedCount > 0;
      },
      async nextDue() {
        const doc = await announcementMails.findOne(
          { state: { $in: ['pending', 'sending'] } },
          { sort: { nextAttemptAt: 1 } },
        );
        return doc ? doc.nextAttemptAt : null;
      },
    },
    deliveries: {
      async find(keys, now) {
        // The TTL monitor runs once a minute: an expired record may still be there.
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
      async get(key) {
        return cursors.findOne({ _id: key });
      },
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
        try {
          // Two servers starting at once: the first insert wins, both answer its value.
          const doc = await keys.findOneAndUpdate(
            { _id: name },
            { $setOnInsert: { value: candidate } },
            { upsert: true, returnDocument: 'after' },
          );
          if (doc) return doc.value;
        } catch (error) {
          if (!isDuplicateKey(error)) throw error;
        }
        const doc = await keys.findOne({ _id: name });
        if (!doc) throw new Error(`the key ${name} could not be stored`);
        return doc.value;
      },
    },
    async ping() {
      await db.command({ ping: 1 });
    },
    async snapshot() {
      // A snapshot session reads every collection at one point in time, writes or not.
      const session = db.client.startSession({ snapshot: true });
      try {
        const [adminDocs, inquiryDocs, revisionDocs, cursorDocs, lists, announced, mails] =
          await Promise.all([
            admins.find({}, { session }).toArray(),
            inquiries.find({}, { session }).toArray(),
            revisions.find({}, { session }).toArray(),
            cursors.find({}, { session }).toArray(),
            waitlists.find({}, { session }).toArray(),
            announcements.find({}, { session }).toArray(),
            announcementMails.find({}, { session }).toArray(),
          ]);
        return {
          admins: adminDocs,
          inquiries: inquiryDocs,
          revisions: revisionDocs,
          cursors: cursorDocs,
          waitlists: lists,
          announcements: announced,
          announcementMails: mails,
        };
      } finally {
        await session.endSession();
      }
    },
    async isEmpty() {
      const found = await Promise.all(
        [admins, inquiries, revisions].map((c) => c.findOne({}, { projection: { _id: 1 } })),
      );
      return found.every((doc) => doc === null);
    },
    async replaceAll(snapshot) {
      const contents: [CollectionName, Document[]][] = [
        ['admins', snapshot.admins],
        ['inquiries', snapshot.inquiries],
        ['revisions', snapshot.revisions],
        ['intake_cursors', snapshot.cursors],
        ['waitlists', snapshot.waitlists ?? []],
        ['announcements', snapshot.announcements ?? []],
        ['announcement_mails', snapshot.announcementMails ?? []],
        ['sessions', []],
        ['login_attempts', []],
      ];
      for (const [name, docs] of contents) {
        const target = collection(name);
        await idempotent(() => target.deleteMany({}));
        for (let i = 0; i < docs.length; i += REPLACE_BATCH)
          await target.insertMany(docs.slice(i, i + REPLACE_BATCH));
      }
    },
    close,
  };
}
