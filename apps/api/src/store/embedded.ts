import fs from 'node:fs/promises';
import path from 'node:path';
import Datastore from '@seald-io/nedb';
import type { Document, Filter, Sort } from 'mongodb';
import { makePrivate, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../lib/private-dir';
import { DUPLICATE_KEY, type StoreCollection, type StoreCursor } from './collection';
import type {
  AdminDoc,
  AnnouncementDoc,
  AnnouncementMailDoc,
  AuditDoc,
  DepositDoc,
  DepositAmountDoc,
  StripeEventDoc,
  ChallengeDoc,
  CursorDoc,
  FactorDoc,
  FamilyLinkDoc,
  InvitationDoc,
  LitterUpdateDoc,
  PasskeyDoc,
  DeliveryDoc,
  InquiryDoc,
  KeyDoc,
  LoginAttemptDoc,
  RevisionDoc,
  SessionDoc,
  WaitlistDoc,
} from './documents';
import { InquiryIndex } from './inquiry-index';
import { type Collections, storeOver } from './operations';
import type { Store } from './types';

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

/** nedb's unique-index error, as MongoDB's duplicate-key error (the operations know only that). */
class DuplicateKeyError extends Error {
  readonly code = DUPLICATE_KEY;
}

async function translated<R>(operation: Promise<R>): Promise<R> {
  try {
    return await operation;
  } catch (error) {
    const { errorType, message } = error as { errorType?: string; message?: string };
    if (errorType === 'uniqueViolated')
      throw new DuplicateKeyError(`E11000 ${message}`, { cause: error });
    throw error;
  }
}

interface NedbCollectionOptions<T> {
  /** The collection's file, fsynced after each write unless `sync` is false. */
  file: string;
  sync?: boolean;
  /** Rewrite the file after a delete, so that what was deleted is gone from the disk too. */
  purge?: boolean;
  /** Told of every document written and every id deleted (the inquiries' sorted copy). */
  changed?: { put(doc: T): void; delete(id: string): void };
}

/**
 * The collection calls of the operations (see collection.ts) over one nedb datastore: the filters
 * and updates go to nedb as they are, since it implements the same operators. What nedb does not
 * do is added here: a sort for findOneAndUpdate, MongoDB's answers and duplicate-key error, and
 * the fsync that makes an acknowledged write durable.
 */
function nedbCollection<T extends { _id: string }>(
  db: Datastore<T>,
  { file, sync = true, purge = false, changed }: NedbCollectionOptions<T>,
): StoreCollection<T> {
  const durable = async <R>(write: Promise<R>): Promise<R> => {
    const result = await translated(write);
    if (sync) await fsyncFile(file);
    return result;
  };
  // nedb answers with copies, as the driver does; its typings answer Document<T>.
  const find = (filter: Document, projection: Document = {}, sort?: Sort, limit?: number) => {
    let cursor = db.findAsync(filter, projection);
    if (sort) cursor = cursor.sort(sort);
    if (limit !== undefined) cursor = cursor.limit(limit);
    return cursor as unknown as Promise<T[]>;
  };
  const update = async (
    filter: Document,
    change: Document,
    options: { upsert?: boolean; multi?: boolean },
  ) => {
    const { numAffected, affectedDocuments, upsert } = await translated(
      db.updateAsync(filter, change, { ...options, returnUpdatedDocs: true }),
    );
    const docs = ([] as T[]).concat((affectedDocuments as T | T[] | null) ?? []);
    for (const doc of docs) changed?.put(doc);
    if (sync && numAffected > 0) await fsyncFile(file);
    return { matchedCount: upsert ? 0 : numAffected, docs };
  };
  // The ids first, so that the sorted copy loses exactly the documents the file does.
  const remove = async (filter: Document, limit?: number) => {
    const ids = (await find(filter, { _id: 1 }, undefined, limit)).map((d) => d._id);
    const deletedCount =
      ids.length === 0
        ? 0
        : await translated(db.removeAsync({ _id: { $in: ids } }, { multi: true }));
    for (const id of ids) changed?.delete(id);
    // Emptying a collection (a restore) leaves nothing of it on disk, earlier deletes included.
    if (Object.keys(filter).length === 0 || (purge && deletedCount > 0))
      await db.compactDatafileAsync();
    else if (sync && deletedCount > 0) await fsyncFile(file);
    return { deletedCount };
  };
  const cursor = (filter: Filter<T>, projection?: Document): StoreCursor<T> => {
    let sort: Sort | undefined;
    let limit: number | undefined;
    const self: StoreCursor<T> = {
      sort(by) {
        sort = by;
        return self;
      },
      limit(n) {
        limit = n;
        return self;
      },
      toArray: () => find(filter, projection, sort, limit),
    };
    return self;
  };

  return {
    find: (filter, options) => cursor(filter, options?.projection),
    async findOne(filter, options) {
      const [doc] = await find(filter, options?.projection, options?.sort, 1);
      return doc ?? null;
    },
    countDocuments: (filter = {}) => db.countAsync(filter) as unknown as Promise<number>,
    async insertOne(doc) {
      const inserted = (await durable(db.insertAsync(doc))) as T;
      changed?.put(inserted);
    },
    async insertMany(docs) {
      // nedb inserts all or none.
      const inserted = (await durable(db.insertAsync(docs))) as T[];
      for (const doc of inserted) changed?.put(doc);
    },
    updateOne: (filter, change, options) => update(filter, change, { upsert: options?.upsert }),
    updateMany: (filter, change) => update(filter, change, { multi: true }),
    replaceOne: (filter, doc, options) => update(filter, doc, { upsert: options?.upsert }),
    async findOneAndUpdate(filter, change, { sort, upsert }) {
      // nedb updates the first match in its own order: with a sort, the first in that order,
      // found and then updated if it still matches (another claim may have come in between).
      for (;;) {
        const [first] = sort ? await find(filter, { _id: 1 }, sort, 1) : [];
        if (sort && !first) return null;
        const target = first ? { $and: [filter, { _id: first._id }] } : filter;
        const { docs, matchedCount } = await update(target, change, { upsert });
        if (!first || matchedCount > 0) return docs[0] ?? null;
      }
    },
    deleteOne: (filter) => remove(filter, 1),
    deleteMany: (filter) => remove(filter),
  };
}

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

  const dbs: Datastore[] = [];
  const open = async <T extends { _id: string }>(
    name: string,
    options: Omit<NedbCollectionOptions<T>, 'file'> = {},
  ) => {
    const file = path.join(dataDir, `${name}.db`);
    const db = new Datastore<T>({ filename: file, autoload: true, modes: NEDB_MODES });
    dbs.push(db as Datastore);
    await db.autoloadPromise;
    db.setAutocompactionInterval(compactionIntervalMs);
    return { db, collection: nedbCollection(db, { file, ...options }) };
  };
  const compactionIntervalMs = options.compactionIntervalMs ?? 60 * 60_000;

  try {
    const admins = await open<AdminDoc>('admins');
    const sessions = await open<SessionDoc>('sessions');
    // The inbox reads from a sorted copy of the inquiries in memory, kept by every write.
    let index = new InquiryIndex([]);
    const inquiries = await open<InquiryDoc>('inquiries', {
      purge: true,
      changed: { put: (doc) => index.put(doc), delete: (id) => index.delete(id) },
    });
    index = new InquiryIndex(inquiries.db.getAllData());
    const revisions = await open<RevisionDoc>('revisions');
    // Login counters are not synced to disk on each write: losing the last seconds of them in a
    // crash costs nothing, while a flood of refused logins would otherwise be a flood of fsyncs.
    const attempts = await open<LoginAttemptDoc>('login-attempts', { sync: false });
    const keys = await open<KeyDoc>('keys');
    const cursors = await open<CursorDoc>('intake-cursors');
    const deliveries = await open<DeliveryDoc>('deliveries');
    const waitlists = await open<WaitlistDoc>('waitlists');
    const announcements = await open<AnnouncementDoc>('announcements');
    const announcementMails = await open<AnnouncementMailDoc>('announcement-mails');
    const passkeys = await open<PasskeyDoc>('passkeys');
    const factors = await open<FactorDoc>('factors');
    const challenges = await open<ChallengeDoc>('challenges');
    // Issue 39.
    const invitations = await open<InvitationDoc>('invitations');
    const audit = await open<AuditDoc>('audit');
    // Issue 40.
    const deposits = await open<DepositDoc>('deposits');
    const depositAmounts = await open<DepositAmountDoc>('deposit-amounts');
    const stripeEvents = await open<StripeEventDoc>('stripe-events');
    const familyLinks = await open<FamilyLinkDoc>('family-links');
    const litterUpdates = await open<LitterUpdateDoc>('litter-updates');

    await admins.db.ensureIndexAsync({ fieldName: 'username', unique: true });
    await sessions.db.ensureIndexAsync({ fieldName: 'username' });
    await sessions.db.ensureIndexAsync({ fieldName: 'expiresAt', expireAfterSeconds: 0 });
    await inquiries.db.ensureIndexAsync({ fieldName: 'createdAt' });
    await inquiries.db.ensureIndexAsync({ fieldName: 'deliveryId', unique: true, sparse: true });
    // The outbox's looks find the few e-mails waiting among every inquiry without a scan.
    await inquiries.db.ensureIndexAsync({ fieldName: 'mail.state', sparse: true });
    await revisions.db.ensureIndexAsync({ fieldName: 'path' });
    await attempts.db.ensureIndexAsync({ fieldName: 'expiresAt', expireAfterSeconds: 0 });
    await deliveries.db.ensureIndexAsync({ fieldName: 'expiresAt', expireAfterSeconds: 0 });
    await announcementMails.db.ensureIndexAsync({ fieldName: 'state' });
    await passkeys.db.ensureIndexAsync({ fieldName: 'username' });
    await challenges.db.ensureIndexAsync({ fieldName: 'expiresAt', expireAfterSeconds: 0 });
    await invitations.db.ensureIndexAsync({ fieldName: 'expiresAt', expireAfterSeconds: 0 });
    await audit.db.ensureIndexAsync({ fieldName: 'expiresAt', expireAfterSeconds: 0 });
    await audit.db.ensureIndexAsync({ fieldName: 'username' });
    await deposits.db.ensureIndexAsync({ fieldName: 'paymentIntentId', sparse: true });
    await stripeEvents.db.ensureIndexAsync({ fieldName: 'paymentIntentId', sparse: true });
    await familyLinks.db.ensureIndexAsync({ fieldName: 'entryId', unique: true });
    await litterUpdates.db.ensureIndexAsync({ fieldName: 'litterId' });

    const collections: Collections = {
      admins: admins.collection,
      sessions: sessions.collection,
      inquiries: inquiries.collection,
      revisions: revisions.collection,
      loginAttempts: attempts.collection,
      keys: keys.collection,
      cursors: cursors.collection,
      deliveries: deliveries.collection,
      waitlists: waitlists.collection,
      announcements: announcements.collection,
      announcementMails: announcementMails.collection,
      passkeys: passkeys.collection,
      factors: factors.collection,
      challenges: challenges.collection,
      invitations: invitations.collection,
      audit: audit.collection,
      deposits: deposits.collection,
      depositAmounts: depositAmounts.collection,
      stripeEvents: stripeEvents.collection,
      familyLinks: familyLinks.collection,
      litterUpdates: litterUpdates.collection,
    };
    let closed = false;

    return await storeOver({
      kind: 'embedded',
      collections,
      inquiryReads: {
        list: async () => index.all(),
        page: async (filter, options) => index.page(filter, options),
        arrivedSince: async (filter, since, limit) => index.arrivedSince(filter, since, limit),
        stats: async (now, since) => index.stats(now, since),
      },
      idempotent: (operation) => operation(),
      async ping() {
        if (closed) throw new Error('the embedded store is closed');
        await admins.db.countAsync({});
      },
      // One synchronous read of the collections: no write can come in between. nedb replaces
      // documents on update rather than changing them, so these stay as read.
      snapshot: async () =>
        structuredClone({
          admins: admins.db.getAllData(),
          inquiries: inquiries.db.getAllData(),
          revisions: revisions.db.getAllData(),
          cursors: cursors.db.getAllData(),
          waitlists: waitlists.db.getAllData(),
          announcements: announcements.db.getAllData(),
          announcementMails: announcementMails.db.getAllData(),
          passkeys: passkeys.db.getAllData(),
          factors: factors.db.getAllData(),
          audit: audit.db.getAllData(),
          deposits: deposits.db.getAllData(),
          depositAmounts: depositAmounts.db.getAllData(),
          stripeEvents: stripeEvents.db.getAllData(),
          familyLinks: familyLinks.db.getAllData(),
          litterUpdates: litterUpdates.db.getAllData(),
        }),
      async close() {
        closed = true;
        for (const db of dbs) db.stopAutocompaction();
        // A final compaction leaves each file with one line per document for the next start.
        for (const db of dbs) await db.compactDatafileAsync();
        heldLocks.delete(lockFile);
        await fs.rm(lockFile, { force: true });
      },
    });
  } catch (error) {
    for (const db of dbs) db.stopAutocompaction();
    heldLocks.delete(lockFile);
    await fs.rm(lockFile, { force: true });
    throw error;
  }
}
