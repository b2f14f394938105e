// The benchmark: `npm run bench` (builds first) or `node bench/run.mjs [--quick] [--no-lighthouse]
// [--no-load] [--routes=/,/puppies]` against an existing build. See bench/README.md.
import { execFileSync, spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { BUDGETS, evaluateBudgets } from './budgets.mjs';
import { headAssets, measureFirstLoad } from './lib/bundle-size.mjs';
import { makeFamilyPage } from './lib/family-page.mjs';
import { runLighthouse } from './lib/lighthouse.mjs';
import { runDashboard } from './lib/dashboard.mjs';
import { runInbox } from './lib/inbox.mjs';
import {
  EARLY_TAP_DELAYS_MS,
  interactionList,
  momentLabel,
  runInteractions,
} from './lib/interactions.mjs';
import { runLoginFlood, runMixed, runTargets } from './lib/load.mjs';
import { runPublish } from './lib/publish.mjs';
import { fixed, kb, table } from './lib/table.mjs';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(benchDir, '..');
const builtClientDir = path.join(repoRoot, 'apps/web/dist/client');
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';

const args = process.argv.slice(2);
const flag = (name) => args.includes(`--${name}`);
const option = (name) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const quick = flag('quick');
const settings = {
  quick,
  lighthouse: !flag('no-lighthouse'),
  // Lighthouse runs per route; the report is the median run (bench/lib/lighthouse.mjs).
  lighthouseRuns: Number(option('lighthouse-runs') ?? (quick ? 1 : 3)),
  interactions: !flag('no-interactions'),
  // Taps per interaction, each on a freshly loaded page with the CPU slowed 4x.
  interactionRuns: Number(option('interaction-runs') ?? (quick ? 2 : 5)),
  // Issue 38: the same taps 1.0 s and 2.5 s after network idle, the page loaded at 4x CPU.
  earlyTaps: !flag('no-early-taps'),
  load: !flag('no-load'),
  inbox: !flag('no-inbox'),
  publish: !flag('no-publish'),
  // Words saves of the Hero, each timed from the save to the new page being served.
  publishRuns: quick ? 2 : 4,
  // The inbox figures: the store filled to this many inquiries, each call made this many times.
  inboxInquiries: 10_000,
  inboxCalls: quick ? 100 : 300,
  // Visits to /admin timed in the browser once the store holds them.
  dashboardRuns: quick ? 3 : 7,
  connections: 50,
  // Each throughput target runs `rounds` times for `secondsPerRound`, interleaved with the others.
  rounds: quick ? 2 : 3,
  secondsPerRound: quick ? 2 : 4,
  mixedSeconds: quick ? 8 : 30,
  inquiries: 500,
  // Shares of the mixed run's requests, out of 100.
  mix: { page: 40, asset: 40, inquiries: 12, webhook: 6, login: 2 },
};

const log = (line) => console.log(line);
const section = (title) => console.log(`\n== ${title} ==`);

const content = await tsImport(
  pathToFileURL(path.join(repoRoot, 'packages/content/src/index.ts')).href,
  import.meta.url,
);
const { PUBLIC_ROUTES } = content;
/** Each public route's page module (`src/features/puppies/puppies-page`), from the route table. */
const pageModules = new Map(
  Object.entries(
    (
      await tsImport(
        pathToFileURL(path.join(repoRoot, 'apps/web/src/routes.ts')).href,
        import.meta.url,
      )
    ).pageModules,
  ).map(([route, file]) => [route, `src/${file.replace(/\.tsx$/, '')}`]),
);
const {
  API_ROUTES,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  WEBHOOK_DELIVERY_HEADER,
  KNOWN_PREFERRED_COLORS,
  INQUIRY_PAGE_LIMIT,
  EDITABLE_FILES,
} = await tsImport(
  pathToFileURL(path.join(repoRoot, 'packages/api-contract/src/index.ts')).href,
  import.meta.url,
);
const chosenRoutes = option('routes')?.split(',') ?? (quick ? ['/', '/puppies'] : PUBLIC_ROUTES);

if (!fs.existsSync(path.join(builtClientDir, 'index.html'))) {
  console.error('No web build at apps/web/dist/client: run `npm run bench` (it builds first).');
  process.exit(2);
}

/** Does every page of the build exist, with every file its head and the manifest name? */
function buildIsWhole(dir) {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, '.vite/manifest.json'), 'utf8'));
    const files = Object.values(manifest).flatMap((c) => [c.file, ...(c.css ?? [])]);
    for (const route of PUBLIC_ROUTES) {
      const html = fs.readFileSync(
        path.join(dir, route === '/' ? 'index.html' : `${route.slice(1)}/index.html`),
        'utf8',
      );
      const head = headAssets(html);
      files.push(
        ...[...head.scripts, ...head.modulepreloads, ...head.blockingCss].map((u) =>
          u.replace(/^\//, ''),
        ),
      );
    }
    return ['404.html', 'admin.html', ...files].every((f) => fs.existsSync(path.join(dir, f)));
  } catch {
    return false;
  }
}

/**
 * The benchmark measures and serves a private copy of the build, so a rebuild of apps/web while it
 * runs (by a developer, a test run or the publish flow) cannot swap files under it.
 */
async function snapshotBuild(target) {
  for (let attempt = 1; attempt <= 24; attempt++) {
    if (buildIsWhole(builtClientDir)) {
      fs.rmSync(target, { recursive: true, force: true });
      fs.cpSync(builtClientDir, target, { recursive: true });
      if (buildIsWhole(target)) return target;
    }
    if (attempt === 1)
      log('  apps/web/dist/client is incomplete (a build in progress?): waiting for it');
    await new Promise((resolve) => setTimeout(resolve, 5000));
  }
  throw new Error(
    'apps/web/dist/client stayed incomplete for two minutes: rebuild it and run again',
  );
}

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cedar-bench-'));
let clientDir;
try {
  clientDir = await snapshotBuild(path.join(workDir, 'client'));
} catch (error) {
  fs.rmSync(workDir, { recursive: true, force: true });
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
}

function version(command, argv) {
  try {
    return execFileSync(command, argv, {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return null;
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The production app plus the bench routes, in a child process; resolves once it listens. */
async function startServer({ publish = false } = {}) {
  const port = await freePort();
  const dataDir = path.join(workDir, publish ? 'data-publish' : 'data');
  fs.mkdirSync(dataDir);
  const webhookSecret = randomBytes(24).toString('hex');
  const env = { ...process.env };
  // The embedded store in a fresh folder, whatever the shell has set.
  for (const k of ['MONGODB_URI', 'ADMIN_USERNAME', 'ADMIN_PASSWORD', 'TRUST_PROXY']) delete env[k];
  Object.assign(env, {
    NODE_ENV: 'production',
    DEMO_LOGIN: 'true',
    // Security events (each refused login of the floods below) are warnings: not the bench's business.
    LOG_LEVEL: 'error',
    // The publish figures use a server of their own (bench/lib/publish.mjs); the others none.
    PUBLISH: publish ? 'auto' : 'off',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    REPO_ROOT: repoRoot,
    WEB_DIST: clientDir,
    INQUIRY_WEBHOOK_SECRET: webhookSecret,
    // The login flood comes "through" one proxy hop, each login from an address of its own.
    TRUST_PROXY: '1',
  });
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', path.join(benchDir, 'server.ts')],
    {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stderr.on('data', (d) => process.stderr.write(`[server] ${d}`));
  await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('the bench server did not start within 60 s')),
      60_000,
    );
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes('BENCH_SERVER_READY')) {
        clearTimeout(timer);
        child.stdout.removeAllListeners('data');
        child.stdout.on('data', (more) => process.stdout.write(`[server] ${more}`));
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the bench server exited with code ${code} before listening:\n${out}`));
    });
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  };
  return { baseUrl: `http://127.0.0.1:${port}`, webhookSecret, stop, pid: child.pid };
}

async function request(baseUrl, pathname, init = {}) {
  const response = await fetch(new URL(pathname, baseUrl), init);
  const text = await response.text();
  let body = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return {
    status: response.status,
    body,
    headers: { 'set-cookie': response.headers.getSetCookie() },
  };
}

const FIRST = [
  'Emma',
  'Liam',
  'Olivia',
  'Noah',
  'Ava',
  'Mason',
  'Sophia',
  'Lucas',
  'Grace',
  'Henry',
];
const LAST = [
  'Walsh',
  'Bennett',
  'Carter',
  'Hughes',
  'Foster',
  'Reed',
  'Brooks',
  'Price',
  'Morgan',
  'Hayes',
];
const inquiryBody = (i) => ({
  firstName: FIRST[i % FIRST.length],
  lastName: LAST[Math.floor(i / FIRST.length) % LAST.length],
  email: `bench-${i}@example.com`,
  phone: `518-555-${String(i % 10_000).padStart(4, '0')}`,
  preferredColor: KNOWN_PREFERRED_COLORS[i % KNOWN_PREFERRED_COLORS.length],
  message:
    'We would love a calm yellow female for our family; we have a fenced yard and work from home.',
  submittedAt: new Date(Date.UTC(2025, 0, 1) + i * 3_600_000).toISOString(),
});

async function seedInquiries(server, count) {
  let failed = null;
  for (let next = 0; next < count && !failed; next += 200) {
    const batch = Array.from({ length: Math.min(200, count - next) }, (_, i) =>
      inquiryBody(next + i),
    );
    const r = await request(server.baseUrl, '/__bench/seed', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(batch),
    });
    if (r.status !== 200)
      failed = `seeding answered ${r.status}: ${JSON.stringify(r.body).slice(0, 200)}`;
  }
  return failed ? { seeded: 0, skip: failed } : { seeded: count };
}

/** The three headers of a signed webhook delivery (apps/api/src/inquiries/inquiry-routes.ts). */
function webhookHeaders(secret, body, id) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', secret).update(`${id}.${timestamp}.${body}`).digest('hex');
  return {
    'content-type': 'application/json',
    [WEBHOOK_TIMESTAMP_HEADER]: timestamp,
    [WEBHOOK_DELIVERY_HEADER]: id,
    [WEBHOOK_SIGNATURE_HEADER]: signature,
  };
}

async function signIn(server) {
  const config = await request(server.baseUrl, API_ROUTES.authConfig.path);
  const credentials = config.body?.demoLogin;
  if (!credentials)
    return { skip: `${API_ROUTES.authConfig.path} offers no demo login (status ${config.status})` };
  const login = await request(server.baseUrl, API_ROUTES.login.path, {
    method: 'POST',
    // Our own page's origin: the server takes state-changing calls from nowhere else.
    headers: { 'content-type': 'application/json', origin: server.baseUrl },
    body: JSON.stringify(credentials),
  });
  const cookie = login.headers?.['set-cookie']?.[0]?.split(';')[0];
  if (login.status !== 200 || !cookie) return { skip: `login answered ${login.status}` };
  return { cookie, credentials };
}

const memory = async (server, gc) =>
  (await request(server.baseUrl, `/__bench/memory${gc ? '?gc=1' : ''}`)).body;

// ---------------------------------------------------------------------------------------------

const results = {
  timestamp: new Date().toISOString(),
  machine: {
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? null,
    memoryGiB: Number((os.totalmem() / 2 ** 30).toFixed(1)),
    loadAverageAtStart: os.loadavg().map((n) => Number(n.toFixed(2))),
    chromium:
      version(chromePath, ['--version'])
        ?.split('\n')
        .find((l) => /chrom/i.test(l)) ?? null,
    lighthouse: JSON.parse(
      fs.readFileSync(path.join(repoRoot, 'node_modules/lighthouse/package.json'), 'utf8'),
    ).version,
    autocannon: JSON.parse(
      fs.readFileSync(path.join(repoRoot, 'node_modules/autocannon/package.json'), 'utf8'),
    ).version,
    commit: version('git', ['-C', repoRoot, 'rev-parse', '--short', 'HEAD']),
    uncommittedChanges: (version('git', ['-C', repoRoot, 'status', '--porcelain']) ?? '') !== '',
  },
  settings: { ...settings, routes: chosenRoutes },
  budgetsConfig: BUDGETS,
  notes: [],
};

section('First-load JS and CSS per public route (gzip -9, from apps/web/dist/client)');
const firstLoad = measureFirstLoad(clientDir, pageModules, PUBLIC_ROUTES);
results.firstLoad = firstLoad.rows;
results.notes.push(...firstLoad.notes);
log(
  table(
    ['route', 'page chunk', 'JS files', 'JS gzip', 'CSS gzip', 'blocking CSS', 'HTML gzip'],
    firstLoad.rows.map((r) =>
      r.error
        ? [r.route, r.error]
        : [
            r.route,
            r.routeChunk?.replace(/^assets\//, ''),
            r.jsFiles.length,
            kb(r.jsGzip),
            kb(r.cssGzip),
            kb(r.renderBlockingCssGzip),
            kb(r.htmlGzip),
          ],
    ),
  ),
);

let server;
let exitCode = 0;
const shutdown = async () => {
  await server?.stop();
  fs.rmSync(workDir, { recursive: true, force: true });
};
process.once('SIGINT', () => shutdown().finally(() => process.exit(130)));

try {
  section('Server');
  server = await startServer();
  log(`  bench server (pid ${server.pid}) on ${server.baseUrl}`);
  results.memory = { atStart: await memory(server, true) };

  const seed = await seedInquiries(server, settings.inquiries);
  // TODO(bench): if the webhook is ever removed, seed through the store instead.
  if (seed.skip) {
    log(`  could not seed inquiries: ${seed.skip}`);
    results.notes.push(`inquiries not seeded: ${seed.skip}`);
  }
  const session = await signIn(server);
  let inquiryCount = null;
  if (session.skip) {
    log(`  could not sign in: ${session.skip}`);
    results.notes.push(`not signed in: ${session.skip}`);
  } else {
    const list = await request(server.baseUrl, API_ROUTES.inquiries.path, {
      headers: { cookie: session.cookie },
    });
    inquiryCount = Array.isArray(list.body)
      ? list.body.length
      : (list.body?.inquiries?.length ?? null);
  }
  log(
    `  seeded ${seed.seeded} inquiries straight into the store; GET ${API_ROUTES.inquiries.path} lists ${inquiryCount ?? '?'}`,
  );
  results.inquiriesListed = inquiryCount;

  if (settings.lighthouse) {
    section(
      `Lighthouse (mobile, simulated throttling, ${results.machine.chromium ?? chromePath}), median of ${settings.lighthouseRuns} run(s) per route`,
    );
    results.lighthouse = await runLighthouse({
      baseUrl: server.baseUrl,
      routes: chosenRoutes,
      runs: settings.lighthouseRuns,
      repoRoot,
      outDir: path.join(benchDir, '.lighthouse'),
      chromePath,
      log,
    });
    log('');
    log(
      table(
        [
          'route',
          'perf',
          'perf runs',
          'a11y',
          'best pr.',
          'SEO',
          'LCP s',
          'CLS',
          'TBT ms',
          'total',
          'JS',
          'CSS',
        ],
        results.lighthouse.map((r) =>
          r.error
            ? [r.route, r.error]
            : [
                r.route,
                r.performance,
                (r.perfRuns ?? []).map((p) => p ?? 'x').join('/'),
                r.accessibility,
                r.bestPractices,
                r.seo,
                fixed(r.lcpSeconds, 2),
                fixed(r.cls, 3),
                fixed(r.tbtMs, 0),
                kb(r.totalBytes),
                kb(r.jsBytes),
                kb(r.cssBytes),
              ],
        ),
      ),
    );
    const failed = results.lighthouse.filter(
      (r) => r.failedAudits && Object.keys(r.failedAudits).length,
    );
    for (const r of failed) {
      log(
        `  ${r.route} loses points on: ${Object.entries(r.failedAudits)
          .map(([c, ids]) => `${c}: ${ids.join(', ')}`)
          .join('; ')}`,
      );
    }
  }

  // A family's own page (issue 40): rendered by the server per request, no script; measured like
  // the public routes, with budgets of its own (bench/budgets.mjs).
  if (settings.lighthouse && session.cookie) {
    section(
      `Lighthouse on a family's page (/family/…), median of ${settings.lighthouseRuns} run(s)`,
    );
    try {
      const familyPath = await makeFamilyPage({
        baseUrl: server.baseUrl,
        cookie: session.cookie,
        API_ROUTES,
      });
      const [row] = await runLighthouse({
        baseUrl: server.baseUrl,
        routes: [familyPath],
        runs: settings.lighthouseRuns,
        repoRoot,
        outDir: path.join(benchDir, '.lighthouse'),
        chromePath,
        log: (line) => log(line.replace(familyPath, '/family/…')),
      });
      // The token stays out of the results file.
      results.familyPage = { ...row, route: '/family/…', report: undefined };
    } catch (error) {
      log(`  family page not measured: ${error.message}`);
      results.familyPage = { route: '/family/…', error: error.message };
    }
  }

  if (settings.interactions) {
    section(
      `Interactions: the longest event of one tap (Event Timing), CPU slowed 4x, ${settings.interactionRuns} run(s) each, once the page has settled${settings.earlyTaps ? ` and ${EARLY_TAP_DELAYS_MS.map((ms) => `${ms / 1000} s`).join(' and ')} after network idle` : ''}`,
    );
    results.interactions = await runInteractions({
      baseUrl: server.baseUrl,
      interactions: interactionList(content).filter((i) => chosenRoutes.includes(i.route)),
      runs: settings.interactionRuns,
      chromePath,
      log,
      early: settings.earlyTaps,
    });
    log('');
    log(
      table(
        [
          'interaction',
          'page',
          'tapped',
          'viewport',
          'median ms',
          'worst ms',
          'runs ms',
          'on screen ms (median / worst)',
        ],
        results.interactions.map((r) =>
          r.error && r.runs.length === 0
            ? [r.route, r.path, momentLabel(r.moment), r.viewport, r.error]
            : [
                r.route,
                r.path,
                momentLabel(r.moment),
                r.viewport,
                fixed(r.medianMs, 0),
                fixed(r.worstMs, 0),
                r.runs.map((x) => Math.round(x.durationMs)).join(' / '),
                `${r.shownMedianMs} / ${r.shownWorstMs}`,
              ],
        ),
      ),
    );
  }

  if (settings.load) {
    // Let the last Chromium finish exiting before measuring throughput.
    if (settings.lighthouse || settings.interactions)
      await new Promise((resolve) => setTimeout(resolve, 3000));
    const home = firstLoad.rows.find((r) => r.route === '/');
    const entryJs = home?.jsFiles?.[0] ? `/${home.jsFiles[0]}` : null;
    section(
      `Throughput: ${settings.connections} connections, ${settings.rounds} interleaved rounds of ${settings.secondsPerRound} s per target`,
    );
    results.targets = await runTargets({
      baseUrl: server.baseUrl,
      rounds: settings.rounds,
      secondsPerRound: settings.secondsPerRound,
      connections: settings.connections,
      log,
      targets: [
        { name: 'bare route (baseline)', path: '/__bench/baseline' },
        { name: 'prerendered page', path: '/' },
        entryJs
          ? { name: 'hashed asset (first script)', path: entryJs }
          : { name: 'hashed asset', path: '/assets/', skip: 'no entry script found in the build' },
        session.cookie
          ? {
              name: `GET /api/inquiries (${inquiryCount ?? '?'}, signed in)`,
              path: API_ROUTES.inquiries.path,
              headers: { cookie: session.cookie },
            }
          : { name: 'GET /api/inquiries', path: API_ROUTES.inquiries.path, skip: session.skip },
      ],
    });
    log('');
    log(
      table(
        [
          'target',
          'path',
          'req/s',
          'x baseline',
          'rounds req/s',
          'p50 ms',
          'p99 ms',
          'MB/s',
          'server µs/req',
          'x baseline (CPU)',
          'non-2xx',
          'errors',
        ],
        results.targets.rows.map((r) =>
          r.skipped
            ? [r.name, r.path, `skipped: ${r.skipped}`]
            : [
                r.name,
                r.path,
                r.rps,
                fixed(r.ratioToBaseline, 2),
                r.perRoundRps.join(' / '),
                r.latencyMs.p50,
                r.latencyMs.p99,
                fixed(r.bytesPerSecond / 1e6, 1),
                r.serverCpuUsPerRequest,
                fixed(r.coreRpsRatioToBaseline, 2),
                r.non2xx,
                r.errors,
              ],
        ),
      ),
    );

    const spread = results.targets.rows[0]?.perRoundRps ?? [];
    if (
      spread.length > 1 &&
      (Math.max(...spread) - Math.min(...spread)) / Math.max(...spread) > 0.25
    ) {
      const warning = `the bare route's rounds differ by more than 25% (${spread.join(', ')} req/s): the machine is busy, ratios are rough`;
      log(`  warning: ${warning}`);
      results.notes.push(warning);
    }

    section(`Mixed load: ${settings.mixedSeconds} s, ${settings.connections} connections`);
    const images = [
      ...fs
        .readFileSync(path.join(clientDir, 'index.html'), 'utf8')
        .matchAll(/["'](\/images\/[^"']+\.(?:jpg|webp|avif|png))["']/g),
    ]
      .map((m) => m[1])
      .filter((v, i, a) => a.indexOf(v) === i)
      .slice(0, 4);
    const assets = [
      ...(home?.jsFiles ?? []).map((f) => `/${f}`),
      ...(home?.cssFiles ?? []).map((f) => `/${f}`),
      ...images,
    ];
    results.memory.beforeLoad = await memory(server, true);
    results.mixed = await runMixed({
      baseUrl: server.baseUrl,
      duration: settings.mixedSeconds,
      connections: settings.connections,
      pages: PUBLIC_ROUTES,
      assets,
      cookie: session.cookie,
      webhook: seed.skip
        ? null
        : {
            path: API_ROUTES.inquiryWebhook.path,
            headers: (body, n) => webhookHeaders(server.webhookSecret, body, `bench-mixed-${n}`),
            body: (n) => inquiryBody(settings.inquiries + n),
          },
      login: session.credentials
        ? { path: API_ROUTES.login.path, credentials: session.credentials, origin: server.baseUrl }
        : null,
      mix: settings.mix,
      log,
    });
    results.memory.afterLoad = await memory(server, false);

    section('A page while 500 logins with fresh usernames arrive');
    results.loginFlood = await runLoginFlood({
      baseUrl: server.baseUrl,
      page: '/',
      loginPath: API_ROUTES.login.path,
      count: 500,
      duration: 10,
      connections: settings.connections,
      log,
    });
    results.memory.afterLoadGc = await memory(server, true);
    log('');
    const m = results.mixed;
    log(
      table(
        [
          'traffic',
          'requests',
          'req/s',
          'p50 ms',
          'p90 ms',
          'p99 ms',
          'max ms',
          'non-2xx',
          'of which 429',
          'errors',
        ],
        [
          [
            'all',
            m.requests,
            m.rps,
            m.latencyMs.p50,
            m.latencyMs.p90,
            m.latencyMs.p99,
            m.latencyMs.max,
            m.non2xx,
            m.limited,
            m.errors,
          ],
          ...Object.entries(m.byKind).map(([kind, k]) => [
            kind,
            k.requests,
            null,
            k.latencyMs.p50,
            k.latencyMs.p90,
            k.latencyMs.p99,
            k.latencyMs.max,
            k.non2xx,
            k.limited,
            null,
          ]),
        ],
      ),
    );
    log('');
    const mb = (n) => (n === undefined ? null : (n / 2 ** 20).toFixed(1));
    log(
      table(
        ['server memory (MiB)', 'rss', 'heap used', 'heap total', 'external'],
        [
          ['at start (after GC)', results.memory.atStart],
          ['before mixed load (after GC)', results.memory.beforeLoad],
          ['after mixed load', results.memory.afterLoad],
          ['after mixed load (after GC)', results.memory.afterLoadGc],
        ].map(([label, x]) => [
          label,
          mb(x?.rss),
          mb(x?.heapUsed),
          mb(x?.heapTotal),
          mb(x?.external),
        ]),
      ),
    );
  }

  if (settings.inbox && session.cookie) {
    section(
      `The inbox at ${settings.inboxInquiries.toLocaleString('en-US')} inquiries: ${settings.inboxCalls} calls each, one at a time`,
    );
    results.inbox = await runInbox({
      baseUrl: server.baseUrl,
      cookie: session.cookie,
      target: settings.inboxInquiries,
      calls: settings.inboxCalls,
      count: async () =>
        (
          await request(server.baseUrl, API_ROUTES.inquiryStats.path, {
            headers: { cookie: session.cookie },
          })
        ).body.total,
      seed: async (n) => {
        const seeded = await seedInquiries(server, n);
        if (seeded.skip) throw new Error(seeded.skip);
      },
      log,
    });
    results.memory.inbox = await memory(server, true);
    const mib = (n) => (n / 2 ** 20).toFixed(1);
    log('');
    log(
      table(
        [
          'call',
          'server p50 ms',
          'server p99 ms',
          'server max ms',
          'round trip p50 ms',
          'round trip p99 ms',
          'server CPU µs/call',
          'answer',
        ],
        results.inbox.rows.map((r) => [
          r.name,
          r.serverMs.p50,
          r.serverMs.p99,
          r.serverMs.max,
          r.roundTripMs.p50,
          r.roundTripMs.p99,
          r.serverCpuUsPerCall,
          kb(r.responseBytes),
        ]),
      ),
    );
    log(
      `  ${results.inbox.inquiries} inquiries stored; server memory after GC: RSS ${mib(results.memory.inbox.rss)} MiB, heap used ${mib(results.memory.inbox.heapUsed)} MiB`,
    );
    results.inbox.dashboard = await runDashboard({
      baseUrl: server.baseUrl,
      chromePath,
      runs: settings.dashboardRuns,
      pageSize: INQUIRY_PAGE_LIMIT.default,
      log,
    });
  } else if (settings.inbox) {
    results.notes.push(`inbox figures skipped: ${session.skip}`);
  }

  if (settings.publish) {
    const [hero] = EDITABLE_FILES;
    section(`Publish of an edit: ${settings.publishRuns} Words saves of the ${hero.name}`);
    results.publish = await runPublish({
      start: () => startServer({ publish: true }),
      signIn,
      apiRoutes: API_ROUTES,
      repoRoot,
      buildsDir: path.join(repoRoot, 'apps/web/dist/builds'),
      file: hero.path,
      route: hero.pages[0],
      runs: settings.publishRuns,
      log,
    });
    if (results.publish.skip) log(`  skipped: ${results.publish.skip}`);
  }
} catch (error) {
  console.error(`\nbench failed: ${error instanceof Error ? error.stack : error}`);
  results.notes.push(`aborted: ${error instanceof Error ? error.message : error}`);
  exitCode = 2;
} finally {
  await shutdown();
}

results.machine.loadAverageAtEnd = os.loadavg().map((n) => Number(n.toFixed(2)));
if (
  Math.max(...results.machine.loadAverageAtStart, ...results.machine.loadAverageAtEnd) >
  os.cpus().length
) {
  const warning = `load average exceeded the ${os.cpus().length} cores during the run (start ${results.machine.loadAverageAtStart.join(', ')}, end ${results.machine.loadAverageAtEnd.join(', ')}): other processes competed for the CPU`;
  results.notes.push(warning);
  log(`\nwarning: ${warning}`);
}

section('Budgets');
results.budgets = evaluateBudgets({
  lighthouse: results.lighthouse,
  firstLoad: firstLoad.rows,
  interactions: results.interactions,
  targets: results.targets,
  inbox: settings.inbox ? (results.inbox ?? {}) : null,
  publish: settings.publish ? (results.publish ?? {}) : null,
  familyPage: settings.lighthouse ? (results.familyPage ?? { error: 'not measured' }) : null,
});
const show = (b) => {
  if (b.measured === null || b.measured === undefined) return null;
  if (b.unit === 'bytes') return kb(b.measured);
  if (b.unit === 's') return `${b.measured.toFixed(2)} s`;
  if (b.unit === 'ratio') return b.measured.toFixed(2);
  if (b.unit === 'ms') return `${b.measured} ms`;
  if (typeof b.measured === 'number' && !Number.isInteger(b.measured)) return b.measured.toFixed(3);
  return b.measured;
};
log(
  table(
    ['budget', 'measured (worst)', 'worst route', 'result'],
    results.budgets.map((b) => [
      b.budget,
      show(b),
      b.worstRoute ?? b.note ?? null,
      b.pass === null ? 'skipped' : b.pass ? 'pass' : 'FAIL',
    ]),
  ),
);
if (settings.lighthouse && chosenRoutes.length < PUBLIC_ROUTES.length) {
  log(`  (Lighthouse ran on ${chosenRoutes.length} of ${PUBLIC_ROUTES.length} public routes)`);
}

fs.writeFileSync(path.join(benchDir, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
log(`\nwrote bench/results.json`);
const failedBudgets = results.budgets.filter((b) => b.pass === false);
if (exitCode === 0 && failedBudgets.length > 0) {
  log(`${failedBudgets.length} of ${results.budgets.length} budgets missed`);
  exitCode = 1;
}
process.exit(exitCode);
