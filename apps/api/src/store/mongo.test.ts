import {
  type Db,
  MongoNetworkError,
  MongoServerError,
  MongoServerSelectionError,
  MongoWriteConcernError,
} from 'mongodb';
import { describe, expect, it, vi } from 'vitest';
import { MAX_KEPT_ATTEMPTS } from './documents';
import { inquiryQuery, mongoStore } from './mongo';

// The MongoDB store on fake collections: what it asks of the driver, and what it does when the
// driver fails. The contract suite checks the answers against a real server.

type FakeCollection = {
  createIndexes: ReturnType<typeof vi.fn>;
  deleteMany: ReturnType<typeof vi.fn>;
  findOneAndUpdate: ReturnType<typeof vi.fn>;
  updateMany: ReturnType<typeof vi.fn>;
};

function fakeDb() {
  const collections = new Map<string, FakeCollection>();
  const db = {
    collection(name: string) {
      let collection = collections.get(name);
      if (!collection) {
        collection = {
          createIndexes: vi.fn(async () => []),
          deleteMany: vi.fn(async () => ({ acknowledged: true, deletedCount: 0 })),
          findOneAndUpdate: vi.fn(async () => null),
          updateMany: vi.fn(async () => ({ acknowledged: true, modifiedCount: 0 })),
        };
        collections.set(name, collection);
      }
      return collection;
    },
  };
  return { db: db as unknown as Db, collection: (name: string) => db.collection(name) };
}

const stepDown = () =>
  new MongoServerError({
    ok: 0,
    code: 11602,
    codeName: 'InterruptedDueToReplStateChange',
    errmsg: 'operation was interrupted because a replica set state change occurred',
  });

describe('MongoDB store on fake collections', () => {
  it('creates the indexes with one createIndexes call per collection, under the prefix', async () => {
    const { db, collection } = fakeDb();
    await mongoStore(db, 'cedar_test_1_', async () => {});
    const names = (call: unknown[]) => (call[0] as { name: string }[]).map((index) => index.name);
    const expected = {
      admins: ['username_unique'],
      sessions: ['expires_ttl', 'username'],
      inquiries: [
        'created_at',
        'status_created_at',
        'color_created_at',
        'delivery_unique',
        'received_at',
        'mail_due',
      ],
      revisions: ['path_saved_at'],
      login_attempts: ['expires_ttl'],
    };
    for (const [name, indexes] of Object.entries(expected)) {
      const { createIndexes } = collection(`cedar_test_1_${name}`);
      expect(createIndexes, name).toHaveBeenCalledTimes(1);
      expect(names(createIndexes.mock.calls[0]!), name).toEqual(indexes);
    }
    expect(collection('cedar_test_1_admins').createIndexes.mock.calls[0]![0]).toEqual([
      { key: { username: 1 }, name: 'username_unique', unique: true },
    ]);
    expect(collection('cedar_test_1_sessions').createIndexes.mock.calls[0]![0][0]).toEqual({
      key: { expiresAt: 1 },
      name: 'expires_ttl',
      expireAfterSeconds: 0,
    });
  });

  it('builds the indexes again when a step-down interrupts them at start-up', async () => {
    const { db, collection } = fakeDb();
    collection('sessions').createIndexes.mockRejectedValueOnce(stepDown());
    await mongoStore(db, '', async () => {});
    expect(collection('sessions').createIndexes).toHaveBeenCalledTimes(2);
  });

  it('deletes a user’s sessions and the expired ones again after a step-down or a network error', async () => {
    const retryable = [
      stepDown(),
      new MongoServerError({
        ok: 0,
        code: 10107,
        codeName: 'NotWritablePrimary',
        errmsg: 'not primary',
      }),
      new MongoServerError({
        ok: 0,
        code: 189,
        codeName: 'PrimarySteppedDown',
        errmsg: 'stepped down',
      }),
      new MongoServerError({
        ok: 0,
        code: 91,
        codeName: 'ShutdownInProgress',
        errmsg: 'shutting down',
      }),
      new MongoServerError({
        ok: 0,
        code: 1,
        errmsg: 'labelled',
        errorLabels: ['RetryableWriteError'],
      }),
      new MongoWriteConcernError({
        ok: 1,
        writeConcernError: { code: 91, codeName: 'ShutdownInProgress', errmsg: 'shutting down' },
      }),
      new MongoNetworkError('connection 3 to 10.0.0.1:27017 closed'),
    ];
    for (const error of retryable) {
      const { db, collection } = fakeDb();
      const store = await mongoStore(db, '', async () => {});
      const { deleteMany } = collection('sessions');
      deleteMany
        .mockRejectedValueOnce(error)
        .mockResolvedValueOnce({ acknowledged: true, deletedCount: 2 });
      expect(await store.sessions.revokeAllFor('owner'), error.message).toBe(2);
      expect(deleteMany.mock.calls, error.message).toEqual([
        [{ username: 'owner' }],
        [{ username: 'owner' }],
      ]);

      deleteMany
        .mockRejectedValueOnce(error)
        .mockResolvedValueOnce({ acknowledged: true, deletedCount: 3 });
      expect(await store.sessions.removeExpired(new Date()), error.message).toBe(3);
      expect(deleteMany, error.message).toHaveBeenCalledTimes(4);
    }
  });

  it('does not repeat a delete that failed for a reason a second attempt cannot fix, nor a third time', async () => {
    const final = [
      // The majority did not confirm in time: a second try would wait as long again.
      new MongoWriteConcernError({
        ok: 1,
        writeConcernError: {
          code: 64,
          codeName: 'WriteConcernTimeout',
          errmsg: 'waiting for replication timed out',
        },
      }),
      new MongoServerError({ ok: 0, code: 13, codeName: 'Unauthorized', errmsg: 'not authorized' }),
      // Server selection has already waited for a primary as long as allowed.
      new MongoServerSelectionError('Server selection timed out after 30000 ms', {
        type: 'ReplicaSetNoPrimary',
        servers: new Map(),
      } as unknown as ConstructorParameters<typeof MongoServerSelectionError>[1]),
    ];
    for (const error of final) {
      const { db, collection } = fakeDb();
      const store = await mongoStore(db, '', async () => {});
      collection('sessions').deleteMany.mockRejectedValueOnce(error);
      await expect(store.sessions.revokeAllFor('owner')).rejects.toBe(error);
      expect(collection('sessions').deleteMany).toHaveBeenCalledTimes(1);
    }

    const { db, collection } = fakeDb();
    const store = await mongoStore(db, '', async () => {});
    const second = stepDown();
    collection('sessions')
      .deleteMany.mockRejectedValueOnce(stepDown())
      .mockRejectedValueOnce(second);
    await expect(store.sessions.revokeAllFor('owner')).rejects.toBe(second);
    expect(collection('sessions').deleteMany).toHaveBeenCalledTimes(2);
  });

  it('only ever moves a login counter’s expiry later ($max), so a slow clock cannot shorten it', async () => {
    const { db, collection } = fakeDb();
    const store = await mongoStore(db, '', async () => {});
    const window = 15 * 60_000;
    const at = new Date('2025-10-01T12:00:00Z');
    const attempt = { id: 'a1', at };
    await store.loginAttempts.add('pair|1.2.3.4|owner', attempt, window);
    expect(collection('login_attempts').findOneAndUpdate).toHaveBeenCalledWith(
      { _id: 'pair|1.2.3.4|owner' },
      {
        $push: { attempts: { $each: [attempt], $slice: -MAX_KEPT_ATTEMPTS } },
        $max: { expiresAt: new Date(at.getTime() + window) },
      },
      { upsert: true, returnDocument: 'after' },
    );
  });

  it('claims an e-mail of the outbox in one findOneAndUpdate: due or its claim run out, soonest first', async () => {
    const { db, collection } = fakeDb();
    const store = await mongoStore(db, '', async () => {});
    const now = new Date('2025-10-01T12:00:00Z');
    const until = new Date(now.getTime() + 120_000);
    expect(await store.outbox.claim(now, until, 'claim-1')).toBeNull();
    expect(collection('inquiries').findOneAndUpdate).toHaveBeenCalledWith(
      { 'mail.state': { $in: ['pending', 'sending'] }, 'mail.nextAttemptAt': { $lte: now } },
      {
        $set: { 'mail.state': 'sending', 'mail.nextAttemptAt': until, 'mail.claimId': 'claim-1' },
        $inc: { 'mail.attempts': 1 },
      },
      { sort: { 'mail.nextAttemptAt': 1 }, returnDocument: 'after' },
    );
  });

  it('marks inquiries stored before the inbox existed as new, once at open', async () => {
    const { db, collection } = fakeDb();
    await mongoStore(db, '', async () => {});
    expect(collection('inquiries').updateMany).toHaveBeenCalledWith(
      { status: { $exists: false } },
      { $set: { status: 'new' } },
    );
  });
});

describe('the inbox filters as a MongoDB query', () => {
  it('matches status and colour exactly, and searches as the embedded store does', () => {
    expect(inquiryQuery({})).toEqual({});
    expect(inquiryQuery({ status: 'waitlist', color: 'fox-red' })).toEqual({
      status: 'waitlist',
      preferredColor: 'fox-red',
    });
    const name = (pattern: string) => ({
      $expr: {
        $regexMatch: {
          input: { $concat: ['$firstName', ' ', '$lastName'] },
          regex: pattern,
          options: 'i',
        },
      },
    });
    // Letters: name and e-mail, with regex characters taken literally.
    expect(inquiryQuery({ q: ' Ada.L* ' })).toEqual({
      $or: [name('ada\\.l\\*'), { email: { $regex: 'ada\\.l\\*', $options: 'i' } }],
    });
    // A phone number, however written: its digits with anything between them.
    expect(inquiryQuery({ q: '(518) 555-01' }).$or).toContainEqual({
      phone: { $regex: '5\\D*1\\D*8\\D*5\\D*5\\D*5\\D*0\\D*1' },
    });
  });
});
