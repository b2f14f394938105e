import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const contentPublic = fileURLToPath(new URL('../../packages/content/public', import.meta.url));

export default defineConfig({
  plugins: [react()],
  define: { __PUBLIC_URL__: JSON.stringify(process.env.PUBLIC_URL ?? 'http://localhost:3000') },
  // The site's images live with the content package, under the names the owner replaces.
  publicDir: contentPublic,
  ssr: { noExternal: [/^@cedar\//, /^@mantine\//] },
  // bench/ reads dist/client/.vite/manifest.json to sum each route's first-load JS and CSS.
  build: { manifest: true },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // Mantine pages in jsdom are slow on a busy 2-core machine
    testTimeout: 30_000,
  },
});
