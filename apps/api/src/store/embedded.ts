import fs from 'node:fs/promises';
import path from 'node:path';
import Datastore from '@seald-io/nedb';
import { sortableId } from '../lib/ids';
import { makePrivate, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../lib/private-dir';
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
  type SessionDoc,
  toAdmin,
  toFailedMail,
  toInquiry,
  toRevision,
  toRevisionWithContent,
  toSession,
  withinWindow,
} from './documents';
import { InquiryIndex } from './inquiry-index';
import { DuplicateError, type Store } from './types';

export interface EmbeddedStoreOptions {
  /** How often the append-only files are rewritten without superseded lines. */
  compactionIntervalMs?: number;
  /** Told, in one line, when the folder or its files were readable by others and were tightened. */
  warn?: (message: string) => void;
}

/** nedb's own files: private from the moment they are created, compaction's rewrites included. */
const NEDB_MODES = { fileMode: PRIVATE_FILE_MODE, dirMode: PRIVATE_DIR_MODE };

/**
 * DATA_DIR holds password hashes and customers' details: only the server's own user may read it.
 * A folder made before (or by hand, or by an older version) with wider modes is tightened.
 */
async function keepPrivate(dataDir: string, warn: EmbeddedStoreOptions['warn']) {
  const tightened = await makePrivate(dataDir);
  if (tightened.length > 0)
    warn?.(
      `DATA_DIR ${dataDir} was readable by other users of this machine (${tightened.length} item${tightened.length === 1 ? '' : 's'}: ${tightened.slice(0, 5).join(', ')}${tightened.length > 5 ? ', ...' : ''}): made private (folders 700, files 600)`,
    );
}

const heldLocks = new Set<string>();

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * One process at a time: a second server (or the admin CLI while the server runs) would keep its
 * own copy in memory and the next compaction would silently drop the other's writes.
 */
async function acquireLock(dir: string): Promise<string> {
  const file = path.join(dir, 'store.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await fs.writeFile(file, String(process.pid), { flag: 'wx', mode: PRIVATE_FILE_MODE });
      heldLocks.add(file);
      return file;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const pid = Number.parseInt(await fs.readFile(file, 'utf8').catch(() => ''), 10);
    const ours = pid === process.pid;
    // Our own pid in a stale lock is normal in containers, where the server is often pid 1.
    if (ours ? heldLocks.has(file) : Number.isInteger(pid) && pid > 0 && processAlive(pid)) {
      throw new Error(
        `The embedded store in ${dir} is in use by process ${pid}. Stop that process first ` +
          '(or set MONGODB_URI so that several processes share one MongoDB store).',
      );
    }
    await fs.rm(file, { force: true });
  }
  throw new Error(`Could not lock the embedded store in ${dir}`);
}

const PROBE_BYTES = 64 * 1024;

/**
 * Writes, syncs and removes a small file, so that an unwritable folder or a full disk stops
 * start-up with a clear message instead of failing the first write the API would acknowledge.
 */
async function checkWritable(dir: string): Promise<void> {
  const probe = path.join(dir, '.write-check');
  try {
    const handle = await fs.open(probe, 'w', PRIVATE_FILE_MODE);
    try {
      await handle.writeFile(Buffer.alloc(PROBE_BYTES));
      await handle.sync();
    } finally {
      await handle.close();
    }
  } finally {
    await fs.rm(probe, { force: true });
  }
}

async function fsyncFile(file: string): Promise<void> {
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(file, 'r+');
    await handle.sync();
  } catch (error) {
    // Compaction may be swapping the file in this instant; it fsyncs the new one itself.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  } finally {
    await handle?.close();
  }
}

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  (error as { errorType?: string }).errorType === 'uniqueViolated';

/**
 * The default engine: @seald-io/nedb, one append-only file per collection under DATA_DIR.
 * nedb appends without fsync; every write here is followed by an fsync of its file, so a write
 * the API has acknowledged survives a crash of the process or of the machine.
 */
export async function openEmbeddedStore(
  dataDir: string,
  options: EmbeddedStoreOptions = {},
): Promise<Store> {
  await keepPrivate(dataDir, options.warn);
  const lockFile = await acquireLock(dataDir);
  try {
    await checkWritable(dataDir);
  } catch (error) {
    heldLocks.delete(lockFile);
    await fs.rm(lockFile, { force: true });
    throw error;
  }

  const fileOf = (name: string) => path.join(dataDir, `${name}.db`);
  const open = async <T>(name: string) => {
    const db = new Datastore<T>({ filename: fileOf(name), autoload: true, modes: NEDB_MODES });
    await db.autoloadPromise;
    db.setAutocompactionInterval(options.compactionIntervalMs ?? 60 * 60_000);
    return db;
  };

  let dbs: Datastore[] = [];
  try {
    const admins = await open<AdminDoc>('admins');
    const sessions = await open<SessionDoc>('sessions');
    const inquiries = await open<InquiryDoc>('inquiries');
    const revisions = await open<RevisionDoc>('revisions');
    const attempts = await open<LoginAttemptDoc>('login-attempts');
    const keys = await open<KeyDoc>('keys');
    const cursors = await open<CursorDoc>('intake-cursors');
    const deliveries = await open<DeliveryDoc>('deliveries');
    const waitlists = await open<WaitlistDoc>('waitlists');
    const announcements = await open<AnnouncementDoc>('announcements');
    const announcementMails = await open<AnnouncementMailDoc>('announcement-mails');
    dbs = [
      admins,
      sessions,
      inquiries,
      revisions,
      attempts,
      keys,
      cursors,
      deliveries,
      waitlists,
      announcements,
      announcementMails,
    ] as Datastore[];

    await admins.ensureIndexAsync({ fieldName: 'username', unique: true });
    await sessions.ensureIndexAsync({ fieldName: 'username' });
    await sessions.ensureIndexAsync({ fieldName: 'expiresAt', expireAfterSeconds: 0 });
    await inquiries.ensureIndexAsync({ fieldName: 'createdAt' });
    await inquiries.ensureIndexAsync({ fieldName: 'deliveryId', unique: true, sparse: true });
    // The outbox's looks find the few e-mails waiting among every inquiry without a scan.
    await inquiries.ensureIndexAsync({ fieldName: 'mail.state', sparse: true });
    await revisions.ensureIndexAsync({ fieldName: 'path' });
    await attempts.ensureIndexAsync({ fieldName: 'expiresAt', expireAfterSeconds: 0 });
    await deliveries.ensureIndexAsync({ fieldName: 'expiresAt', expireAfterSeconds: 0 });
    await announcementMails.ensureIndexAsync({ fieldName: 'state' });

    const durable = async <R>(name: string, write: Promise<R>) => {
      const result = await write;
      await fsyncFile(fileOf(name));
      return result;
    };
    // Inquiries stored before the inbox existed are new ones.
    await durable(
      'inquiries',
      inquiries.updateAsync(
        { status: { $exists: false } },
        { $set: { status: 'new' } },
        { multi: true },
      ),
    );
    let index = new InquiryIndex(inquiries.getAllData());
    let closed = false;
    /**
     * Rewrites a collection's file without the lines a delete left behind (compaction syncs the
     * new file itself): a deleted inquiry is gone from the disk, not only from the answers.
     */
    const purge = (db: Datastore) => db.compactDatafileAsync();

    return {
      kind: 'embedded',
      admins: {
        async find(username) {
          const doc = (await admins.findOneAsync({ username })) as AdminDoc | null;
          return doc ? toAdmin(doc) : null;
        },
        async create(admin) {
          try {
            await durable('admins', admins.insertAsync({ _id: admin.username, ...admin }));
          } catch (error) {
            if (isUniqueViolation(error)) throw new DuplicateError(`admin ${admin.username}`);
            throw error;
          }
        },
        async setPassword(username, passwordHash, at) {
          const { numAffected } = await durable(
            'admins',
            admins.updateAsync({ username }, { $set: { passwordHash, updatedAt: at } }, {}),
          );
          return numAffected > 0;
        },
        async remove(username) {
          return (await durable('admins', admins.removeAsync({ username }, {}))) > 0;
        },
        count: () => admins.countAsync({}) as unknown as Promise<number>,
      },
      sessions: {
        async create({ tokenHash, ...rest }) {
          await durable('sessions', sessions.insertAsync({ _id: tokenHash, ...rest }));
        },
        async find(tokenHash) {
          const doc = (await sessions.findOneAsync({ _id: tokenHash })) as SessionDoc | null;
          return doc ? toSession(doc) : null;
        },
        async touch(tokenHash, lastSeenAt, idleExpiresAt) {
          await durable(
            'sessions',
            sessions.updateAsync({ _id: tokenHash }, { $set: { lastSeenAt, idleExpiresAt } }, {}),
          );
        },
        async confirm(tokenHash, at) {
          const { numAffected } = await durable(
            'sessions',
            sessions.updateAsync({ _id: tokenHash }, { $set: { confirmedAt: at } }, {}),
          );
          return numAffected > 0;
        },
        async revoke(tokenHash) {
          return (await durable('sessions', sessions.removeAsync({ _id: tokenHash }, {}))) > 0;
        },
        async listFor(username) {
          const docs = (await sessions
            .findAsync({ username })
            .sort({ createdAt: -1 })) as unknown as SessionDoc[];
          return docs.map(toSession);
        },
        revokeAllFor: (username, keep) =>
          durable(
            'sessions',
            sessions.removeAsync(
              keep === undefined ? { username } : { username, _id: { $ne: keep } },
              { multi: true },
            ),
          ),
        removeExpired: (now) =>
          durable(
            'sessions',
            sessions.removeAsync(
              { $or: [{ expiresAt: { $lte: now } }, { idleExpiresAt: { $lte: now } }] },
              { multi: true },
            ),
          ),
      },
      inquiries: {
        async create(inquiry) {
          const doc = await inquiries.insertAsync(
            newInquiryDoc(sortableId(inquiry.createdAt), inquiry),
          );
          index.put(doc);
          await fsyncFile(fileOf('inquiries'));
          return toInquiry(doc);
        },
        async createOnce(deliveryId, inquiry) {
          const existing = (await inquiries.findOneAsync({ deliveryId })) as InquiryDoc | null;
          if (existing) return { inquiry: toInquiry(existing), created: false };
          let doc: InquiryDoc;
          try {
            doc = await inquiries.insertAsync(
              newInquiryDoc(sortableId(inquiry.createdAt), { ...inquiry, deliveryId }),
            );
          } catch (error) {
            // The same delivery arriving twice at once: the unique index lets one in.
            if (!isUniqueViolation(error)) throw error;
            const first = (await inquiries.findOneAsync({ deliveryId })) as InquiryDoc;
            return { inquiry: toInquiry(first), created: false };
          }
          index.put(doc);
          await fsyncFile(fileOf('inquiries'));
          return { inquiry: toInquiry(doc), created: true };
        },
        list: async () => index.all(),
        page: async (filter, options) => index.page(filter, options),
        arrivedSince: async (filter, since, limit) => index.arrivedSince(filter, since, limit),
        stats: async (now, since) => index.stats(now, since),
        async update(id, { status, note }, at) {
          const { affectedDocuments } = await inquiries.updateAsync(
            { _id: id },
            {
              $set: {
                ...(status === undefined ? {} : { status }),
                ...(note === undefined ? {} : { note }),
                updatedAt: at,
              },
            },
            { returnUpdatedDocs: true },
          );
          const doc = affectedDocuments as InquiryDoc | null;
          if (!doc) return null;
          index.put(doc);
          await fsyncFile(fileOf('inquiries'));
          return toInquiry(doc);
        },
        async markBounced(id, at, reply) {
          const { affectedDocuments } = await inquiries.updateAsync(
            { _id: id },
            { $set: { emailBouncedAt: at, emailBounce: reply } },
            { returnUpdatedDocs: true },
          );
          const doc = affectedDocuments as InquiryDoc | null;
          if (!doc) return false;
          index.put(doc);
          await fsyncFile(fileOf('inquiries'));
          return true;
        },
        async get(id) {
          const doc = index.get(id);
          return doc ? toInquiry(doc) : null;
        },
        async remove(id) {
          const removed = await inquiries.removeAsync({ _id: id }, {});
          index.delete(id);
          if (removed > 0) await purge(inquiries as Datastore);
          return removed > 0;
        },
        async removeCreatedBefore(cutoff) {
          const removed = await inquiries.removeAsync(
            { createdAt: { $lt: cutoff } },
            { multi: true },
          );
          index.deleteCreatedBefore(cutoff);
          if (removed > 0) await purge(inquiries as Datastore);
          return removed;
        },
        count: async () => index.size,
      },
      revisions: {
        async create(revision) {
          const doc: RevisionDoc = { _id: sortableId(revision.savedAt), ...revision };
          await durable('revisions', revisions.insertAsync(doc));
          return toRevision(doc);
        },
        async list(filePath) {
          const docs = (await revisions
            .findAsync({ path: filePath }, { content: 0 })
            .sort({ savedAt: -1, _id: -1 })) as unknown as RevisionDoc[];
          return docs.map(toRevision);
        },
        async get(filePath, id) {
          const doc = (await revisions.findOneAsync({
            _id: id,
            path: filePath,
          })) as RevisionDoc | null;
          return doc ? toRevisionWithContent(doc) : null;
        },
        async remove(filePath, ids) {
          if (ids.length === 0) return 0;
          return durable(
            'revisions',
            revisions.removeAsync({ path: filePath, _id: { $in: [...ids] } }, { multi: true }),
          );
        },
      },
      outbox: {
        // nedb applies one operation at a time: the update finds and claims the document in one step.
        async claim(now, until, claimId) {
          const { affectedDocuments } = await inquiries.updateAsync(
            { 'mail.state': { $in: ['pending', 'sending'] }, 'mail.nextAttemptAt': { $lte: now } },
            {
              $set: {
                'mail.state': 'sending',
                'mail.nextAttemptAt': until,
                'mail.claimId': claimId,
              },
              $inc: { 'mail.attempts': 1 },
            },
            { returnUpdatedDocs: true },
          );
          const doc = affectedDocuments as InquiryDoc | null;
          if (!doc?.mail) return null;
          index.put(doc);
          await fsyncFile(fileOf('inquiries'));
          return { inquiry: toInquiry(doc), attempt: doc.mail.attempts, claimId };
        },
        async settle(id, claimId, outcome) {
          const { affectedDocuments } = await inquiries.updateAsync(
            { _id: id, 'mail.state': 'sending', 'mail.claimId': claimId },
            { $set: mailUpdate(outcome), $unset: { 'mail.claimId': true } },
            { returnUpdatedDocs: true },
          );
          const doc = affectedDocuments as InquiryDoc | null;
          if (!doc) return false;
          index.put(doc);
          await fsyncFile(fileOf('inquiries'));
          return true;
        },
        async requeue(id, now) {
          const { affectedDocuments } = await inquiries.updateAsync(
            { _id: id, 'mail.state': 'failed' },
            {
              $set: { 'mail.state': 'pending', 'mail.attempts': 0, 'mail.nextAttemptAt': now },
              $unset: { 'mail.failedAt': true },
            },
            { returnUpdatedDocs: true },
          );
          const doc = affectedDocuments as InquiryDoc | null;
          if (!doc) return index.get(id) ? 'not-failed' : 'no-inquiry';
          index.put(doc);
          await fsyncFile(fileOf('inquiries'));
          return 'queued';
        },
        async nextDue() {
          const [doc] = (await inquiries
            .findAsync({ 'mail.state': { $in: ['pending', 'sending'] } })
            .sort({ 'mail.nextAttemptAt': 1 })
            .limit(1)) as unknown as InquiryDoc[];
          return doc?.mail ? new Date(doc.mail.nextAttemptAt) : null;
        },
        async summary(limit) {
          const [pending, failed] = await Promise.all([
            inquiries.countAsync({ 'mail.state': { $in: ['pending', 'sending'] } }),
            inquiries
              .findAsync({ 'mail.state': 'failed' })
              .sort({ 'mail.failedAt': -1, _id: -1 })
              .limit(limit),
          ]);
          return {
            pending: pending as unknown as number,
            failed: (failed as unknown as InquiryDoc[]).map(toFailedMail),
          };
        },
      },
      waitlists: {
        async get() {
          const doc = (await waitlists.findOneAsync({
            _id: WAITLIST_DOC_ID,
          })) as WaitlistDoc | null;
          return doc ? structuredClone(doc) : emptyWaitlists();
        },
        // nedb applies one operation at a time: the version check and the write are one step.
        async replace(lists, expected, at) {
          const doc: WaitlistDoc = {
            _id: WAITLIST_DOC_ID,
            version: expected + 1,
            lists: structuredClone(lists),
            updatedAt: at,
          };
          if (expected === 0) {
            try {
              await durable('waitlists', waitlists.insertAsync(doc));
              return structuredClone(doc);
            } catch (error) {
              if (isUniqueViolation(error)) return null;
              throw error;
            }
          }
          const { numAffected } = await durable(
            'waitlists',
            waitlists.updateAsync({ _id: WAITLIST_DOC_ID, version: expected }, doc, {}),
          );
          return numAffected === 1 ? structuredClone(doc) : null;
        },
      },
      announcements: {
        async create(announcement, mails) {
          // The e-mails first: one already there (a family twice) stops it before it is listed.
          if (mails.length > 0)
            await durable('announcement-mails', announcementMails.insertAsync(mails));
          await durable('announcements', announcements.insertAsync(announcement));
        },
        async list() {
          const docs = (await announcements
            .findAsync({})
            .sort({ createdAt: -1, _id: -1 })) as unknown as AnnouncementDoc[];
          const mails = (await announcementMails.findAsync(
            {},
            { announcementId: 1, state: 1 },
          )) as unknown as AnnouncementMailDoc[];
          return docs.map((doc) => ({
            ...doc,
            states: mailStates(mails.filter((m) => m.announcementId === doc._id)),
          }));
        },
        async claim(now, until, claimId) {
          const { affectedDocuments } = await announcementMails.updateAsync(
            { state: { $in: ['pending', 'sending'] }, nextAttemptAt: { $lte: now } },
            { $set: { state: 'sending', nextAttemptAt: until, claimId }, $inc: { attempts: 1 } },
            { returnUpdatedDocs: true },
          );
          const doc = affectedDocuments as AnnouncementMailDoc | null;
          if (!doc) return null;
          await fsyncFile(fileOf('announcement-mails'));
          return structuredClone(doc);
        },
        async settle(id, claimId, outcome) {
          const { numAffected } = await durable(
            'announcement-mails',
            announcementMails.updateAsync(
              { _id: id, state: 'sending', claimId },
              { $set: announcementMailUpdate(outcome), $unset: { claimId: true } },
              {},
            ),
          );
          return numAffected === 1;
        },
        async nextDue() {
          const [doc] = (await announcementMails
            .findAsync({ state: { $in: ['pending', 'sending'] } })
            .sort({ nextAttemptAt: 1 })
            .limit(1)) as unknown as AnnouncementMailDoc[];
          return doc ? new Date(doc.nextAttemptAt) : null;
        },
      },
      deliveries: {
        async find(keys, now) {
          const docs = (await deliveries.findAsync({
            _id: { $in: [...keys] },
            expiresAt: { $gt: now },
          })) as DeliveryDoc[];
          return docs[0]?.inquiryId ?? null;
        },
        async remember(keys, inquiryId, until) {
          for (const key of keys) {
            const doc = (await deliveries.findOneAsync({ _id: key })) as DeliveryDoc | null;
            const expiresAt =
              doc && new Date(doc.expiresAt).getTime() > until.getTime() ? doc.expiresAt : until;
            await deliveries.updateAsync(
              { _id: key },
              { _id: key, inquiryId, expiresAt },
              { upsert: true },
            );
          }
          await fsyncFile(fileOf('deliveries'));
        },
      },
      cursors: {
        async get(key) {
          return (await cursors.findOneAsync({ _id: key })) as CursorDoc | null;
        },
        async set(cursor) {
          await durable(
            'intake-cursors',
            cursors.updateAsync({ _id: cursor._id }, cursor, { upsert: true }),
          );
        },
      },
      // Login counters are not synced to disk on each write: losing the last seconds of them in a
      // crash costs nothing, while a flood of refused logins would otherwise be a flood of fsyncs.
      loginAttempts: {
        async add(key, attempt, windowMs) {
          const { affectedDocuments } = await attempts.updateAsync(
            { _id: key },
            {
              $push: { attempts: { $each: [attempt], $slice: -MAX_KEPT_ATTEMPTS } },
              $max: { expiresAt: new Date(attempt.at.getTime() + windowMs) },
            },
            { upsert: true, returnUpdatedDocs: true },
          );
          return withinWindow(
            (affectedDocuments as LoginAttemptDoc | null)?.attempts,
            attempt.at,
            windowMs,
          );
        },
        async list(key, now, windowMs) {
          const doc = (await attempts.findOneAsync({ _id: key })) as LoginAttemptDoc | null;
          return withinWindow(doc?.attempts, now, windowMs);
        },
        async remove(key, id) {
          await attempts.updateAsync({ _id: key }, { $pull: { attempts: { id } } }, {});
        },
        async clear(key) {
          await attempts.removeAsync({ _id: key }, {});
        },
        removeExpired: (now) => attempts.removeAsync({ expiresAt: { $lte: now } }, { multi: true }),
      },
      keys: {
        async ensure(name, candidate) {
          const found = (await keys.findOneAsync({ _id: name })) as KeyDoc | null;
          if (found) return found.value;
          try {
            await durable('keys', keys.insertAsync({ _id: name, value: candidate }));
            return candidate;
          } catch (error) {
            if (!isUniqueViolation(error)) throw error;
            return ((await keys.findOneAsync({ _id: name })) as KeyDoc).value;
          }
        },
      },
      async ping() {
        if (closed) throw new Error('the embedded store is closed');
        await admins.countAsync({});
      },
      // One synchronous read of the three collections: no write can come in between. nedb
      // replaces documents on update rather than changing them, so these stay as read.
      snapshot: async () =>
        structuredClone({
          admins: admins.getAllData(),
          inquiries: inquiries.getAllData(),
          revisions: revisions.getAllData(),
          cursors: cursors.getAllData(),
          waitlists: waitlists.getAllData(),
          announcements: announcements.getAllData(),
          announcementMails: announcementMails.getAllData(),
        }),
      async isEmpty() {
        const counts = await Promise.all([
          admins.countAsync({}),
          inquiries.countAsync({}),
          revisions.countAsync({}),
        ]);
        return counts.every((n) => n === 0);
      },
      async replaceAll(snapshot) {
        const contents: [Datastore, object[]][] = [
          [admins as Datastore, snapshot.admins],
          [inquiries as Datastore, snapshot.inquiries],
          [revisions as Datastore, snapshot.revisions],
          [cursors as Datastore, snapshot.cursors],
          [waitlists as Datastore, snapshot.waitlists ?? []],
          [announcements as Datastore, snapshot.announcements ?? []],
          [announcementMails as Datastore, snapshot.announcementMails ?? []],
          [sessions as Datastore, []],
          [attempts as Datastore, []],
        ];
        for (const [db, docs] of contents) {
          await db.removeAsync({}, { multi: true });
          if (docs.length > 0) await db.insertAsync(docs);
          await purge(db);
        }
        index = new InquiryIndex(inquiries.getAllData());
      },
      async close() {
        closed = true;
        for (const db of dbs) db.stopAutocompaction();
        // A final compaction leaves each file with one line per document for the next start.
        for (const db of dbs) await db.compactDatafileAsync();
        heldLocks.delete(lockFile);
        await fs.rm(lockFile, { force: true });
      },
    };
  } catch (error) {
    for (const db of dbs) db.stopAutocompaction();
    heldLocks.delete(lockFile);
    await fs.rm(lockFile, { force: true });
    throw error;
  }
}
