import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../lib/http-errors';
import type { Page, WebHost } from '../publish/adopt';

/** Revalidated on every visit (cheaply, with the ETag), so a publish shows at once. */
const NO_CACHE = 'no-cache';
/** Names carry a content hash: the file behind a URL never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT = 'public, max-age=3600';
/** React Router's content type for its data files. */
const DATA_TYPE = 'text/x-script';

function decodePath(url: string): string | null {
  try {
    const pathname = decodeURIComponent(url.split('?')[0] ?? '/');
    return pathname.includes('\0') || pathname.includes('\\') ? null : pathname;
  } catch {
    return null;
  }
}

/** Image variants carry a content hash in their folder's name, scripts in their own. */
const isVersioned = (pathname: string) =>
  pathname.startsWith('/assets/') || pathname.startsWith('/img/');

/**
 * Serves the adopted builds (publish/adopt.ts) with @fastify/static: each file from the folder
 * of the build that adopted it, its precompressed .br or .gz copy as the browser accepts, with
 * the library's ETag and Last-Modified. Only what adoption listed is ever sent: the public pages
 * by route, their data, the scripts and stylesheets, the photos, and the start-up build's admin
 * shell and site-wide files. A document's own policy (its framework scripts' hashes, the forms
 * provider's hosts on the forms pages), computed at adoption, is set through helmet's reply API.
 */
export async function webHost(app: FastifyInstance, host: WebHost) {
  await app.register(fastifyStatic, {
    serve: false,
    // Each kind of file its own (below).
    cacheControl: false,
    index: false,
    preCompressed: true,
  });

  const sendPage = (reply: FastifyReply, status: number, root: string, page: Page) => {
    if (page.policy) reply.helmet({ contentSecurityPolicy: page.policy });
    reply.code(status).header('cache-control', NO_CACHE);
    // The not-found page carries no validator: a browser asking again gets it and its 404 again.
    return reply.sendFile(
      page.file,
      root,
      status === 200 ? {} : { etag: false, lastModified: false },
    );
  };

  const sendHtml = (reply: FastifyReply, pathname: string) => {
    const build = host.current;
    const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const page = build.pages.get(clean);
    if (page !== undefined) return sendPage(reply, 200, build.root, page);
    if (clean === '/admin' || clean.startsWith('/admin/'))
      return sendPage(reply, 200, host.shell.root, host.shell.adminShell);
    return sendPage(reply, 404, build.root, build.notFoundPage);
  };

  const serve = (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = decodePath(request.url);
    if (pathname === null) return sendHtml(reply, '/__not-found__');
    if (pathname === '/api' || pathname.startsWith('/api/')) throw notFound(request);
    const rel = pathname.slice(1);
    if (pathname.startsWith('/assets/')) {
      // The start-up build's first: its names are the admin area's, and stay its.
      const root = host.shell.assets.has(pathname)
        ? host.shell.root
        : host.builds.find((b) => b.assets.has(pathname))?.root;
      if (root === undefined) return sendHtml(reply, '/__not-found__');
      return reply.header('cache-control', IMMUTABLE).sendFile(rel, root);
    }
    if (host.current.data.has(pathname))
      return reply
        .header('cache-control', NO_CACHE)
        .type(DATA_TYPE)
        .sendFile(rel, host.current.root, { contentType: false });
    // Files by an explicit list: the site-wide files from the start-up build, the photos from the
    // builds that adopted them. The prerendered HTML files are served by route, never as files.
    if (host.shell.files.has(rel))
      return reply.header('cache-control', SHORT).sendFile(rel, host.shell.root);
    const builds = isVersioned(pathname) ? host.builds : [host.current];
    const owner = builds.find((b) => b.images.has(rel));
    if (owner !== undefined)
      return reply
        .header('cache-control', isVersioned(pathname) ? IMMUTABLE : SHORT)
        .sendFile(rel, owner.root);
    return sendHtml(reply, pathname);
  };

  app.get('/*', serve);
  app.get('/', serve);

  app.setNotFoundHandler(async (request) => {
    throw notFound(request);
  });
}
