import { Suspense, type ComponentType, type ReactNode } from 'react';
import { Outlet, matchRoutes, useRoutes, type RouteObject } from 'react-router-dom';
import { PublicLayout } from '../components/layout/public-layout';
import { RouteEffects } from '../components/route-effects';
import { loadPage, usePage, type PageLoader } from './lazy-page';

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

/** Spec §2's route table. Each page is its own chunk; the admin area never loads on public pages. */
const table: RouteEntry[] = [
  {
    element: <Root />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, lazy: () => import('../features/home/home-page') },
          { path: 'puppies', lazy: () => import('../features/puppies/puppies-page') },
          {
            path: 'puppy-application',
            lazy: () => import('../features/application/application-page'),
          },
          { path: 'breeding-dogs', lazy: () => import('../features/our-dogs/our-dogs-page') },
          { path: 'health-testing', lazy: () => import('../features/health/health-page') },
          { path: 'training', lazy: () => import('../features/training/training-page') },
          { path: 'boarding', lazy: () => import('../features/boarding/boarding-page') },
          { path: 'facilities', lazy: () => import('../features/team/team-page') },
          { path: 'raw-dog-food', lazy: () => import('../features/raw-food/raw-food-page') },
          { path: 'halloween-contest', lazy: () => import('../features/halloween/halloween-page') },
          { path: 'contact', lazy: () => import('../features/contact/contact-page') },
          { path: '*', lazy: () => import('../features/not-found/not-found-page') },
        ],
      },
      {
        // One layout for the admin area: its query client and toasts (client-only, noindex).
        path: 'admin',
        lazy: async () => ({
          Component: (await import('../features/admin/admin-area')).AdminLayout,
        }),
        children: [
          {
            index: true,
            lazy: async () => ({
              Component: (await import('../features/admin/admin-area')).DashboardScreen,
            }),
          },
          {
            path: 'login',
            lazy: async () => ({
              Component: (await import('../features/admin/admin-area')).LoginScreen,
            }),
          },
          {
            path: 'files',
            lazy: async () => ({
              Component: (await import('../features/admin/admin-area')).FilesScreen,
            }),
          },
          {
            path: 'security',
            lazy: async () => ({
              Component: (await import('../features/admin/admin-area')).SecurityScreen,
            }),
          },
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

export const routes: RouteObject[] = table.map(toRouteObject);

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
