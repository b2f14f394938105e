import { MongoClient, MongoServerError, MongoWriteConcernError } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../env';
import {
  createMongoClient,
  databaseFor,
  databaseInUri,
  isStandalone,
  MongoStartupError,
  notReplicaSet,
  startupError,
} from './mongo-driver';
import { openMongoStore } from './mongo';

// Nothing here connects to a MongoDB server: the driver builds clients without connecting, and
// the one real connection attempt goes to a closed port on this machine.

describe('the options handed to MongoClient', () => {
  it('reads from the primary at majority and writes w=majority with journal and a 10 s limit, whatever the URI asks', () => {
    const uris = [
      'mongodb://db-1:27017,db-2:27017/cedar?replicaSet=rs0',
      'mongodb://db-1:27017,db-2:27017/cedar?replicaSet=rs0&readPreference=secondaryPreferred&readConcernLevel=local&w=1',
      'mongodb+srv://app:secret@cluster0.ab1cd.mongodb.net/?retryWrites=true&w=1&journal=false&wtimeoutMS=0&readPreference=nearest&readConcernLevel=available&serverSelectionTimeoutMS=2000',
      'mongodb://db-1/cedar?replicaSet=rs0&readPreference=secondary&readPreferenceTags=dc:ny',
    ];
    for (const uri of uris) {
      const client = createMongoClient(uri);
      expect(client.readPreference.mode, uri).toBe('primary');
      expect(client.readConcern?.level, uri).toBe('majority');
      expect(client.writeConcern, uri).toMatchObject({
        w: 'majority',
        journal: true,
        wtimeoutMS: 10_000,
      });
      // Longer than an unplanned failover (about 12 to 20 s), so requests ride through one.
      expect(client.options.serverSelectionTimeoutMS, uri).toBe(30_000);
    }
  });

  it('refuses a URI whose deprecated j, fsync or wtimeout would override the write concern', async () => {
    for (const option of ['j=false', 'fsync=false', 'wtimeout=0']) {
      const uri = `mongodb://db-1,db-2/cedar?replicaSet=rs0&${option}`;
      expect(() => createMongoClient(uri), option).toThrow(MongoStartupError);
      await expect(openMongoStore(uri)).rejects.toThrow(
        /^MONGODB_URI: remove its j, fsync or wtimeout option/,
      );
    }
  });
});

describe('the database name', () => {
  // [URI, the database its path names, the database the app uses]
  const corpus: [string, string | undefined, string][] = [
    ['mongodb://localhost:27017', undefined, 'cedar_bluff'],
    ['mongodb://localhost:27017/', undefined, 'cedar_bluff'],
    ['mongodb://localhost/cedar', 'cedar', 'cedar'],
    [
      'mongodb://app:p%40ss%2Fw%3Frd@db-1.example.net:27017,db-2.example.net:27017,db-3.example.net:27017/cedar_bluff?replicaSet=rs0&authSource=admin',
      'cedar_bluff',
      'cedar_bluff',
    ],
    [
      'mongodb+srv://app:secret@cluster0.ab1cd.mongodb.net/kennel?retryWrites=true&w=majority&appName=Cluster0',
      'kennel',
      'kennel',
    ],
    [
      'mongodb+srv://app:secret@cluster0.ab1cd.mongodb.net/?retryWrites=true&w=majority&appName=Cluster0',
      undefined,
      'cedar_bluff',
    ],
    // Options with slashes, and no slash before the `?`: the old pattern read `etc/ssl/ca.pem`.
    ['mongodb://h1,h2?replicaSet=rs0&tlsCAFile=/etc/ssl/ca.pem', undefined, 'cedar_bluff'],
    [
      'mongodb://h1:27017,h2:27017/?replicaSet=rs0&tls=true&tlsCAFile=/etc/ssl/ca.pem&tlsCertificateKeyFile=/etc/ssl/client.pem',
      undefined,
      'cedar_bluff',
    ],
    ['mongodb://h1,h2/kennel?replicaSet=rs0&tlsCAFile=/etc/ssl/ca.pem', 'kennel', 'kennel'],
    // `/admin` says where the user is defined; the data never goes to a system database.
    ['mongodb://app:secret@h1:27017,h2:27017/admin?replicaSet=rs0', 'admin', 'cedar_bluff'],
    ['mongodb://h1/local', 'local', 'cedar_bluff'],
    ['mongodb://h1/Config', 'Config', 'cedar_bluff'],
    ['mongodb://h1/?authSource=admin', undefined, 'cedar_bluff'],
    ['mongodb://%2Ftmp%2Fmongodb-27017.sock/kennel', 'kennel', 'kennel'],
    ['mongodb://[::1]:27017,[::1]:27018/kennel?replicaSet=rs0', 'kennel', 'kennel'],
    ['mongodb://h1/cedar%2Dprod', 'cedar-prod', 'cedar-prod'],
  ];

  it('reads the database from the path of real URIs as the driver does, and uses it unless it is a system one', () => {
    for (const [uri, inUri, used] of corpus) {
      expect(databaseInUri(uri), uri).toBe(inUri);
      // The driver's own parse agrees (it says `test` when the URI names none).
      expect(new MongoClient(uri).options.dbName, uri).toBe(inUri ?? 'test');
      expect(databaseFor(uri), uri).toBe(used);
    }
  });

  it('takes MONGODB_DB over the URI, and refuses a name MongoDB or the app would not use', () => {
    expect(databaseFor('mongodb://h1/kennel', 'shop')).toBe('shop');
    expect(databaseFor('mongodb://app:pw@h1/admin', 'shop')).toBe('shop');
    expect(() => databaseFor('mongodb://h1/my.db')).toThrow(
      "MONGODB_URI names the database 'my.db', which must not contain",
    );
    expect(() => databaseFor('mongodb://h1/kennel', 'admin')).toThrow(
      "MONGODB_DB 'admin', which must not be admin, local or config",
    );

    const uri = 'mongodb://h1,h2/?replicaSet=rs0';
    expect(loadEnv({ MONGODB_URI: uri, MONGODB_DB: 'shop' }).MONGODB_DB).toBe('shop');
    for (const [name, reason] of [
      ['admin', 'must not be admin, local or config'],
      ['LOCAL', 'must not be admin, local or config'],
      ['cedar bluff', 'must not contain'],
      ['a/b', 'must not contain'],
      ['x'.repeat(64), 'must be 1 to 63 bytes long'],
    ]) {
      expect(() => loadEnv({ MONGODB_URI: uri, MONGODB_DB: name }), name).toThrow(
        `MONGODB_DB: ${reason}`,
      );
    }
    expect(() => loadEnv({ MONGODB_DB: 'shop' })).toThrow(
      'MONGODB_DB: is only used with MONGODB_URI',
    );
  });
});

describe('start-up errors', () => {
  const uri = 'mongodb://app:hunter2@127.0.0.1:9,127.0.0.1:10/?replicaSet=rs0';
  const expectOneLineWithoutPassword = (error: Error) => {
    expect(error).toBeInstanceOf(MongoStartupError);
    expect(error.message).not.toContain('\n');
    expect(error.message).not.toContain('hunter2');
    expect(error.message).toMatch(/^MONGODB_URI: /);
  };

  it('says the cluster cannot be reached, naming the hosts and the reason', async () => {
    // A real server selection failure: nothing listens on these ports.
    const client = new MongoClient(uri, { serverSelectionTimeoutMS: 300 });
    const driverError = await client.connect().then(
      () => new Error('connected to a closed port'),
      (error: Error) => error,
    );
    await client.close();
    const error = startupError(driverError, uri, 'cedar_bluff');
    expectOneLineWithoutPassword(error);
    expect(error.message).toMatch(
      /^MONGODB_URI: cannot reach a primary of the MongoDB cluster at 127\.0\.0\.1:9,127\.0\.0\.1:10 \(connect E[A-Z]+ /,
    );
    expect(error.cause).toBe(driverError);

    // An SRV name that does not resolve fails in DNS, before any server is tried.
    const srv = 'mongodb+srv://app:hunter2@cluster0.ab1cd.mongodb.net/';
    const dns = Object.assign(
      new Error('querySrv ENOTFOUND _mongodb._tcp.cluster0.ab1cd.mongodb.net'),
      {
        code: 'ENOTFOUND',
      },
    );
    expect(startupError(dns, srv, 'cedar_bluff').message).toMatch(
      /^MONGODB_URI: cannot reach a primary of the MongoDB cluster at cluster0\.ab1cd\.mongodb\.net \(querySrv ENOTFOUND/,
    );
  });

  it('says authentication failed, naming the user, not the password', () => {
    const driverError = new MongoServerError({
      ok: 0,
      code: 18,
      codeName: 'AuthenticationFailed',
      errmsg: 'Authentication failed.',
    });
    const error = startupError(driverError, uri, 'cedar_bluff');
    expectOneLineWithoutPassword(error);
    expect(error.message).toMatch(
      /^MONGODB_URI: the MongoDB cluster at 127\.0\.0\.1:9,127\.0\.0\.1:10 refused the user 'app': authentication failed; check .*authSource/,
    );
  });

  it('says which role is missing when the user may not use the database', () => {
    const driverError = new MongoServerError({
      ok: 0,
      code: 13,
      codeName: 'Unauthorized',
      errmsg: 'not authorized on cedar_bluff to execute command { createIndexes: "admins" }',
    });
    const error = startupError(driverError, uri, 'cedar_bluff');
    expectOneLineWithoutPassword(error);
    expect(error.message).toBe(
      "MONGODB_URI: the user 'app' may not work in the database 'cedar_bluff' (Unauthorized); it needs the readWrite role on it.",
    );
  });

  it('says a majority did not confirm in time', () => {
    const driverError = new MongoWriteConcernError({
      ok: 1,
      writeConcernError: {
        code: 64,
        codeName: 'WriteConcernTimeout',
        errmsg: 'waiting for replication timed out',
      },
    });
    const error = startupError(driverError, uri, 'cedar_bluff');
    expectOneLineWithoutPassword(error);
    expect(error.message).toBe(
      'MONGODB_URI: a majority of the replica set at 127.0.0.1:9,127.0.0.1:10 did not confirm a write within 10 s; check that its data-bearing members are up and not lagging.',
    );
  });

  it('says a standalone server is not a replica set', () => {
    const standalone = { isWritablePrimary: true, maxWireVersion: 21, ok: 1 };
    expect(isStandalone(standalone)).toBe(true);
    expect(isStandalone({ ...standalone, setName: 'rs0' })).toBe(false);
    expect(isStandalone({ ...standalone, msg: 'isdbgrid' })).toBe(false);
    const error = startupError(notReplicaSet(uri), uri, 'cedar_bluff');
    expectOneLineWithoutPassword(error);
    expect(error.message).toMatch(
      /^MONGODB_URI: 127\.0\.0\.1:9,127\.0\.0\.1:10 is a standalone MongoDB server, not a replica set: majority writes need one/,
    );
  });

  it("passes on in one line what the driver says of a URI it refuses, and the database name's problem", async () => {
    await expect(
      openMongoStore('mongodb://h1/?readPreference=secondary&maxStalenessSeconds=120'),
    ).rejects.toThrow(
      'MONGODB_URI: the driver refuses it: Primary read preference cannot be combined with maxStalenessSeconds',
    );
    await expect(openMongoStore('mongodb://h1/?replicaSet=rs0&colour=olive')).rejects.toThrow(
      'MONGODB_URI: the driver refuses it: option colour is not supported',
    );
    await expect(openMongoStore('mongodb://h1/my.db')).rejects.toThrow(
      "MONGODB_URI names the database 'my.db'",
    );
    await expect(openMongoStore('mongodb://h1/cedar%zz')).rejects.toThrow(
      /^MONGODB_URI: the driver refuses it: /,
    );
  });

  it('describes any other failure in one line with its name', () => {
    const error = startupError(new TypeError('first line\n    at somewhere'), uri, 'cedar_bluff');
    expectOneLineWithoutPassword(error);
    expect(error.message).toBe(
      'MONGODB_URI: opening the MongoDB store at 127.0.0.1:9,127.0.0.1:10 failed: TypeError: first line at somewhere',
    );
  });
});
