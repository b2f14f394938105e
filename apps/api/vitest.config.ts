import os from 'node:os';
import { defineConfig } from 'vitest/config';

// bench/suite.mjs sets TEST_REPORT_DIR to read every test's time from a JSON report.
const reportDir = process.env.TEST_REPORT_DIR;

export default defineConfig({
  test: {
    // scrypt and real file I/O on a 2-core machine shared with the other packages' suites
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // What a test waits for with expect.poll (a mail server's receipt, the outbox's record of it,
    // a bounce marked on a card) comes within milliseconds alone, but vitest's default of 1 s is
    // tight on a 2-core machine that the suite keeps busy (99 % in its unit stage, vmstat).
    expect: { poll: { timeout: 10_000 } },
    // Two workers at least: vitest's default on a 2-core machine is one (cores - 1), and these
    // files wait on child processes, servers and files more than they compute (about 40 % of a
    // core each): 427 s -> 275 s for the publish, backup, CLI and crash tests (decision 028).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // Each worker loads the server's modules once for all its files, not once per file: every
    // file builds its own app, data folder and store, and no module of src/ keeps state a file
    // could leave behind (no vi.mock, no environment changed at import). Alone on a quiet 2-core
    // machine: 353 s -> 231 s, import time 169 s -> 13 s, user CPU 560 s -> 347 s; the files
    // also pass shuffled (decision 028).
    isolate: false,
    ...(reportDir && {
      reporters: ['default', ['json', { outputFile: `${reportDir}/api.json` }]],
    }),
  },
});
