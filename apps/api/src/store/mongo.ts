import { MongoClient, MongoServerError } from 'mongodb';
import { sortableId } from '../lib/ids';
import {
  MAX_KEPT_FAILURES,
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
        async revoke(tokenHash) {
          return (await sessions.deleteOne({ _id: tokenHash })).deletedCount > 0;
        },
        async revokeAllFor(username) {
          return (await sessions.deleteMany({ username })).deletedCount;
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
        async recordFailure(key, at, windowMs) {
          const doc = await attempts.findOneAndUpdate(
            { _id: key },
            {
              $push: { failures: { $each: [at], $slice: -MAX_KEPT_FAILURES } },
              $set: { expiresAt: new Date(at.getTime() + windowMs) },
            },
            { upsert: true, returnDocument: 'after' },
          );
          return withinWindow(doc?.failures, at, windowMs);
        },
        async failures(key, now, windowMs) {
          const doc = await attempts.findOne({ _id: key });
          return withinWindow(doc?.failures, now, windowMs);
        },
        async clear(key) {
          await attempts.deleteOne({ _id: key });
        },
      },
      close: () => client.close(),
    };
  } catch (error) {
    await client.close();
    throw error;
  }
}
