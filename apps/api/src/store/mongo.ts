import {
  type Db,
  type Document,
  type IndexDescription,
  type MongoClient,
  MongoServerError,
} from 'mongodb';
import { sortableId } from '../lib/ids';
import {
  MAX_KEPT_ATTEMPTS,
  type AdminDoc,
  type InquiryDoc,
  type LoginAttemptDoc,
  type RevisionDoc,
  type SessionDoc,
  toAdmin,
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
type CollectionName = 'admins' | 'sessions' | 'inquiries' | 'revisions' | 'login_attempts';
const INDEXES: Record<CollectionName, IndexDescription[]> = {
  admins: [{ key: { username: 1 }, name: 'username_unique', unique: true }],
  sessions: [
    { key: { expiresAt: 1 }, name: 'expires_ttl', expireAfterSeconds: 0 },
    { key: { username: 1 }, name: 'username' },
  ],
  inquiries: [
    { key: { createdAt: -1, _id: -1 }, name: 'created_at' },
    // A webhook delivery is stored once (see createOnce).
    {
      key: { deliveryId: 1 },
      name: 'delivery_unique',
      unique: true,
      partialFilterExpression: { deliveryId: { $type: 'string' } },
    },
  ],
  revisions: [{ key: { path: 1, savedAt: -1, _id: -1 }, name: 'path_saved_at' }],
  login_attempts: [{ key: { expiresAt: 1 }, name: 'expires_ttl', expireAfterSeconds: 0 }],
};

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

  await Promise.all(
    Object.entries(INDEXES).map(([name, indexes]) =>
      idempotent(() => collection(name as CollectionName).createIndexes(indexes)),
    ),
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
        const doc: InquiryDoc = { _id: sortableId(inquiry.createdAt), ...inquiry };
        if (doc.message === undefined) delete doc.message;
        await inquiries.insertOne(doc);
        return toInquiry(doc);
      },
      async createOnce(deliveryId, inquiry) {
        const doc: InquiryDoc = { _id: sortableId(inquiry.createdAt), deliveryId, ...inquiry };
        if (doc.message === undefined) delete doc.message;
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
    close,
  };
}
