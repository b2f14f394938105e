import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../lib/http-errors';
import { WEB_APP } from '../web-app';

type Encoding = 'br' | 'gzip' | 'identity';

/** One prerendered HTML document, held in memory as sent: plain, brotli and gzip. */
export interface Page {
  body: Record<Encoding, Buffer>;
  etag: string;
}

/** A hashed script or stylesheet of the build, held in memory like the pages. */
export interface Asset extends Page {
  type: string;
}

export interface WebBuild {
  /** 'initial' for the build the server started with, else the publish build's id */
  id: string;
  /** Absolute path of the web app's client build */
  root: string;
  /** Prerendered HTML by URL path, held in memory */
  pages: Map<string, Page>;
  /** The not-found page's HTML (also sent by app.ts for URLs the router turns away) */
  notFound: string;
  notFoundPage: Page;
  adminShell: Page;
  /** The build's scripts and stylesheets (`/assets/*.js|css`, about 1 MB), by URL path */
  assets: Map<string, Asset>;
}

/** The build's precompressed copies (scripts/compress.mjs), or compressed here when absent. */
function loadPage(file: string): Page {
  const identity = fs.readFileSync(file);
  const sibling = (ext: string, make: () => Buffer) =>
    fs.existsSync(file + ext) ? fs.readFileSync(file + ext) : make();
  return {
    body: {
      identity,
      br: sibling('.br', () => zlib.brotliCompressSync(identity)),
      gzip: sibling('.gz', () => zlib.gzipSync(identity, { level: 9 })),
    },
    etag: `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
  };
}

const ASSET_TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/**
 * Every script and stylesheet the pages load goes through here, so they are read once instead of
 * being looked up, opened and streamed from disk on each request (@fastify/static measured about
 * 1,100-1,400 req/s for the 800-byte boot script here). Images stay on disk and are streamed.
 */
function readAssets(root: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  const dir = path.join(root, 'assets');
  if (!fs.existsSync(dir)) return assets;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const type = ASSET_TYPES[path.extname(entry.name)];
    if (entry.isFile() && type !== undefined)
      assets.set(`/assets/${entry.name}`, { ...loadPage(path.join(dir, entry.name)), type });
  }
  return assets;
}

const STATIC_FOLDERS = new Set(['assets', 'images', 'img']);

function readHtmlTree(
  root: string,
  dir = root,
  pages = new Map<string, Page>(),
): Map<string, Page> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && !STATIC_FOLDERS.has(entry.name) && !entry.name.startsWith('.'))
      readHtmlTree(root, full, pages);
    else if (entry.name === 'index.html') {
      const rel = path.relative(root, dir).split(path.sep).join('/');
      pages.set(rel === '' ? '/' : `/${rel}`, loadPage(full));
    }
  }
  return pages;
}

/** Reads a client build into memory; throws when a piece the server needs is missing. */
export function loadWebBuild(root: string, id = 'initial'): WebBuild {
  const notFoundFile = path.join(root, WEB_APP.notFoundPage);
  return {
    id,
    root: path.resolve(root),
    pages: readHtmlTree(root),
    notFound: fs.readFileSync(notFoundFile, 'utf8'),
    notFoundPage: loadPage(notFoundFile),
    adminShell: loadPage(path.join(root, WEB_APP.adminShell)),
    assets: readAssets(root),
  };
}

/**
 * The build being served, swappable in one step. Browsers still showing a page of the previous
 * build may ask for its hashed assets and image variants, so the last few roots stay readable.
 */
export class WebHost {
  private previous: WebBuild[] = [];

  constructor(private build: WebBuild) {}

  get current(): WebBuild {
    return this.build;
  }

  /** Every build still in use, newest first. */
  get builds(): WebBuild[] {
    return [this.build, ...this.previous];
  }

  /** Every root still in use, newest first. */
  get roots(): string[] {
    return this.builds.map((b) => b.root);
  }

  swap(next: WebBuild) {
    this.previous = [this.build, ...this.previous.filter((b) => b.root !== next.root)].slice(0, 2);
    this.build = next;
  }
}

/** The best encoding the client accepts: brotli, then gzip, else none (q=0 means refused). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  let br = false;
  let gzip = false;
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q !== undefined && Number(q.slice(2)) === 0) continue;
    if (name === 'br') br = true;
    else if (name === 'gzip' || name === '*') gzip = true;
  }
  return br ? 'br' : gzip ? 'gzip' : 'identity';
}

const HTML_HEADERS = {
  // Revalidated on every visit (cheaply, with the ETag), so a publish shows at once.
  'cache-control': 'no-cache',
  'content-type': 'text/html; charset=utf-8',
  vary: 'accept-encoding',
};
/** Names carry a content hash: the file behind a URL never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT = 'public, max-age=3600';

function decodePath(url: string): string | null {
  try {
    const pathname = decodeURIComponent(url.split('?')[0] ?? '/');
    return pathname.includes('\0') || pathname.includes('\\') ? null : pathname;
  } catch {
    return null;
  }
}

/** A file under root named by a URL path, or null; never anything outside root, nor a dot folder. */
function fileUnder(root: string, pathname: string): string | null {
  if (pathname.includes('/.')) return null;
  const full = path.join(root, pathname);
  if (!full.startsWith(root + path.sep)) return null;
  try {
    return fs.statSync(full).isFile() ? path.relative(root, full) : null;
  } catch {
    return null;
  }
}

const isVersioned = (pathname: string) =>
  pathname.startsWith('/assets/') || pathname.startsWith('/img/');

/**
 * Serves the prerendered site: HTML from memory (precompressed, with an ETag), files from the
 * current build's folder with their precompressed .br/.gz copies.
 */
export async function webHost(
  app: FastifyInstance,
  host: WebHost,
  /** A page's own Content-Security-Policy by its route, when it has one (the forms pages). */
  pageCsp?: (route: string) => string | undefined,
) {
  await app.register(fastifyStatic, {
    serve: false,
    cacheControl: false,
    index: false,
    preCompressed: true,
  });

  /** A page or asset from memory: 304 when the browser has it, else the best encoding it accepts. */
  const sendFromMemory = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    page: Page,
  ) => {
    reply.header('etag', page.etag);
    if (status === 200 && request.headers['if-none-match'] === page.etag)
      return reply.code(304).send();
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.code(status).send(page.body[encoding]);
  };

  const sendPage = (request: FastifyRequest, reply: FastifyReply, status: number, page: Page) =>
    sendFromMemory(request, reply.headers(HTML_HEADERS), status, page);

  const sendAsset = (request: FastifyRequest, reply: FastifyReply, asset: Asset) =>
    sendFromMemory(
      request,
      reply.headers({
        'cache-control': IMMUTABLE,
        'content-type': asset.type,
        vary: 'accept-encoding',
      }),
      200,
      asset,
    );

  const sendHtml = (request: FastifyRequest, reply: FastifyReply, pathname: string) => {
    const build = host.current;
    const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const page = build.pages.get(clean);
    if (page !== undefined) {
      const csp = pageCsp?.(clean);
      if (csp) reply.header('content-security-policy', csp);
      return sendPage(request, reply, 200, page);
    }
    if (clean === '/admin' || clean.startsWith('/admin/'))
      return sendPage(request, reply, 200, build.adminShell);
    return sendPage(request, reply, 404, build.notFoundPage);
  };

  const serve = (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = decodePath(request.url);
    if (pathname === null) return sendHtml(request, reply, '/__not-found__');
    if (pathname === '/api' || pathname.startsWith('/api/')) throw notFound(request);
    if (pathname.startsWith('/assets/')) {
      for (const build of host.builds) {
        const asset = build.assets.get(pathname);
        if (asset !== undefined) return sendAsset(request, reply, asset);
      }
    }
    // The prerendered HTML files are served by route, never as files.
    if (path.extname(pathname) && !pathname.endsWith('.html')) {
      const roots = isVersioned(pathname) ? host.roots : [host.current.root];
      for (const root of roots) {
        const file = fileUnder(root, pathname);
        if (file === null) continue;
        reply.header('cache-control', isVersioned(pathname) ? IMMUTABLE : SHORT);
        return reply.sendFile(file, root);
      }
    }
    return sendHtml(request, reply, pathname);
  };

  app.get('/*', serve);
  app.get('/', serve);

  app.setNotFoundHandler(async (request) => {
    throw notFound(request);
  });
}
