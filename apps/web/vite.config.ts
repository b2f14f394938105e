import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
// By path, not by package name: Vite bundles a config's relative imports, while node would load
// the package's TypeScript source as is.
import {
  dayStart,
  kennelDay,
  nextKennelDayStart,
} from '../../packages/litter-logic/src/kennel-day.ts';
import { COMPILE_HINT } from './vite/compile-hints.ts';
import { imagesPlugin } from './vite/images-plugin.ts';
import { inlineScriptPlugin } from './vite/inline-script-plugin.ts';
import { mantineCssPlugin } from './vite/mantine-css-plugin.ts';
import { ADMIN_MOCKING_TESTS } from './vite/test-projects.ts';

/** The admin projects' own setup, run before each of their files after `src/test/setup.ts`. */
const ADMIN_SETUP = ['./src/features/admin/test/setup.ts'];

// The kennel's calendar day the pages are built for: the prerendered litter ages and badges count
// from it, and the client's first render uses the same day so that hydration matches. Kept in the
// environment so the client and server builds of one run agree even across midnight; BUILD_DAY
// set by hand builds the site as of another day.
const buildDay = (process.env.BUILD_DAY ??= kennelDay(new Date()));
if (!/^\d{4}-\d{2}-\d{2}$/.test(buildDay))
  throw new Error(`BUILD_DAY=${buildDay} is not YYYY-MM-DD`);

// The instants between which it is that day at the kennel, [from, until) in ms: a page asks the
// time zone database (Intl, whose data loads on first use: a task of some 90 ms at 4x CPU) only
// outside them (src/features/puppies/use-kennel-day.ts). Noon UTC of a day is 7 or 8 in the
// morning at the kennel, of the same day; the day's start is the day change after noon UTC of the
// day before.
const HOUR_MS = 3_600_000;
const buildDayNoon = dayStart(buildDay).getTime() + 12 * HOUR_MS;
const buildDaySpan = {
  from: nextKennelDayStart(new Date(buildDayNoon - 24 * HOUR_MS)).getTime(),
  until: nextKennelDayStart(new Date(buildDayNoon)).getTime(),
};

const contentPublic = fileURLToPath(new URL('../../packages/content/public', import.meta.url));

// Mantine's components on most public pages: their code comes in one chunk.
const FIRST_LOAD_COMPONENTS =
  'Box|Button|UnstyledButton|Loader|Container|Group|Stack|Text|Title|Burger|Anchor|Paper|Card|SimpleGrid|Grid|Badge|AspectRatio|ThemeIcon';
const MANTINE_FIRST_LOAD = new RegExp(
  `@mantine[\\\\/]core[\\\\/]esm[\\\\/](core|components[\\\\/](${FIRST_LOAD_COMPONENTS}))[\\\\/]`,
);

export default defineConfig({
  // React Router's framework mode builds the site (react-router.config.ts); the unit tests render
  // components with React's plugin alone.
  plugins: [
    process.env.VITEST ? react() : reactRouter(),
    mantineCssPlugin(),
    imagesPlugin(),
    inlineScriptPlugin(),
  ],
  define: {
    __PUBLIC_URL__: JSON.stringify(process.env.PUBLIC_URL ?? 'http://localhost:3000'),
    __BUILD_DAY__: JSON.stringify(buildDay),
    __BUILD_DAY_SPAN__: JSON.stringify(buildDaySpan),
  },
  // The site's images live with the content package, under the names the owner replaces.
  publicDir: contentPublic,
  // The prerender imports the server bundle from the build folder (below apps/web, where node
  // finds the other dependencies): the workspace's TypeScript packages and Mantine's CSS imports
  // are bundled into it.
  ssr: { noExternal: [/^@cedar\//, /^@mantine\//] },
  // bench/ and the server read Vite's manifest (client/.vite/manifest.json). React Router preloads
  // each page's modules itself (its <Scripts />); Vite's own preloading only served the lazily
  // loaded parts (popups, carousels), which load after the page has
  // started and find their shared chunks in: off, it no longer weighs on every page's first load.
  build: {
    manifest: true,
    modulePreload: false,
    // One stylesheet for the whole site, linked by every page (React Router's root route), and
    // nothing added once a page has started. Split by chunk, a lazily loaded chunk (a popup, a
    // carousel) linked the stylesheets it shares with the page a second time: React Router marks
    // its own links of such sheets with a '#', so Vite's loader did not find them on the page. Each
    // sheet added restyled the whole page, a task of 60-80 ms at 4x CPU in /puppies' Total Blocking
    // Time (docs/performance.md). Mantine's styles sit in its cascade layer, so their order in the
    // file against the site's own does not matter (src/root.tsx). After a start-up build,
    // scripts/split-admin-css.mjs moves the rules of the admin's own components to a sheet that
    // only the admin area links (decision 037): 14.4 KB gzip for every page, 10.2 for the admin.
    cssCodeSplit: false,
    // Vite gzips every output file to print its size: 0.6-0.8 s of each build, publishes
    // included. The benchmark measures the sizes that matter (bench/lib/bundle-size.mjs).
    reportCompressedSize: false,
    // Mantine's core and the components the site's frame and most pages use, in one chunk: split
    // by module, they came as some 25 files of a few hundred bytes each, and the first load of
    // every page was 4-8 KB gzip heavier for it (docs/performance.md). The rest of Mantine (the
    // Modal, Menu, the admin's inputs) stays in the chunks that need it.
    rolldownOptions: {
      // Rolldown's lazy barrel optimization (its documentation: "planned to become the default"):
      // a re-export of a side-effect-free barrel, @mantine/core's index above all, is compiled only
      // when something uses it. 470 modules for the client instead of 1,224, and the same chunks
      // within a few bytes; a publish's build 5.4-5.9 s instead of 7.9-8.1 s (docs/performance.md).
      experimental: { lazyBarrel: true },
      output: {
        // V8's explicit compile hints (decision 040): the client entry, where react-dom is, is
        // compiled whole while it streams in, off the main thread, rather than function by
        // function on the main thread as the page first calls them while it hydrates. At 4x CPU
        // the start-up's longest task 160-168 -> 133-148 ms median, hydration 166-180 ms sooner.
        // After minification (`postBanner`): the comment must be the file's first line.
        postBanner: (chunk) =>
          chunk.facadeModuleId?.endsWith('/src/entry.client.tsx') ? `${COMPILE_HINT}\n` : '',
        codeSplitting: {
          groups: [
            {
              name: 'mantine',
              // Only what the pages' own modules import: Mantine code that only a lazily loaded
              // chunk needs (the Modal's, the carousel's) stays with that chunk.
              tags: ['$initial'],
              test: MANTINE_FIRST_LOAD,
            },
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
    css: false,
    // Three projects. The public pages' and the build's tests (`site`) and the admin's (`admin`)
    // each share one module graph and one jsdom per worker (`isolate: false`): each test renders
    // into a fresh container that Testing Library's cleanup removes, and what an admin test leaves
    // behind (the API's handlers, the session in storage, the toasts) is cleared by the admin's
    // setup file. The three admin files that mock a module keep modules of their own
    // (`admin-mocks`). Decisions 028 and 041 have the figures.
    projects: [
      {
        extends: true,
        test: {
          name: 'site',
          include: ['src/**/*.test.{ts,tsx}', 'vite/**/*.test.ts'],
          exclude: ['src/features/admin/**'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'admin',
          include: ['src/features/admin/**/*.test.{ts,tsx}'],
          exclude: ADMIN_MOCKING_TESTS,
          setupFiles: ADMIN_SETUP,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'admin-mocks',
          include: ADMIN_MOCKING_TESTS,
          setupFiles: ADMIN_SETUP,
        },
      },
    ],
    // Rendering a whole page in jsdom takes well under a second alone, several on a loaded 2-core
    // machine: the default 5 s failed healthy tests there.
    testTimeout: 20_000,
    // bench/suite.mjs sets TEST_REPORT_DIR to read every test's time from a JSON report.
    ...(process.env.TEST_REPORT_DIR && {
      reporters: ['default', ['json', { outputFile: `${process.env.TEST_REPORT_DIR}/web.json` }]],
    }),
  },
});
