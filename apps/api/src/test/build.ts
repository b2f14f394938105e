import fs from 'node:fs/promises';
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { EDITABLE_FILES, LITTERS_FILE } from '@cedar/api-contract';
import { type SourceSnapshot, writeBuildInfo } from '@cedar/build-info';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../app';
import { findRepoRoot } from '../lib/repo-root';
import { type Env, loadEnv } from '../env';
import type { Builder } from '../publish/publisher';

/** The app's plugins' decorations a test reaches into (the store, the publisher, the clock...). */
type Services = Pick<
  FastifyInstance,
  | 'env'
  | 'clock'
  | 'store'
  | 'sessions'
  | 'limiter'
  | 'passwordChecks'
  | 'files'
  | 'publisher'
  | 'cookieName'
  | 'devices'
  | 'deviceCookieName'
  | 'intake'
  | 'hubspot'
  | 'outbox'
  | 'audit'
>;

export const OWNER = { username: 'owner', password: 'kennel-ledger-harbor-42' } as const;

/** A clock the test moves by hand. */
export class FakeClock {
  private ms: number;
  constructor(start: Date = new Date()) {
    this.ms = start.getTime();
  }
  readonly now = () => new Date(this.ms);
  advance(ms: number) {
    this.ms += ms;
  }
}

export interface TestApp {
  app: FastifyInstance;
  env: Env;
  services: Services;
  clock: FakeClock;
  /** A temp copy of the repository: the seven section files and a package.json outside them. */
  repoRoot: string;
  dataDir: string;
  /** Its MongoDB collections' prefix, when it is on MongoDB (pass it with dataDir to reopen). */
  mongoPrefix?: string;
  /** Closes the app and builds a new one on the same folders and clock (a restart). */
  restart(env?: Record<string, string>): Promise<TestApp>;
  /** Closes the app and removes its folders. */
  close(): Promise<void>;
}

export interface BuildTestOptions {
  env?: Record<string, string>;
  builder?: Builder;
  clock?: FakeClock;
  /** Serve a fake web build from this folder (see writeFakeBuild). */
  webDist?: string;
  repoRoot?: string;
  dataDir?: string;
  /** Receives the log lines (set env.LOG_LEVEL too: tests log nothing by default). */
  logStream?: { write(line: string): void };
  prettyLogs?: boolean;
  passwordChecks?: BuildOptions['passwordChecks'];
  sandbox?: BuildOptions['sandbox'];
  intake?: BuildOptions['intake'];
  /**
   * `embedded` for a test about the embedded engine's own files (a copied DATA_DIR, a lock). By
   * default an app is on MongoDB when the test process has MONGODB_URI (CI's MongoDB job), in
   * collections of its own, dropped at close; else on the embedded store in a temp folder.
   */
  engine?: 'embedded';
  /** The prefix of the MongoDB collections to reopen (with dataDir: a restart's). */
  mongoPrefix?: string;
  onRoute?: BuildOptions['onRoute'];
  /** Where Stripe's API answers (a stand-in: test/stripe-stand-in.ts). */
  stripeApi?: BuildOptions['stripeApi'];
}

/** The MongoDB the tests run on, when the run has one: see build()'s `engine`. */
const TEST_MONGODB_URI = process.env.MONGODB_URI || undefined;

/**
 * A prefix the store contract suite's sweep knows (`cedar_test_<base-36 start time>_`), so the
 * collections of a killed run go with its next run, in the database the app would use: the test
 * user needs readWrite on it, nothing more.
 */
const mongoPrefix = () =>
  `cedar_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}_`;

/** Drops the collections of a test app on MongoDB. */
async function dropMongoCollections(env: Env, prefix: string) {
  const [{ MongoClient }, { databaseFor }] = await Promise.all([
    import('mongodb'),
    import('../store/mongo-driver'),
  ]);
  const client = new MongoClient(env.MONGODB_URI!);
  try {
    const db = client.db(databaseFor(env.MONGODB_URI!, env.MONGODB_DB));
    const names = await db
      .listCollections({ name: { $regex: `^${prefix}` } }, { nameOnly: true })
      .toArray();
    await Promise.all(names.map(({ name }) => db.dropCollection(name)));
  } finally {
    await client.close();
  }
}

export const SENTINEL = '{ "name": "outside-the-editable-files" }\n';

/** `hero-section.tsx` -> `HeroSection`, the component each section file exports. */
export const componentOf = (file: string) =>
  path
    .basename(file, '.tsx')
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');

/**
 * A stand-in for the repository: the seven section files (small stubs), the litters' data file,
 * and files outside them.
 */
export async function makeRepoCopy(): Promise<string> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'cedar-repo-'));
  for (const { path: file, name } of EDITABLE_FILES) {
    const target = path.join(root, file);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.writeFile(
      target,
      `// ${name}\nexport function ${componentOf(file)}() {\n  return <section>${name}</section>;\n}\n`,
    );
  }
  // The litters' data file as the repository has it.
  const litters = path.join(root, LITTERS_FILE);
  await fs.mkdir(path.dirname(litters), { recursive: true });
  await fs.copyFile(path.join(findRepoRoot()!, LITTERS_FILE), litters);
  await fs.writeFile(path.join(root, 'package.json'), SENTINEL);
  await fs.writeFile(path.join(root, 'apps/web/package.json'), SENTINEL);
  return root;
}

/**
 * The app on a real store (the embedded one in a temp folder, or MongoDB: see `engine`), with a
 * temp copy of the section files, publishing off unless a builder is given, and the owner admin
 * created.
 */
export async function build(options: BuildTestOptions = {}): Promise<TestApp> {
  const repoRoot = options.repoRoot ?? (await makeRepoCopy());
  const dataDir = options.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'cedar-data-')));
  const clock = options.clock ?? new FakeClock();
  // A test that brings its own DATA_DIR means the embedded engine's files (a restart brings its
  // MongoDB collections' prefix along with the folder).
  const embedded = options.engine === 'embedded' || (options.dataDir && !options.mongoPrefix);
  const mongoUri = embedded ? undefined : TEST_MONGODB_URI;
  const prefix = mongoUri ? (options.mongoPrefix ?? mongoPrefix()) : undefined;
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    REPO_ROOT: repoRoot,
    PUBLISH: options.builder ? 'auto' : 'off',
    ADMIN_USERNAME: OWNER.username,
    ADMIN_PASSWORD: OWNER.password,
    ...(mongoUri ? { MONGODB_URI: mongoUri } : {}),
    ...(options.webDist ? { WEB_DIST: options.webDist } : {}),
    ...options.env,
  });
  const app = await buildApp({
    env,
    clock: clock.now,
    builder: options.builder,
    logStream: options.logStream,
    prettyLogs: options.prettyLogs,
    passwordChecks: options.passwordChecks,
    sandbox: options.sandbox,
    intake: options.intake,
    collectionPrefix: prefix,
    onRoute: options.onRoute,
    stripeApi: options.stripeApi,
  });
  const testApp: TestApp = {
    app,
    env,
    services: app,
    clock,
    repoRoot,
    dataDir,
    ...(prefix ? { mongoPrefix: prefix } : {}),
    async restart(envChanges = {}) {
      await app.close();
      return build({
        ...options,
        env: { ...options.env, ...envChanges },
        repoRoot,
        dataDir,
        ...(prefix ? { mongoPrefix: prefix } : {}),
        clock,
      });
    },
    async close() {
      await app.close();
      if (prefix) await dropMongoCollections(env, prefix);
      await fs.rm(repoRoot, { recursive: true, force: true });
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
  return testApp;
}

export interface LoggedIn {
  /** The login answer's `token`: a marker the screens keep, never a credential. */
  token: string;
  /** The session cookie's value: the credential. */
  session: string;
  /** `Cookie` header value carrying the session */
  cookie: string;
  /** The headers a signed-in browser page of our own site sends: the cookie and our Origin. */
  headers: { cookie: string; origin: string };
  /** A Bearer header with the session's value: never accepted (only the cookie is a credential). */
  bearer: { authorization: string };
}

/** The value a response's Set-Cookie gives the cookie `name`, or undefined. */
export function cookieValue(
  res: { headers: Record<string, unknown> },
  name: string,
): string | undefined {
  const header = res.headers['set-cookie'];
  const lines = Array.isArray(header) ? header : header === undefined ? [] : [String(header)];
  for (const line of lines as string[]) {
    const [pair = ''] = line.split(';');
    const at = pair.indexOf('=');
    if (pair.slice(0, at) === name) return pair.slice(at + 1);
  }
  return undefined;
}

/** The Origin header our own pages send (PUBLIC_URL's origin). */
const originOf = (app: FastifyInstance) => app.env.PUBLIC_URL;

export async function logIn(
  app: FastifyInstance,
  credentials: { username: string; password: string } = OWNER,
): Promise<LoggedIn> {
  const origin = originOf(app);
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: credentials,
    headers: { origin, host: new URL(origin).host },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const { token } = res.json<{ token: string }>();
  const session = cookieValue(res, app.cookieName);
  if (!session) throw new Error('login set no session cookie');
  const cookie = `${app.cookieName}=${session}`;
  return {
    token,
    session,
    cookie,
    headers: { cookie, origin },
    bearer: { authorization: `Bearer ${session}` },
  };
}

/** build(), then signed in as the owner. */
export async function buildLoggedIn(options: BuildTestOptions = {}): Promise<TestApp & LoggedIn> {
  const testApp = await build(options);
  return Object.assign(testApp, await logIn(testApp.app));
}

/**
 * Writes a minimal client build (the pages the server needs) whose HTML carries `label`, and
 * with `sources` (read before it "read" anything), the record of them a real build ends with.
 */
export async function writeFakeBuild(
  clientDir: string,
  label: string,
  pages: string[] = ['/', '/puppies'],
  sources?: SourceSnapshot,
) {
  await fs.mkdir(path.join(clientDir, 'assets'), { recursive: true });
  for (const page of pages) {
    const dir = path.join(clientDir, page);
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(
      path.join(dir, 'index.html'),
      `<!doctype html><title>${label} ${page}</title>`,
    );
  }
  await fs.writeFile(
    path.join(clientDir, '404.html'),
    `<!doctype html><title>${label} 404</title>`,
  );
  await fs.writeFile(
    path.join(clientDir, 'admin.html'),
    `<!doctype html><title>${label} admin</title>`,
  );
  await fs.writeFile(
    path.join(clientDir, 'assets', `app-${label}.js`),
    `console.log(${JSON.stringify(label)});`,
  );
  await fs.writeFile(path.join(clientDir, 'robots.txt'), `# ${label}\n`);
  // Vite's manifest: the server adopts the scripts and stylesheets it names.
  await fs.mkdir(path.join(clientDir, '.vite'), { recursive: true });
  await fs.writeFile(
    path.join(clientDir, '.vite/manifest.json'),
    JSON.stringify({ 'index.html': { file: `assets/app-${label}.js`, isEntry: true } }),
  );
  if (sources) await writeBuildInfo(clientDir, sources);
}
