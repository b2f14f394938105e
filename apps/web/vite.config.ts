import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
// By path, not by package name: Vite bundles a config's relative imports, while node would load
// the package's TypeScript source as is.
import { kennelDay } from '../../packages/litter-logic/src/kennel-day.ts';
import { contentDataPlugin } from './vite/content-data-plugin.ts';
import { imagesPlugin } from './vite/images-plugin.ts';
import { mantineCssPlugin } from './vite/mantine-css-plugin.ts';

// The kennel's calendar day the pages are built for: the prerendered litter ages and badges count
// from it, and the client's first render uses the same day so that hydration matches. Kept in the
// environment so the client and server builds of one run agree even across midnight; BUILD_DAY
// set by hand builds the site as of another day.
const buildDay = (process.env.BUILD_DAY ??= kennelDay(new Date()));
if (!/^\d{4}-\d{2}-\d{2}$/.test(buildDay))
  throw new Error(`BUILD_DAY=${buildDay} is not YYYY-MM-DD`);

/** The chunks (and their stylesheets) every page loads before its own: see src/boot.ts. */
const ALWAYS_LOADED = /(^|\/)(boot|react|router|client-app|rolldown-runtime)-[\w-]+\.(js|css)$/;

const contentPublic = fileURLToPath(new URL('../../packages/content/public', import.meta.url));

export default defineConfig({
  plugins: [react(), mantineCssPlugin(), contentDataPlugin(), imagesPlugin()],
  define: {
    __PUBLIC_URL__: JSON.stringify(process.env.PUBLIC_URL ?? 'http://localhost:3000'),
    __BUILD_DAY__: JSON.stringify(buildDay),
    // scripts/build.mjs --publish: the public pages only (src/app/routes.tsx leaves the admin out).
    __PUBLIC_ONLY__: JSON.stringify(process.env.WEB_PUBLIC_ONLY === '1'),
  },
  // The site's images live with the content package, under the names the owner replaces.
  publicDir: contentPublic,
  ssr: { noExternal: [/^@cedar\//, /^@mantine\//] },
  // The prerender links each page's own chunks and stylesheets from the manifest; bench/ reads it too.
  // Every browser the site supports has modulepreload: no polyfill in the entry chunk.
  build: {
    manifest: true,
    modulePreload: {
      polyfill: false,
      // A lazy chunk's list of what to fetch with it leaves out what every page has loaded before
      // any of the app's code runs (the boot, React, the router, the app's shell): Vite would
      // skip those at run time anyway, and the lists are written into every chunk that imports
      // lazily (decision 012).
      resolveDependencies: (_file, deps) => deps.filter((dep) => !ALWAYS_LOADED.test(dep)),
    },
    rolldownOptions: {
      // The page's entry is its boot script (src/entry-client.ts), named so in the page's HTML.
      input: { boot: fileURLToPath(new URL('index.html', import.meta.url)) },
      output: {
        // React and the router in chunks of their own: the boot script evaluates the app's
        // chunks one task at a time (src/boot.ts), so none blocks the page for long.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /[\\/]node_modules[\\/](react-router|react-router-dom)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'vite/**/*.test.ts'],
    css: false,
    // Rendering a whole page in jsdom takes well under a second alone, several on a loaded 2-core
    // machine: the default 5 s failed healthy tests there.
    testTimeout: 20_000,
  },
});
