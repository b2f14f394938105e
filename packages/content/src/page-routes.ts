import { pages } from './pages';

// The router's part of the page registry, in a module of its own: the first load of every page
// carries these paths and module names, while the pages' titles and descriptions stay in the
// chunk that sets them after a navigation.

/**
 * What the router needs of each page: its path and module, no words. Computed, so the web build
 * ships its value (apps/web/vite/content-data-plugin.ts) and the first load of every page carries
 * this and not the table.
 */
export const pageRoutes: readonly { path: string; module: string }[] = pages.map(
  ({ path, module }) => ({ path, module }),
);

/** The module of the not-found screen (any other path). */
export const NOT_FOUND_MODULE = 'not-found/not-found-page';
/** The module of the client-only admin area (/admin and below). */
export const ADMIN_AREA_MODULE = 'admin/admin-area';

/** The web app's source file of a page module, from the web app's folder (Vite's manifest key). */
export const pageModuleFile = (module: string) =>
  `src/features/${module}.${module === ADMIN_AREA_MODULE ? 'ts' : 'tsx'}`;
