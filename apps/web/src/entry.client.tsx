import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { followCrossPolicyLinks } from './lib/document-policy';
import { APP_STARTED, BEFORE_HYDRATE } from './app-scripts';

// React Router's client entry, as its documentation gives it, plus one listener: links into or
// out of a forms page load a new document (see lib/document-policy.ts).
followCrossPolicyLinks(window);

// React stops a press on a part whose code is still loading and never replays it: a page's lazily
// loaded parts (the carousel) have their code in before it hydrates, and until then the start
// script keeps a press (start-app.ts, decision 035). A chunk that fails leaves its part to `lazy`.
void Promise.allSettled(window[BEFORE_HYDRATE] ?? []).then(() => {
  // From here on React sees every press itself: the page's start script stops keeping them.
  window[APP_STARTED] = true;
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
