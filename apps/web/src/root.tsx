// Mantine's global styles; each component's own stylesheet comes with it (vite/mantine-css-plugin.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import { MantineProvider, mantineHtmlProps } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, type MetaFunction } from 'react-router';
import { site } from '@cedar/content';
import { theme } from './theme';

/**
 * The page is prerendered whole, so its first paint needs no script. React Router's <Scripts />
 * (untouched) is written inside a <noscript>, where the browser reads it as text and fetches
 * nothing; START_APP, right after it, puts it into the page in two steps:
 * - at once, the inline scripts that fetch nothing (React Router's context, which the page's data
 *   that follows in the document is written into);
 * - once the page has loaded and the browser has reported its first contentful paint (at once
 *   after the load for the admin area's shell, which shows nothing until its app runs), the
 *   module preloads and the module script that start the app, as React Router wrote them.
 * Fetched from the head, some 140 KB of script shared the network with the page's stylesheets and
 * largest image, and Lighthouse counted all of it in the largest paint (decision 018). Nothing is
 * replayed: a link pressed before the app runs works as a link, a button once the app runs. The
 * inline scripts, this one included, are allowed by their hashes (apps/api document-csp.ts).
 */
const APP_SCRIPTS = 'app-scripts';
const START_APP = `{
  const source = document.getElementById('${APP_SCRIPTS}');
  const app = document.createRange().createContextualFragment(source ? source.textContent : '');
  for (const script of app.querySelectorAll('script:not([src]):not([type])')) document.body.append(script);
  const loaded = new Promise((resolve) => addEventListener('load', resolve));
  // The admin area's shell has nothing to paint before its app runs.
  const blank = !document.querySelector('body > :not(script, style, noscript, template, link)');
  const painted = new Promise((resolve) => {
    if (blank) return resolve();
    new PerformanceObserver((paints, observer) => {
      if (paints.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve();
    }).observe({ type: 'paint', buffered: true });
  });
  // One task per element: appended at once, the 25 or so took one task of 22 ms (88 at 4x CPU).
  Promise.all([loaded, painted]).then(() => {
    for (const node of [...app.childNodes]) setTimeout(() => document.body.append(node));
  });
}`;

export function Layout({ children }: { children: ReactNode }) {
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
        <ScrollRestoration />
        {/* React Router's scripts, started once the page has loaded and painted (see below). */}
        <noscript id={APP_SCRIPTS}>
          <Scripts />
        </noscript>
        <script dangerouslySetInnerHTML={{ __html: START_APP }} />
      </body>
    </html>
  );
}

/**
 * The head of a document no deeper route names one for: the SPA fallback, which is the admin
 * area's shell (admin.html). Every public page and the not-found page have their own meta.
 */
export const meta: MetaFunction = () => [
  { title: `Admin | ${site.brandName}` },
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
