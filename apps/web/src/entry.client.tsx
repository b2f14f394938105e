import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { followCrossPolicyLinks } from './lib/document-policy';
import { BEFORE_HYDRATE } from './app-scripts';

// React Router's client entry, as its documentation gives it, plus one listener: links into or
// out of a forms page load a new document (see lib/document-policy.ts).
followCrossPolicyLinks(window);

// React stops a press on a part whose code is still loading and never replays it: a page's lazily
// loaded parts (the carousel) have their code in before it hydrates. Until the page has hydrated,
// the start script keeps a press (start-app.ts, decisions 035 and 039), and root.tsx's Layout
// presses it once React has committed. A chunk that fails leaves its part to `lazy`.
void Promise.allSettled(window[BEFORE_HYDRATE] ?? []).then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
