import type { Document } from 'mongodb';
import { afterEach, describe, expect, it } from 'vitest';
import {
  commandName,
  type FakeMongoServer,
  primaryHello,
  startFakeMongoServer,
} from '../test/fake-mongo-server';
import { openMongoStore } from './mongo';

// openMongoStore through the real driver, against a fake server on loopback that records every
// command: what reaches the wire, and what start-up says when the server is not what we need.

let server: FakeMongoServer;
afterEach(async () => {
  await server.close();
});

const sent = (name: string) => server.commands.filter((c) => commandName(c) === name);
const error = (code: number, codeName: string, errmsg: string) => ({
  ok: 0,
  code,
  codeName,
  errmsg,
});
const allClosed = async () => {
  // The driver closes its sockets asynchronously after close() resolves.
  await expect.poll(() => server.openConnections(), { timeout: 5000 }).toBe(0);
};

describe('openMongoStore on the wire', () => {
  it('sends majority writes with a time limit and majority reads to the primary, whatever the URI asks', async () => {
    server = await startFakeMongoServer((command) =>
      commandName(command) === 'find'
        ? { ok: 1, cursor: { id: 0n, ns: 'cedar_bluff.inquiries', firstBatch: [] } }
        : undefined,
    );
    const store = await openMongoStore(
      server.uri(
        '/?replicaSet=rs0&w=1&journal=false&wtimeoutMS=0&readConcernLevel=local&readPreference=secondaryPreferred',
      ),
    );
    const majority = { w: 'majority', j: true, wtimeout: 10_000 };

    const indexes = sent('createindexes');
    expect(indexes.map((c) => c.createIndexes).sort()).toEqual([
      'admins',
      'announcement_mails',
      'announcements',
      'audit_log',
      'challenges',
      'deliveries',
      'deposits',
      'family_links',
      'inquiries',
      'invitations',
      'litter_updates',
      'login_attempts',
      'passkeys',
      'revisions',
      'sessions',
      'stripe_events',
    ]);
    for (const command of indexes) {
      expect(command).toMatchObject({ $db: 'cedar_bluff', writeConcern: majority });
    }

    await store.sessions.create({
      tokenHash: 'a'.repeat(64),
      username: 'owner',
      createdAt: new Date(),
      lastSeenAt: new Date(),
      expiresAt: new Date(),
      idleExpiresAt: new Date(),
    });
    expect(sent('insert')).toEqual([
      expect.objectContaining({ insert: 'sessions', writeConcern: majority }),
    ]);

    expect(await store.inquiries.list()).toEqual([]);
    const [find] = sent('find') as [Document];
    expect(find).toMatchObject({ find: 'inquiries', readConcern: { level: 'majority' } });
    // Reads on a replica set's primary carry no read preference; any other mode would say so.
    expect(find).not.toHaveProperty('$readPreference');

    await store.close();
    await allClosed();
  });

  it('uses MONGODB_DB and the collection prefix', async () => {
    server = await startFakeMongoServer();
    const store = await openMongoStore(server.uri('/admin?replicaSet=rs0'), {
      dbName: 'kennel',
      collectionPrefix: 'cedar_test_x_',
    });
    for (const command of sent('createindexes')) {
      expect(command.$db).toBe('kennel');
      expect(command.createIndexes).toMatch(/^cedar_test_x_/);
    }
    await store.close();
  });

  it('deletes a user’s sessions again after a step-down, which the driver itself never retries', async () => {
    let deletes = 0;
    server = await startFakeMongoServer((command) => {
      if (commandName(command) !== 'delete') return undefined;
      return ++deletes === 1
        ? error(11602, 'InterruptedDueToReplStateChange', 'operation was interrupted')
        : { ok: 1, n: 2 };
    });
    const store = await openMongoStore(server.uri('/?replicaSet=rs0'));
    expect(await store.sessions.revokeAllFor('owner')).toBe(2);
    expect(sent('delete')).toHaveLength(2);
    expect(sent('delete')[1]).toMatchObject({
      delete: 'sessions',
      deletes: [{ q: { username: 'owner' }, limit: 0 }],
    });
    await store.close();
  });

  it('refuses a standalone server in one line and closes its client', async () => {
    server = await startFakeMongoServer((command, host) => {
      if (!['hello', 'ismaster'].includes(commandName(command))) return undefined;
      const {
        setName: _s,
        setVersion: _v,
        electionId: _e,
        hosts: _h,
        primary: _p,
        me: _m,
        ...standalone
      } = primaryHello(host);
      return standalone;
    });
    await expect(openMongoStore(server.uri('/'))).rejects.toThrow(
      /^MONGODB_URI: 127\.0\.0\.1:\d+ is a standalone MongoDB server, not a replica set/,
    );
    expect(sent('createindexes')).toEqual([]);
    await allClosed();
  });

  it('says authentication failed in one line, without the password, and closes its client', async () => {
    server = await startFakeMongoServer((command) =>
      commandName(command) === 'saslstart'
        ? error(18, 'AuthenticationFailed', 'Authentication failed.')
        : undefined,
    );
    const failure = await openMongoStore(server.uri('/?replicaSet=rs0', 'app:hunter2@')).catch(
      (e: Error) => e,
    );
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toMatch(
      /^MONGODB_URI: the MongoDB cluster at 127\.0\.0\.1:\d+ refused the user 'app': authentication failed;/,
    );
    expect((failure as Error).message).not.toMatch(/hunter2|\n/);
    await allClosed();
  });

  it('says which role a user without rights on the database lacks, and closes its client', async () => {
    server = await startFakeMongoServer((command) =>
      commandName(command) === 'createindexes'
        ? error(13, 'Unauthorized', 'not authorized on cedar_bluff to execute command')
        : undefined,
    );
    // (No user in this URI: the fake server cannot complete a real sign-in.)
    await expect(openMongoStore(server.uri('/?replicaSet=rs0'))).rejects.toThrow(
      "MONGODB_URI: the user may not work in the database 'cedar_bluff' (Unauthorized); it needs the readWrite role on it.",
    );
    await allClosed();
  });
});
