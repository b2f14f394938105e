import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4319);
const dataDir = path.join(os.tmpdir(), `cedar-e2e-${process.pid}`);
/** The e2e server's HubSpot client secret (a test value: the admin test signs with it). */
export const E2E_HUBSPOT_CLIENT_SECRET = 'e2e-hubspot-client-secret-5d1c';
export const E2E_PORT = PORT;

/** The specs that sign in as the demo owner or change its account, before the admin spec. */
const ACCOUNT_SPECS =
  /\/(admin-shell|people-roles|sign-in-factors|family-page|unsubscribe)\.spec\.ts$/;

/** Browser tests: Debian's Chromium against the production build served by the real API. */
export default defineConfig({
  testDir: './e2e',
  outputDir: './e2e/artifacts/results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two browsers at a time (E2E_WORKERS to change it) for the public pages' tests, which share
  // nothing; the specs that sign in as the owner run one at a time after them. Three were tried
  // on a quiet machine and gave nothing: the public tests took 423 s against 411 s with two, each
  // test 54 % slower (decision 028).
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // bench/suite.mjs sets TEST_REPORT_DIR to read every test's time from a JSON report.
  reporter: process.env.TEST_REPORT_DIR
    ? [['list'], ['json', { outputFile: `${process.env.TEST_REPORT_DIR}/e2e.json` }]]
    : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
  projects: [
    {
      name: 'public',
      testIgnore: [ACCOUNT_SPECS, /\/admin\.spec\.ts$/],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    {
      // The owner's account is shared: one spec turns its codes on or adds a passkey, another
      // signs in and out, so these run one at a time, after every public page's test. (Run
      // beside those, they took four to seven times as long at a load average of 20-27, and two
      // ran out of time: decision 028.)
      name: 'accounts',
      testMatch: ACCOUNT_SPECS,
      dependencies: ['public'],
      workers: 1,
      fullyParallel: false,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    {
      // Last: it counts the owner's sessions, publishes a new build of the site, and ends by
      // changing the demo owner's password (nothing after it signs in with the published one).
      name: 'admin',
      testMatch: /\/admin\.spec\.ts$/,
      dependencies: ['accounts'],
      workers: 1,
      fullyParallel: false,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
  ],
  webServer: {
    command: `node ../api/dist/server.js`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO_LOGIN: 'true',
      E2E_DATA_DIR: dataDir,
      // HubSpot's signed workflow webhook: the admin test delivers an inquiry through it.
      HUBSPOT_CLIENT_SECRET: E2E_HUBSPOT_CLIENT_SECRET,
    },
  },
});
