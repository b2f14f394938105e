import { staticPart } from '../../components/static-content';

// Nothing on this page but text, photos and links: kept as prerendered when the page hydrates,
// and its code is a chunk of its own, loaded only when the page renders in the app.
export const Component = staticPart(() =>
  import('./not-found-content').then((module) => module.NotFoundContent),
);
