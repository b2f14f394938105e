import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter, matchRoutes } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { routes } from './app/routes';

async function start() {
  // Load the lazy route modules of this URL first, so hydration renders exactly what was prerendered.
  const lazyMatches = matchRoutes(routes, window.location)?.filter((m) => m.route.lazy) ?? [];
  await Promise.all(
    lazyMatches.map(async (m) => {
      const lazy = m.route.lazy as () => Promise<Record<string, unknown>>;
      Object.assign(m.route, { ...(await lazy()), lazy: undefined });
    }),
  );
  const router = createBrowserRouter(routes);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const app = (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  if (container.hasChildNodes()) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start();
