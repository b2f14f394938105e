import { MongoClient, MongoServerError } from 'mongodb';
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
import { DuplicateError, type Store } from './types';

export interface MongoStoreOptions {
  /** Defaults to the database named in the URI, else 'cedar_bluff'. */
  dbName?: string;
}

// Not `new URL`: a replica-set URI lists several hosts, which URL refuses.
const databaseIn = (uri: string) =>
  decodeURIComponent(/^mongodb(?:\+srv)?:\/\/[^/]*\/([^?]*)/.exec(uri)?.[1] ?? '') || undefined;

const isDuplicateKey = (error: unknown) =>
  error instanceof MongoServerError && error.code === 11000;

/** The production engine: MongoDB through the official driver, majority-acknowledged writes. */
export async function openMongoStore(uri: string, options: MongoStoreOptions = {}): Promise<Store> {
  const client = new MongoClient(uri, {
    writeConcern: { w: 'majority', journal: true },
    readConcern: { level: 'majority' },
    serverSelectionTimeoutMS: 10_000,
    appName: 'cedar-bluff-api',
  });
  await client.connect();
  try {
    const db = client.db(options.dbName ?? databaseIn(uri) ?? 'cedar_bluff');
    const admins = db.collection<AdminDoc>('admins');
    const sessions = db.collection<SessionDoc>('sessions');
    const inquiries = db.collection<InquiryDoc>('inquiries');
    const revisions = db.collection<RevisionDoc>('revisions');
    const attempts = db.collection<LoginAttemptDoc>('login_attempts');

    await Promise.all([
      admins.createIndex({ username: 1 }, { unique: true, name: 'username_unique' }),
      sessions.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0, name: 'expires_ttl' }),
      sessions.createIndex({ username: 1 }, { name: 'username' }),
      inquiries.createIndex({ createdAt: -1, _id: -1 }, { name: 'created_at' }),
      inquiries.createIndex(
        { deliveryId: 1 },
        {
          unique: true,
          partialFilterExpression: { deliveryId: { $type: 'string' } },
          name: 'delivery_unique',
        },
      ),
      revisions.createIndex({ path: 1, savedAt: -1, _id: -1 }, { name: 'path_saved_at' }),
      attempts.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0, name: 'expires_ttl' }),
    ]);

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
          const result = await sessions.updateOne(
            { _id: tokenHash },
            { $set: { confirmedAt: at } },
          );
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
          return (await sessions.deleteMany(filter)).deletedCount;
        },
        async removeExpired(now) {
          const result = await sessions.deleteMany({
            $or: [{ expiresAt: { $lte: now } }, { idleExpiresAt: { $lte: now } }],
          });
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
              // $max: with several instances and skewed clocks the expiry never moves backwards.
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
          return (await attempts.deleteMany({ expiresAt: { $lte: now } })).deletedCount;
        },
      },
      close: () => client.close(),
    };
  } catch (error) {
    await client.close();
    throw error;
  }
}
