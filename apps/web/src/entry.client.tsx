import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { followCrossPolicyLinks } from './lib/document-policy';

// React Router's client entry, as its documentation gives it, plus one listener: links into or
// out of a forms page load a new document (see lib/document-policy.ts).
followCrossPolicyLinks(window);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
