// Mantine's global styles; each component's own stylesheet comes with it (vite/mantine-css-plugin.ts).
// Mantine's styles are in its `mantine` cascade layer (its `.layer.css` files), so the site's own
// styles win over them whatever their order in the stylesheet.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import { MantineProvider, mantineHtmlProps } from '@mantine/core';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Links, Meta, Outlet, Scripts, useRouteError } from 'react-router';
import { site } from '@cedar/content';
import { APP_SCRIPTS, APP_STARTED, EARLY_PRESS } from './app-scripts';
import START_APP from './start-app.ts?inline-script';
import { theme } from './theme';
import type { Route } from './+types/root';

export function Layout({ children }: { children: ReactNode }) {
  // The page is hydrated: from here on React sees every press itself, and a button pressed before
  // (kept by the start script, start-app.ts) is pressed now, once, and reaches its handler. Here in
  // the Layout, so that the error page and the admin's shell start too. The carousel, the one part
  // loaded lazily in a prerendered page, is hydrated with the rest (entry.client.tsx), so this press
  // finds its code in.
  useEffect(() => {
    window[APP_STARTED] = true;
    const early = window[EARLY_PRESS];
    delete window[EARLY_PRESS];
    if (early?.isConnected) setTimeout(() => early.click());
  }, []);
  return (
    <html lang="en" {...mantineHtmlProps}>
      <head>
        <meta charSet="UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1.0" />
        <meta name="theme-color" content="#6d761d" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body>
        <MantineProvider theme={theme} defaultColorScheme="light">
          {children}
        </MantineProvider>
        {/* The scroll is kept by each area's layout: React Router's <ScrollRestoration> in the
            public pages' (components/layout/public-layout.tsx), the admin's own in the admin's
            (decision 042). */}
        {/* React Router's scripts, started once the page has loaded and painted (start-app.ts).
            Written into the prerendered HTML only: in the browser React renders nothing here, and
            hydrating it skips the tag it did not render (React 19 skips unexpected tags in
            <body>, react.dev/blog/2024/12/05/react-19). */}
        {import.meta.env.SSR ? (
          <noscript id={APP_SCRIPTS}>
            <Scripts />
          </noscript>
        ) : null}
        {/* The script that starts them, likewise in the prerendered HTML only: it has run by the
            time React hydrates, so the app's own code does not carry its text a second time. */}
        {import.meta.env.SSR ? <script dangerouslySetInnerHTML={{ __html: START_APP }} /> : null}
      </body>
    </html>
  );
}

/**
 * The head of a document no deeper route names one for: the SPA fallback, which is the admin
 * area's shell (admin.html). Every public page and the not-found page have their own meta.
 */
export const meta: Route.MetaFunction = ({ error }) => [
  // A page that failed names itself (features/not-found/error-page.tsx writes its <title>).
  // React Router passes `null` (or `undefined`) when nothing failed.
  ...(error === null || error === undefined ? [{ title: `Admin | ${site.brandName}` }] : []),
  { name: 'robots', content: 'noindex' },
];

export default function App() {
  // Marks the page as interactive, so browser tests know when presses reach React.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return <Outlet />;
}

/** The admin area's document (the SPA fallback) before its client-only screens are in. */
export function HydrateFallback() {
  return null;
}

const ErrorPage = lazy(() => import('./features/not-found/error-page'));

/**
 * A page that fails to load or draw (its data does not come, its code throws) shows the site's own
 * error page, with the header and footer, instead of React Router's bare default.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <Suspense fallback={null}>
      <ErrorPage error={error} />
    </Suspense>
  );
}
