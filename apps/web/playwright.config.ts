import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4319);
/**
 * Each project has a server of its own, with its own data folder: the public pages' tests, the
 * owner's account specs and the admin spec never see each other's sign-ins, inquiries or
 * publishes, so the three run side by side. (The admin spec's publishes leave the build the other
 * two servers started with in place: a server adopts only its own publishes, and picks among the
 * kept builds only when it starts, which all three do before any test runs.)
 */
export const E2E_PORTS = { public: PORT, accounts: PORT + 1, admin: PORT + 2 } as const;
/** The e2e servers' HubSpot client secret (a test value: the admin test signs with it). */
export const E2E_HUBSPOT_CLIENT_SECRET = 'e2e-hubspot-client-secret-5d1c';

/** The specs that sign in as the demo owner or change its account: the accounts project. */
const ACCOUNT_SPECS =
  /\/(admin-shell|people-roles|sign-in-factors|family-page|unsubscribe)\.spec\.ts$/;

const origin = (port: number) => `http://127.0.0.1:${port}`;

/**
 * Debian's headless shell (package chromium-headless-shell, the same Chromium as /usr/bin/chromium
 * without the browser's window code) when it is there, as Playwright's own headless Chromium is:
 * the full browser's processes took half as much CPU again for the same tests (decision 045).
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const chromium =
  process.env.CHROMIUM_PATH ??
  (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/** Browser tests: Debian's Chromium against the production build served by the real API. */
export default defineConfig({
  testDir: './e2e',
  outputDir: './e2e/artifacts/results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Three browsers at a time (E2E_WORKERS to change it): the owner's specs, one at a time on
  // their own servers, beside the public pages' tests, which share nothing (decision 028).
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: 0,
  // bench/suite.mjs sets TEST_REPORT_DIR to read every test's time from a JSON report.
  reporter: process.env.TEST_REPORT_DIR
    ? [['list'], ['json', { outputFile: `${process.env.TEST_REPORT_DIR}/e2e.json` }]]
    : [['list']],
  use: {
    baseURL: origin(E2E_PORTS.public),
    // Run by hand, a failed test keeps its trace (actions, DOM snapshots, network, console),
    // without the filmstrip: recording screenshots all through every test cost the compositor's
    // CPU in each test that passes too (decision 045). Under CI nothing is recorded: a run there
    // leaves only its log (each failure's message, code frame and call log), and recording every
    // test's DOM snapshots for a trace nobody could open cost about a fifth of the browsers' and
    // workers' CPU in one pair of full runs (decision 047).
    trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // The two owner projects come first, so each starts at once on a worker of its own and the
  // public pages' tests fill the rest.
  projects: [
    {
      // Alone on its server: it counts the owner's sessions, publishes new builds of the site,
      // and ends by changing the demo owner's password.
      name: 'admin',
      testMatch: /\/admin\.spec\.ts$/,
      workers: 1,
      fullyParallel: false,
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: origin(E2E_PORTS.admin) },
    },
    {
      // The owner's account is shared on this server: one spec turns its codes on or adds a
      // passkey, another signs in and out, so these run one at a time.
      name: 'accounts',
      testMatch: ACCOUNT_SPECS,
      workers: 1,
      fullyParallel: false,
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        baseURL: origin(E2E_PORTS.accounts),
      },
    },
    {
      name: 'public',
      testIgnore: [ACCOUNT_SPECS, /\/admin\.spec\.ts$/],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
  ],
  // Started one after another, in this order (Playwright sets its web servers up in turn).
  webServer: Object.entries(E2E_PORTS).map(([name, port]) => {
    const dataDir = path.join(os.tmpdir(), `cedar-e2e-${process.pid}-${name}`);
    return {
      name,
      // The first server to start clears earlier runs' publish builds (see the script).
      command:
        name === 'public'
          ? 'node scripts/clear-publish-builds.mjs && node ../api/dist/server.js'
          : 'node ../api/dist/server.js',
      url: `${origin(port)}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        DEMO_LOGIN: 'true',
        // HubSpot's signed workflow webhook: the admin test delivers an inquiry through it.
        HUBSPOT_CLIENT_SECRET: E2E_HUBSPOT_CLIENT_SECRET,
        // Only the admin spec publishes. A publishing server starts its next build's process at
        // once and warms it up with a throwaway build (decision 044): about 7 s of CPU each that
        // the other two servers would spend for nothing while the tests start.
        PUBLISH: name === 'admin' ? 'auto' : 'off',
      },
    };
  }),
});
