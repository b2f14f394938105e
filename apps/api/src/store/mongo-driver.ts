// What the app asks of the MongoDB driver (mongodb 7.9) and how it reads the driver's errors.
// Option names and error codes were checked against the driver's own source
// (src/connection_string.ts, src/error.ts), not against older documentation.
import {
  type Document,
  MongoAPIError,
  MongoClient,
  type MongoClientOptions,
  MongoError,
  MongoErrorLabel,
  MongoNetworkError,
  MongoParseError,
  MongoServerError,
  MongoServerSelectionError,
} from 'mongodb';

/** How long a write waits for a majority of the replica set before it fails. */
const WRITE_TIMEOUT_MS = 10_000;

/**
 * How long an operation waits for a primary. An unplanned failover takes the secondaries'
 * election timeout (10 s by default) plus the election and the driver noticing the new primary,
 * typically 12 to 20 s: 30 s lets operations ride through one instead of failing.
 */
const SERVER_SELECTION_TIMEOUT_MS = 30_000;

/**
 * The client options. Each is passed under the same name a URI would use, because the driver
 * gives a client option precedence over the URI's option of that name: a URI carrying
 * `readPreference=secondaryPreferred`, `readConcernLevel=local`, `w=1`, `journal=false` or
 * `wtimeoutMS=0` cannot weaken them. (`timeoutMS` is ignored by this driver version, so the
 * time limit is `wtimeoutMS`.)
 */
const CLIENT_OPTIONS = {
  // A session created at login must be found by the next request: read where it was written.
  readPreference: 'primary',
  // Never show a write that a failover could roll back (a revision, an inquiry).
  readConcernLevel: 'majority',
  w: 'majority',
  journal: true,
  wtimeoutMS: WRITE_TIMEOUT_MS,
  serverSelectionTimeoutMS: SERVER_SELECTION_TIMEOUT_MS,
  appName: 'cedar-bluff-api',
} as const satisfies MongoClientOptions;

/** A start-up failure already phrased for the operator: one line, no secret. */
export class MongoStartupError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'MongoStartupError';
  }
}

/**
 * The client for `uri`, not yet connected. The deprecated spellings `j`, `fsync` and `wtimeout`
 * are separate options that the driver applies after ours, so they could still change the write
 * concern: such a URI is refused rather than obeyed.
 */
export function createMongoClient(uri: string): MongoClient {
  const client = new MongoClient(uri, CLIENT_OPTIONS);
  const wc = client.writeConcern;
  if (wc?.w !== 'majority' || wc.journal !== true || wc.wtimeoutMS !== WRITE_TIMEOUT_MS) {
    throw new MongoStartupError(
      'MONGODB_URI: remove its j, fsync or wtimeout option: these deprecated spellings override ' +
        `the write concern the app needs (w=majority, journal, ${WRITE_TIMEOUT_MS / 1000} s limit).`,
    );
  }
  return client;
}

const DEFAULT_DATABASE = 'cedar_bluff';
const SYSTEM_DATABASES = ['admin', 'local', 'config'];
const isSystemDatabase = (name: string) => SYSTEM_DATABASES.includes(name.toLowerCase());

/** Why MongoDB would refuse `name` as the app's database, or undefined when it is fine. */
export function databaseNameProblem(name: string): string | undefined {
  if (isSystemDatabase(name)) return "must not be admin, local or config (MongoDB's own databases)";
  if (/[/\\. "$*<>:|?\0]/.test(name)) return 'must not contain / \\ . space " $ * < > : | ?';
  if (name === '' || Buffer.byteLength(name) > 63) return 'must be 1 to 63 bytes long';
  return undefined;
}

// The parts of `mongodb[+srv]://[user[:password]@]hosts[/[database]][?options]`. Not `new URL`: a
// replica-set URI lists several hosts, which URL refuses. User and password cannot hold a raw
// `/`, `?` or `@` (the driver insists they are percent-encoded), so the hosts end at the first
// `/` or `?`, and the database at the `?`.
const URI_PARTS = /^mongodb(?:\+srv)?:\/\/(?:([^/?@]*)@)?([^/?]*)(?:\/([^?]*))?/;

// A malformed escape is left as it is, for the driver to refuse in its own words.
const decode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

const uriParts = (uri: string) => {
  const [, userinfo, hosts, path] = URI_PARTS.exec(uri) ?? [];
  const user = userinfo?.split(':')[0];
  return {
    user: user ? decode(user) : undefined,
    hosts: decode(hosts ?? ''),
    database: path ? decode(path) : undefined,
  };
};

/** The database named in the URI's path, if any (the driver's default auth database too). */
export const databaseInUri = (uri: string) => uriParts(uri).database;

/**
 * The app's database: `configured` (MONGODB_DB) when given, else the one the URI names, else
 * `cedar_bluff`. A URI naming `admin`, `local` or `config` (`…/admin` is a common way to say
 * where the user is defined) keeps that meaning for authentication only: the data never goes there.
 */
export function databaseFor(uri: string, configured?: string): string {
  const inUri = databaseInUri(uri);
  const name =
    configured ?? (inUri === undefined || isSystemDatabase(inUri) ? DEFAULT_DATABASE : inUri);
  const problem = databaseNameProblem(name);
  if (problem) {
    const source = configured === undefined ? 'MONGODB_URI names the database' : 'MONGODB_DB';
    throw new MongoStartupError(`${source} '${name}', which ${problem}.`);
  }
  return name;
}

/** The `hello` reply of a standalone server: no `setName`, and not a mongos (`isdbgrid`). */
export const isStandalone = (hello: Document) =>
  hello.setName === undefined && hello.msg !== 'isdbgrid';

// The driver's retryable-error codes (its RETRYABLE_WRITE_ERROR_CODES, from the retryable-writes
// specification): a primary stepping down or shutting down, or a network failure.
const RETRYABLE_CODES = new Set([
  6, // HostUnreachable
  7, // HostNotFound
  89, // NetworkTimeout
  91, // ShutdownInProgress
  134, // ReadConcernMajorityNotAvailableYet
  189, // PrimarySteppedDown
  262, // ExceededTimeLimit
  9001, // SocketException
  10107, // NotWritablePrimary
  11600, // InterruptedAtShutdown
  11602, // InterruptedDueToReplStateChange
  13435, // NotPrimaryNoSecondaryOk
  13436, // NotPrimaryOrSecondary
]);

/**
 * An error that a second attempt, on the primary the driver then selects, may not meet. A server
 * selection timeout is not one: it has already waited for a primary as long as we allow.
 */
export const isRetryable = (error: unknown) =>
  error instanceof MongoNetworkError ||
  (error instanceof MongoError &&
    !(error instanceof MongoServerSelectionError) &&
    (error.hasErrorLabel(MongoErrorLabel.RetryableWriteError) ||
      RETRYABLE_CODES.has(Number(error.code))));

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
const DNS_ERROR = /^query(Srv|Txt) /;

/**
 * A failure to open the store, as one line saying what is wrong and what to check, naming the
 * hosts and the user but never the password. The driver's error stays as the cause.
 */
export function startupError(error: unknown, uri: string, database: string): Error {
  if (error instanceof MongoStartupError) return error;
  const { hosts, user } = uriParts(uri);
  const who = user === undefined ? 'the user' : `the user '${user}'`;
  const detail = oneLine(error instanceof Error ? error.message : String(error));
  let message: string;
  if (error instanceof MongoServerSelectionError || DNS_ERROR.test(detail)) {
    message =
      `cannot reach a primary of the MongoDB cluster at ${hosts} (${detail}); check the host ` +
      "names, the network or firewall (or the cluster's IP access list) and the TLS options.";
  } else if (error instanceof MongoServerError && error.code === 18) {
    message =
      `the MongoDB cluster at ${hosts} refused ${who}: authentication failed; check the user ` +
      'name, the password (percent-encoded) and authSource (the database the user is defined in).';
  } else if (error instanceof MongoServerError && error.code === 13) {
    message =
      `${who} may not work in the database '${database}' (${error.codeName ?? 'Unauthorized'}); ` +
      'it needs the readWrite role on it.';
  } else if (error instanceof MongoServerError && error.code === 64) {
    message =
      `a majority of the replica set at ${hosts} did not confirm a write within ` +
      `${WRITE_TIMEOUT_MS / 1000} s; check that its data-bearing members are up and not lagging.`;
  } else if (
    error instanceof MongoParseError ||
    error instanceof MongoAPIError ||
    error instanceof URIError
  ) {
    // What the driver says of the URI when the client is built (URIError: a malformed escape).
    message = `the driver refuses it: ${detail}`;
  } else {
    const name = error instanceof Error ? error.name : 'Error';
    message = `opening the MongoDB store at ${hosts} failed: ${name}: ${detail}`;
  }
  return new MongoStartupError(`MONGODB_URI: ${message}`, { cause: error });
}

export const notReplicaSet = (uri: string) =>
  new MongoStartupError(
    `MONGODB_URI: ${uriParts(uri).hosts} is a standalone MongoDB server, not a replica set: ` +
      'majority writes need one (start mongod with --replSet and run rs.initiate() once, or use ' +
      'a managed cluster).',
  );
