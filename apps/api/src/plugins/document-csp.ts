import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Page, WebHost } from './web-host';

/**
 * React Router's prerendered documents start the app with a few inline scripts of their own (the
 * router's context and data, the module script that imports the page's route modules, the
 * scroll restoration). The policy lets in exactly those, by their SHA-256, each document its
 * own: no other inline script runs, and script-src stays 'self' otherwise. JSON-LD blocks are
 * data, not scripts, and need none.
 */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** The CSP hash sources of a document's inline scripts. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes) || /application\/ld\+json/i.test(attributes)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return [...hashes];
}

const hashesOfPage = new WeakMap<Page, string>();
function pageHashes(page: Page): string {
  let hashes = hashesOfPage.get(page);
  if (hashes === undefined) {
    hashes = inlineScriptHashes(page.body.identity.toString('utf8')).join(' ');
    hashesOfPage.set(page, hashes);
  }
  return hashes;
}

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
