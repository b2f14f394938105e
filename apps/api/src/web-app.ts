import path from 'node:path';

/**
 * Everything the API knows about the web app (apps/web), in one place: where it is, how it is
 * built, what a build looks like, and what of it the owner may edit. Nothing else in the API
 * names a path of the web app.
 */
export const WEB_APP = {
  /** The web app, from the repository root. */
  dir: 'apps/web',
  /** `node <buildScript> --out-dir <folder>` in the web app builds it into `<folder>`. */
  buildScript: 'scripts/build.mjs',
  /** Vite writes its bundled config here; the publish sandbox gives it a scratch folder. */
  viteScratch: 'node_modules/.vite-temp',
  /** The build `npm start` makes and the server serves by default, from the repository root. */
  defaultDist: 'apps/web/dist/client',
  /** Where each publish builds, one folder per build, from the repository root. */
  buildsDir: 'apps/web/dist/builds',
  /**
   * Where a publish's build process writes, from the repository root: one folder per process,
   * named after the server's pid, moved into buildsDir once the process has exited.
   */
  nextDir: 'apps/web/dist/next',
  /** Inside a build folder: what is served (the prerendered pages, assets and images). */
  client: 'client',
  /** Inside the client folder: the not-found page and the shell of the client-only admin area. */
  notFoundPage: '404.html',
  adminShell: 'admin.html',
  /** Inside the client folder: Vite's manifest, naming every script and stylesheet it wrote. */
  manifest: '.vite/manifest.json',
  /** Inside the client folder: the photos as the owner keeps them, and their generated variants. */
  imageFolders: ['images', 'img'],
  /**
   * Files at the client folder's top that no edit changes: always served from the build made at
   * start-up, never from a publish build.
   */
  shellFiles: ['favicon.svg', 'robots.txt', 'sitemap.xml'],
} as const;

/** The web app's folders as absolute paths below a repository root. */
export function webAppPaths(repoRoot: string) {
  const dir = path.join(repoRoot, WEB_APP.dir);
  return {
    dir,
    buildsDir: path.join(repoRoot, WEB_APP.buildsDir),
    defaultDist: path.join(repoRoot, WEB_APP.defaultDist),
    viteScratch: path.join(dir, WEB_APP.viteScratch),
  };
}
