import type { Config } from '@react-router/dev/config';
import { PUBLIC_ROUTES, validateContent } from '@cedar/content';

/**
 * React Router's framework mode, without a server at run time: every public route is prerendered
 * to HTML (and its `.data`, what a navigation in the app loads) at build time; the admin area is
 * client-only, served by the SPA fallback (`__spa-fallback.html`, renamed admin.html by
 * scripts/build.mjs). NOT_FOUND_PATH matches no page: its document is the not-found page, which
 * the server sends with HTTP 404 for any unknown path.
 */
export const NOT_FOUND_PATH = '/__not-found__';

export default {
  appDirectory: 'src',
  // scripts/build.mjs --out-dir <dir>: <dir>/client is what the server serves.
  buildDirectory: process.env.WEB_OUT_DIR ?? 'dist',
  ssr: false,
  prerender() {
    // Every content record is checked first: a bad one fails the build, naming it.
    validateContent();
    return [...PUBLIC_ROUTES, NOT_FOUND_PATH, '/sitemap.xml', '/robots.txt'];
  },
} satisfies Config;
