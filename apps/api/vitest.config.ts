import { defineConfig } from 'vitest/config';

// bench/suite.mjs sets TEST_REPORT_DIR to read every test's time from a JSON report.
const reportDir = process.env.TEST_REPORT_DIR;

export default defineConfig({
  test: {
    // scrypt and real file I/O on a 2-core machine shared with the other packages' suites
    testTimeout: 30_000,
    hookTimeout: 60_000,
    ...(reportDir && {
      reporters: ['default', ['json', { outputFile: `${reportDir}/api.json` }]],
    }),
  },
});
