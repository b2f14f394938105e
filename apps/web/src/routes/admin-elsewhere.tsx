import { redirectDocument, type ClientLoaderFunctionArgs } from 'react-router';

/**
 * A publish build's stand-in for the admin area (src/routes.ts; outside features/admin, so that
 * build holds no admin module). The server serves the admin area of the build it started with,
 * so a navigation here from a published page becomes a new document load of the same address
 * (React Router's redirectDocument). Links already load one (lib/document-policy.ts); this
 * catches any other navigation. Only a publish build's route table names this module, so React
 * Router's typegen (which reads the start-up build's table) writes no `./+types` for it.
 */
export function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const url = new URL(request.url);
  return redirectDocument(url.pathname + url.search);
}

export default function AdminElsewhere() {
  return null;
}
