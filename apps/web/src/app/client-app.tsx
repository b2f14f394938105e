import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { beginHydration, whenHydrated } from '../lib/hydration';
import { AppRoutes, followCrossPolicyLinks, loadRoute } from './routes';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Hydrates the prerendered page (or renders into an empty shell, as on the admin pages).
 * Resolves once React's root exists, and so handles presses on the page, with a promise that
 * resolves once the page has hydrated (at once for an empty shell).
 */
export async function startApp(): Promise<{ hydrated: Promise<void> }> {
  // Load this URL's page module first, so hydration renders exactly what was prerendered.
  await loadRoute(window.location.pathname);
  // A turn for the browser between evaluating the page's code and hydrating it: two shorter
  // tasks instead of one long one.
  await nextTask();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  followCrossPolicyLinks(window);
  const app = (
    <StrictMode>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </StrictMode>
  );
  // Hydrating as a transition lets React yield to the browser between components instead of
  // blocking the main thread for the whole page at once.
  if (container.hasChildNodes()) {
    beginHydration();
    startTransition(() => void hydrateRoot(container, app));
    return { hydrated: whenHydrated() };
  }
  createRoot(container).render(app);
  return { hydrated: Promise.resolve() };
}
