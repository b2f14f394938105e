import { Outlet, type RouteObject } from 'react-router-dom';
import { PublicLayout } from '../components/layout/public-layout';
import { RouteEffects } from '../components/route-effects';

function Root() {
  return (
    <>
      <RouteEffects />
      <Outlet />
    </>
  );
}

/** Spec §2's route table. Each page is its own chunk; the admin area never loads on public pages. */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, lazy: () => import('../features/home/home-page') },
          { path: 'puppies', lazy: () => import('../features/puppies/puppies-page') },
          { path: 'puppy-application', lazy: () => import('../features/application/application-page') },
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
        path: 'admin/login',
        lazy: async () => ({ Component: (await import('../features/admin/admin-pages')).LoginPage }),
      },
      {
        path: 'admin',
        lazy: async () => ({ Component: (await import('../features/admin/admin-pages')).DashboardPage }),
      },
      {
        path: 'admin/files',
        lazy: async () => ({ Component: (await import('../features/admin/admin-pages')).FilesPage }),
      },
    ],
  },
];
