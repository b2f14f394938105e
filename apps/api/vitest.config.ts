import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // scrypt and real file I/O on a 2-core machine shared with the other packages' suites
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
