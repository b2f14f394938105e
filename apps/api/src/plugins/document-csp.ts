import type { FastifyInstance } from 'fastify';
import type { Page, WebHost } from './web-host';

/**
 * React Router's prerendered documents start the app with a few inline scripts of their own (the
 * router's context and data, the module script that imports the page's route modules, the scroll
 * restoration, React's streaming helpers, the start script of start-app.ts). A page's policy lets
 * in exactly the scripts the page gate accepted as the framework's (publish/page-gate.ts: the
 * same in kind, number and place as the trusted start-up build writes for the route, differing
 * in data alone), by their SHA-256; the admin area's shell, which only the start-up build writes,
 * its own. Nothing is trusted for being in the HTML: a page the gate has not passed gets no
 * inline script at all, and script-src stays 'self' otherwise.
 */
const pageHashes = (page: Page) => (page.scriptHashes ?? []).join(' ');

/** The document a response sends, by its ETag (web-host.ts sets one per document). */
function documentByEtag(host: WebHost, etag: string): Page | undefined {
  // The admin area's shell is the start-up build's (decision 016); the pages, the builds'.
  if (host.shell.adminShell.etag === etag) return host.shell.adminShell;
  for (const build of host.builds) {
    for (const page of [...build.pages.values(), build.notFoundPage])
      if (page.etag === etag) return page;
  }
  return undefined;
}

/** Adds each document's inline-script hashes to the script-src of the policy it is sent with. */
export function documentCsp(app: FastifyInstance, host: WebHost) {
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = reply.getHeader('content-type');
    const etag = reply.getHeader('etag');
    const csp = reply.getHeader('content-security-policy');
    if (typeof etag !== 'string' || typeof csp !== 'string') return payload;
    if (typeof type !== 'string' || !type.startsWith('text/html')) return payload;
    const page = documentByEtag(host, etag);
    const hashes = page && pageHashes(page);
    if (hashes)
      reply.header(
        'content-security-policy',
        csp.replace(
          /(^|;)\s*script-src ([^;]*)/,
          (_all, start: string, sources: string) => `${start}script-src ${sources} ${hashes}`,
        ),
      );
    return payload;
  });
}
