import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

/**
 * Each public page's route module, by its address in the page registry (packages/content's
 * `pages`): routes.test.ts checks that the two name the same pages.
 */
export const pageModules: Readonly<Record<string, string>> = {
  '/': 'features/home/home-page.tsx',
  '/puppies': 'features/puppies/puppies-page.tsx',
  '/puppy-application': 'features/application/application-page.tsx',
  '/breeding-dogs': 'features/our-dogs/our-dogs-page.tsx',
  '/health-testing': 'features/health/health-page.tsx',
  '/training': 'features/training/training-page.tsx',
  '/boarding': 'features/boarding/boarding-page.tsx',
  '/facilities': 'features/team/team-page.tsx',
  '/raw-dog-food': 'features/raw-food/raw-food-page.tsx',
  '/halloween-contest': 'features/halloween/halloween-page.tsx',
  '/contact': 'features/contact/contact-page.tsx',
};

/**
 * A publish build (scripts/build.mjs --publish sets WEB_PUBLIC_ONLY=1) is the public pages only:
 * the server keeps serving the admin area, sitemap.xml and robots.txt of the build it started
 * with (decision 016). Read here, at build time, by React Router's config loader.
 */
const publicOnly = process.env.WEB_PUBLIC_ONLY === '1';

const site = [
  layout('components/layout/public-layout.tsx', [
    ...Object.entries(pageModules).map(([path, file]) =>
      path === '/' ? index(file) : route(path.slice(1), file),
    ),
    route('*', 'features/not-found/not-found-page.tsx'),
  ]),
];

const adminAndCrawlFiles = [
  // The admin area: client-only (no loader), served by the SPA fallback.
  route('admin', 'features/admin/admin-layout.tsx', [
    route('login', 'features/admin/login-screen.tsx'),
    // A helper's invitation: opened before any sign-in, so outside the shell like the login.
    route('invite', 'features/admin/invite-screen.tsx'),
    // The signed-in screens, in the admin shell (navigation, who is signed in, Logout); each
    // also has its line in features/admin/lib/screens.ts, which says which roles may open it.
    layout('features/admin/admin-shell.tsx', [
      index('features/admin/dashboard-screen.tsx'),
      route('files', 'features/admin/files-screen.tsx'),
      route('litters', 'features/admin/litters-screen.tsx'),
      route('security', 'features/admin/security-screen.tsx'),
      route('waitlist', 'features/admin/waitlist-screen.tsx'),
    ]),
  ]),
  // Resource routes, prerendered to files.
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
];

export default [
  ...site,
  ...(publicOnly
    ? // No admin screens in this build: a navigation into the admin area loads it as a new
      // document, from the build the server started with.
      [route('admin/*', 'routes/admin-elsewhere.tsx')]
    : adminAndCrawlFiles),
] satisfies RouteConfig;
