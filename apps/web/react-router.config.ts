import type { Config } from '@react-router/dev/config';
import { PUBLIC_ROUTES } from '@cedar/content';

/**
 * React Router's framework mode, without a server at run time: every public route is prerendered
 * to HTML (and its `.data`, what a navigation in the app loads) at build time; the admin area is
 * client-only, served by the SPA fallback (`__spa-fallback.html`, renamed admin.html by
 * scripts/build.mjs). NOT_FOUND_PATH matches no page: its document is the not-found page, which
 * the server sends with HTTP 404 for any unknown path. A publish build (scripts/build.mjs --publish,
 * WEB_PUBLIC_ONLY=1) prerenders the public pages only: src/routes.ts leaves out the admin area and
 * the crawl files, which the server keeps from the build it started with (decision 016).
 */
export const NOT_FOUND_PATH = '/__not-found__';

export default {
  appDirectory: 'src',
  // scripts/build.mjs --out-dir <dir>: <dir>/client is what the server serves.
  buildDirectory: process.env.WEB_OUT_DIR ?? 'dist',
  ssr: false,
  // React Router v8's build: one Vite builder (Vite's Environment API) resolves the configuration
  // once and builds the client and the server bundle, then prerenders. The v7 way resolved it once
  // per step: some 2.5 s of CPU more per build, a publish's included (docs/performance.md).
  future: { v8_viteEnvironmentApi: true },
  // The content's records are checked by the prerender's server entry (src/entry.server.tsx).
  prerender() {
    const pages = [...PUBLIC_ROUTES, NOT_FOUND_PATH];
    return process.env.WEB_PUBLIC_ONLY === '1' ? pages : [...pages, '/sitemap.xml', '/robots.txt'];
  },
} satisfies Config;
