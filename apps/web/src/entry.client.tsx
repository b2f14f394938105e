import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { followCrossPolicyLinks } from './lib/document-policy';
import { APP_STARTED } from './app-scripts';

// React Router's client entry, as its documentation gives it, plus one listener: links into or
// out of a forms page load a new document (see lib/document-policy.ts).
followCrossPolicyLinks(window);

// From here on React sees every press itself: the page's start script stops keeping them
// (start-app.ts). React replays none in a part still loading its code (docs/performance.md).
window[APP_STARTED] = true;
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
