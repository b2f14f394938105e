import { ADMIN_AREA_MODULE, NOT_FOUND_MODULE, pageRoutes, site } from '@cedar/content';
import { Suspense, type ComponentType, type ReactNode } from 'react';
import { Outlet, matchRoutes, useRoutes, type RouteObject } from 'react-router-dom';
import { PublicLayout } from '../components/layout/public-layout';
import { RouteEffects } from '../components/route-effects';
import { loadPage, usePage, type PageLoader, type PageModule } from './lazy-page';

function Root() {
  return (
    <>
      <RouteEffects />
      <Outlet />
    </>
  );
}

interface RouteEntry {
  path?: string;
  index?: true;
  element?: ReactNode;
  /** The page's module, loaded on first visit: it exports the page as `Component`. */
  lazy?: PageLoader;
  children?: RouteEntry[];
}

/**
 * Every module a page can be: each becomes a chunk of its own, loaded on first visit. The page
 * registry (packages/content/src/pages.ts) names them; nothing reads source text to find them.
 */
const pageModules = import.meta.glob<PageModule>('../features/*/*-page.tsx');
/**
 * A publish build has no admin area (__PUBLIC_ONLY__): the server serves the one built at
 * start-up, and a navigation into it from a published page loads it as a new document.
 */
const adminArea = __PUBLIC_ONLY__
  ? null
  : import.meta.glob<Record<string, ComponentType>>('../features/admin/admin-area.ts')[
      `../features/${ADMIN_AREA_MODULE}.ts`
    ]!;

/**
 * The path this document was loaded for (null while prerendering). Its Content-Security-Policy
 * is that page's: the server lets the forms provider's hosts in on the forms pages only
 * (site.forms.pages), and a policy holds for the document's whole life.
 */
const documentPath = typeof window === 'undefined' ? null : window.location.pathname;
const formsPages = new Set<string>(site.forms.pages);
const isFormsPage = (pathname: string) =>
  formsPages.has(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/**
 * A navigation into or out of a forms page that still reaches the app (one made by code, not a
 * link: see followCrossPolicyLinks) loads the page as a new document (the URL is already the new
 * one), so that it runs under its own policy: the form's script is let in on the forms pages, and
 * nowhere else. Until the new document arrives the current page stays on screen.
 */
export function underItsOwnPolicy(
  load: PageLoader,
  reload = () => window.location.reload(),
): PageLoader {
  return () => {
    if (documentPath === null) return load();
    if (isFormsPage(window.location.pathname) === isFormsPage(documentPath)) return load();
    reload();
    return new Promise<never>(() => {});
  };
}

/**
 * Links into or out of a forms page are the browser's to follow, never the router's: a new
 * document, under that page's own policy, with no app navigation racing a reload. Listens on the
 * window in the capture phase, before React's root: the router never sees such a click, and the
 * browser's default action (following the link) goes ahead. Other links are left to the app.
 */
export function followCrossPolicyLinks(win: Window & typeof globalThis) {
  win.addEventListener(
    'click',
    (event) => {
      if (documentPath === null || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof win.Element ? event.target.closest('a[href]') : null;
      if (!(anchor instanceof win.HTMLAnchorElement)) return;
      if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
      const url = new URL(anchor.href);
      if (url.origin !== win.location.origin) return;
      if (isFormsPage(url.pathname) === isFormsPage(documentPath)) return;
      event.stopPropagation();
    },
    { capture: true },
  );
}

/** The loader of a registry module ('puppies/puppies-page'). */
function moduleLoader(module: string): PageLoader {
  const load = pageModules[`../features/${module}.tsx`];
  if (!load) throw new Error(`the page registry names ${module}, which is not a page module`);
  return underItsOwnPolicy(load);
}

/** The admin area is one chunk exporting each screen by name. */
const adminScreen = (name: string) =>
  underItsOwnPolicy(async (): Promise<PageModule> => {
    if (adminArea === null) {
      window.location.reload();
      return new Promise<never>(() => {});
    }
    const Component = (await adminArea())[name];
    if (!Component) throw new Error(`the admin area exports no ${name}`);
    return { Component };
  });

/** The route table: the registry's pages in the public layout, the not-found page, the admin area. */
const table: RouteEntry[] = [
  {
    element: <Root />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          ...pageRoutes.map((page): RouteEntry =>
            page.path === '/'
              ? { index: true, lazy: moduleLoader(page.module) }
              : { path: page.path.slice(1), lazy: moduleLoader(page.module) },
          ),
          { path: '*', lazy: moduleLoader(NOT_FOUND_MODULE) },
        ],
      },
      {
        // One layout for the admin area: its query client and toasts (client-only, noindex).
        path: 'admin',
        lazy: adminScreen('AdminLayout'),
        children: [
          { index: true, lazy: adminScreen('DashboardScreen') },
          { path: 'login', lazy: adminScreen('LoginScreen') },
          { path: 'files', lazy: adminScreen('FilesScreen') },
          { path: 'litters', lazy: adminScreen('LittersScreen') },
          { path: 'security', lazy: adminScreen('SecurityScreen') },
          { path: 'waitlist', lazy: adminScreen('WaitlistScreen') },
        ],
      },
    ],
  },
];

/** A lazily loaded page: rendered at once when its module is in, else suspends until it is. */
function Page({ load }: { load: PageLoader }) {
  const Component: ComponentType = usePage(load);
  return <Component />;
}

function toRouteObject({ lazy, children, element, path, index }: RouteEntry): RouteObject {
  const base = {
    element: lazy ? <Page load={lazy} /> : element,
    handle: lazy ? { load: lazy } : undefined,
  };
  if (index) return { ...base, index: true };
  return { ...base, path, children: children?.map(toRouteObject) };
}

const routes: RouteObject[] = table.map(toRouteObject);

/**
 * Loads the page modules a URL renders, before the first render: the prerender renders the
 * page itself rather than a placeholder, and hydration finds exactly the prerendered tree.
 * Resolves with whether the URL is the not-found page.
 */
export async function loadRoute(pathname: string): Promise<{ notFound: boolean }> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches
      .map((m) => (m.route.handle as { load?: PageLoader } | undefined)?.load)
      .filter((l) => l !== undefined)
      .map(loadPage),
  );
  return { notFound: matches.some((m) => m.route.path === '*') };
}

/** The app's routes. A page whose module is still loading keeps the previous page on screen
 * (navigations are transitions); on a first render nothing is shown until it arrives. */
export function AppRoutes() {
  return <Suspense fallback={null}>{useRoutes(routes)}</Suspense>;
}
