// Mantine's global styles; each component's own stylesheet comes with it (vite/mantine-css-plugin.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { AppRoutes, loadRoute } from './app/routes';

async function start() {
  // Load this URL's page module first, so hydration renders exactly what was prerendered.
  await loadRoute(window.location.pathname);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const app = (
    <StrictMode>
      <AppProviders>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>
  );
  // Hydrating as a transition lets React yield to the browser between components instead of
  // blocking the main thread for the whole page at once.
  if (container.hasChildNodes()) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
}

void start();
