import { createHash } from 'node:crypto';
import type fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../lib/http-errors';
import { IMAGE_MAGIC_BYTES, photoProblem } from '../lib/image-kind';
import { PUBLIC_ROUTES } from '@cedar/content';
import { WEB_APP } from '../web-app';
import {
  NOT_FOUND_ROUTE,
  pageTemplate,
  type PageTemplate,
  trustedScriptHashes,
} from '../publish/page-gate';

type Encoding = 'br' | 'gzip' | 'identity';

/** One prerendered HTML document, held in memory as sent: plain, brotli and gzip. */
export interface Page {
  body: Record<Encoding, Buffer>;
  etag: string;
  /**
   * The CSP hash sources of the inline scripts the page gate accepted as the framework's
   * (publish/page-gate.ts); a page the gate has not passed runs no inline script.
   */
  scriptHashes?: readonly string[];
}

/** A hashed script or stylesheet of the build, held in memory like the pages. */
export interface Asset extends Page {
  type: string;
}

/**
 * What no publish changes: the admin area's shell and scripts and the site-wide files, from the
 * build `npm start` made from the checked-out code (WEB_DIST). Its scripts and stylesheets are
 * looked up before any publish build's, so no publish can put a file of its own under one of
 * their names.
 */
export interface SiteShell {
  root: string;
  adminShell: Page;
  /** Every script and stylesheet of the start-up build, by URL path */
  assets: Map<string, Asset>;
  /** The site-wide files (WEB_APP.shellFiles) it has, by name */
  files: Set<string>;
  /**
   * The framework's scripts of each of its pages, by route (the not-found page under
   * NOT_FOUND_ROUTE): what the gate holds every page to (publish/page-gate.ts, issue 35).
   */
  templates: Map<string, PageTemplate>;
}

/**
 * The public half of a build: only what a public page needs, adopted by an explicit list (each
 * public route's HTML and data, the scripts and stylesheets Vite's manifest names, the photos
 * whose bytes are photos). A publish build runs the owner's edited code, which may write any file
 * into its folder: whatever is not on the list is never served.
 */
/** The id of WEB_DIST's build, the one `npm start` made: the only one read precompressed. */
export const STARTUP_BUILD_ID = 'initial';

export interface WebBuild {
  /** STARTUP_BUILD_ID for the build the server started with, else the publish build's id */
  id: string;
  /** Absolute path of the web app's client build */
  root: string;
  /** Prerendered HTML by URL path, held in memory */
  pages: Map<string, Page>;
  /** React Router's data for client-side navigations (`/<route>.data`), by URL path */
  data: Map<string, Page>;
  /** The not-found page's HTML (also sent by app.ts for URLs the router turns away) */
  notFound: string;
  notFoundPage: Page;
  /** The build's scripts and stylesheets (`/assets/*.js|css`, about 1 MB), by URL path */
  assets: Map<string, Asset>;
  /** The photos and their variants (`images/…`, `img/…`), relative paths with `/` */
  images: Set<string>;
}

/** An ETag from a body's plain bytes: also the key under which its compressed copies are reused. */
const etagOf = (identity: Buffer) =>
  `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;

/**
 * The path of a regular file at `rel` under `root` (its real path), or null: symbolic links are
 * refused, and so is anything that resolves outside root. A build's own code may have left a
 * link to the store or to a file of the host in its folder. Without blocking the server: a build
 * holds about 1,300 files.
 */
async function regularFileUnder(realRoot: string, rel: string): Promise<string | null> {
  const full = path.join(realRoot, rel);
  if (!full.startsWith(realRoot + path.sep)) return null;
  try {
    if (!(await fsp.lstat(full)).isFile()) return null;
    const real = await fsp.realpath(full);
    return real === full ? real : null;
  } catch {
    return null;
  }
}

/** The settings of scripts/compress.mjs: the smallest files, made once per build. */
const BROTLI = {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  },
};
const GZIP: zlib.ZlibOptions = { level: 9 };
const brotliAsync = promisify(zlib.brotliCompress);
const gzipAsync = promisify(zlib.gzip);

/**
 * The compressed copies of every body the server holds, by ETag. A publish build is not
 * compressed by its builder: the server compresses what it adopts, and a file that came out of
 * the build byte for byte as one it already serves (React's chunk, the unchanged pages) takes
 * that file's copies instead of a second of brotli.
 */
export type KnownBodies = ReadonlyMap<string, Record<Encoding, Buffer>>;

export function knownBodies(
  shell: SiteShell | undefined,
  builds: readonly WebBuild[],
): KnownBodies {
  const known = new Map<string, Record<Encoding, Buffer>>();
  const add = (page: Page) => known.set(page.etag, page.body);
  if (shell) [shell.adminShell, ...shell.assets.values()].forEach(add);
  for (const build of builds)
    [
      ...build.pages.values(),
      ...build.data.values(),
      build.notFoundPage,
      ...build.assets.values(),
    ].forEach(add);
  return known;
}

/**
 * Runs at most `n` of the given jobs at once. Compression and file reads share libuv's four
 * threads with every photo the server streams: a publish takes two of them, never all four.
 */
function limiter(n: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(job: () => Promise<T>): Promise<T> => {
    if (running >= n) await new Promise<void>((go) => waiting.push(go));
    running += 1;
    try {
      return await job();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

/**
 * One file of a build, held in memory as sent, without blocking the server: a body already held
 * (by ETag) lends its compressed copies, a precompressed build's own copies are read, anything
 * else is compressed in the thread pool, two at a time. A publish build's copies are never read:
 * it writes none (build.mjs --publish), so any there were planted, and could differ from the page.
 */
async function adoptPage(
  realRoot: string,
  rel: string,
  known: KnownBodies,
  limit: ReturnType<typeof limiter>,
  precompressed: boolean,
): Promise<Page | null> {
  const file = await regularFileUnder(realRoot, rel);
  if (file === null) return null;
  const identity = await fsp.readFile(file);
  const etag = etagOf(identity);
  const held = known.get(etag);
  if (held !== undefined) return { body: held, etag };
  const sibling = async (ext: string, make: () => Promise<Buffer>) => {
    const copy = precompressed ? await regularFileUnder(realRoot, rel + ext) : null;
    return copy === null ? limit(make) : fsp.readFile(copy);
  };
  const [br, gzip] = await Promise.all([
    sibling('.br', () =>
      brotliAsync(identity, {
        params: { ...BROTLI.params, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
      }),
    ),
    sibling('.gz', () => gzipAsync(identity, GZIP)),
  ]);
  return { body: { identity, br, gzip }, etag };
}

const ASSET_TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

const ASSET_NAME = /^assets\/[\w.-]+\.(js|css)$/;

/**
 * Every script and stylesheet the pages load is held in memory, so they are read once instead of
 * being looked up, opened and streamed from disk on each request (@fastify/static measured about
 * 1,100-1,400 req/s for the 800-byte boot script here). Images stay on disk and are streamed.
 */
async function adoptAssets(
  names: Iterable<string>,
  adopt: (rel: string) => Promise<Page | null>,
): Promise<Map<string, Asset>> {
  const assets = new Map<string, Asset>();
  const wanted = [...new Set(names)].filter(
    (name) => ASSET_NAME.test(name) && !name.includes('..'),
  );
  await Promise.all(
    wanted.map(async (name) => {
      const page = await adopt(name);
      if (page !== null)
        assets.set(`/${name}`, { ...page, type: ASSET_TYPES[path.extname(name)]! });
    }),
  );
  return assets;
}

/** Reads a build's files as loadWebBuild and loadSiteShell do (see adoptPage). */
function adopter(realRoot: string, known: KnownBodies, precompressed: boolean) {
  const limit = limiter(2);
  return (rel: string) => adoptPage(realRoot, rel, known, limit, precompressed);
}

/** The files Vite's manifest names (each chunk's file, stylesheets and assets). */
async function manifestFiles(realRoot: string): Promise<Set<string>> {
  const file = await regularFileUnder(realRoot, WEB_APP.manifest);
  if (file === null) throw new Error(`the build has no ${WEB_APP.manifest}`);
  const manifest = JSON.parse(await fsp.readFile(file, 'utf8')) as Record<string, unknown>;
  const names = new Set<string>();
  for (const chunk of Object.values(manifest)) {
    if (typeof chunk !== 'object' || chunk === null) continue;
    const { file: own, css, assets } = chunk as Record<string, unknown>;
    for (const name of [
      own,
      ...(Array.isArray(css) ? css : []),
      ...(Array.isArray(assets) ? assets : []),
    ])
      if (typeof name === 'string') names.add(name);
  }
  return names;
}

/**
 * The scripts and stylesheets a page names itself (React Router's route manifest, for one, is
 * written by React Router and not by Vite, so Vite's manifest does not name it).
 */
function referencedAssets(page: Page): string[] {
  const html = page.body.identity.toString('utf8');
  return [...html.matchAll(/["'(]\/(assets\/[\w.-]+\.(?:js|css))["')]/g)].map((m) => m[1]!);
}

/**
 * The photos under the image folders: plain files named as JPEG, PNG, WebP or AVIF whose first
 * bytes are that format. Symbolic links (to a folder or a file) are not followed. A build holds
 * about 1,200 of them: read without blocking the server, a few at a time.
 */
async function photos(realRoot: string): Promise<Set<string>> {
  const found = new Set<string>();
  const limit = limiter(8);
  const isPhoto = async (rel: string, name: string) => {
    const file = await regularFileUnder(realRoot, rel);
    if (file === null) return false;
    const handle = await fsp.open(file, 'r');
    try {
      const { bytesRead, buffer } = await handle.read(
        Buffer.alloc(IMAGE_MAGIC_BYTES),
        0,
        IMAGE_MAGIC_BYTES,
        0,
      );
      return photoProblem(name, buffer.subarray(0, bytesRead)) === null;
    } finally {
      await handle.close();
    }
  };
  const walk = async (rel: string): Promise<void> => {
    let entries: fs.Dirent[];
    try {
      entries = await fsp.readdir(path.join(realRoot, rel), { withFileTypes: true });
    } catch {
      return;
    }
    await Promise.all(
      entries
        .filter((entry) => !entry.name.startsWith('.'))
        .map(async (entry) => {
          const child = `${rel}/${entry.name}`;
          if (entry.isDirectory()) await walk(child);
          else if (entry.isFile() && (await limit(() => isPhoto(child, entry.name))))
            found.add(child);
        }),
    );
  };
  await Promise.all(WEB_APP.imageFolders.map((folder) => walk(folder)));
  return found;
}

/** Where React Router writes a prerendered route's data for client navigations. */
const dataFileOf = (route: string) => (route === '/' ? '_root.data' : `${route.slice(1)}.data`);

/**
 * Adopts the public half of a client build (see WebBuild): the listed routes' pages and data,
 * the not-found page, the scripts and stylesheets Vite's manifest or an adopted page names, the
 * photos. Nothing else of the folder is ever read or served: not `admin.html`, not a page under
 * /admin, not a file the manifest does not name. Throws when a piece the server needs is missing.
 * A publish build comes without compressed copies (scripts/build.mjs --publish): each file takes
 * those of a body the server already holds with the same bytes (`known`), or is compressed here
 * without blocking the server.
 */
export async function loadWebBuild(
  root: string,
  id = STARTUP_BUILD_ID,
  routes: readonly string[] = PUBLIC_ROUTES,
  known: KnownBodies = new Map(),
  /** The start-up build (`npm run build`) comes with its .br and .gz copies; a publish build not. */
  precompressed = true,
): Promise<WebBuild> {
  const realRoot = await fsp.realpath(root);
  const adopt = adopter(realRoot, known, precompressed);
  const publicRoutes = routes.filter((route) => route !== '/admin' && !route.startsWith('/admin/'));
  const [notFoundPage, pageList, dataList, images, manifested] = await Promise.all([
    adopt(WEB_APP.notFoundPage),
    Promise.all(
      publicRoutes.map((route) =>
        adopt(route === '/' ? 'index.html' : `${route.slice(1)}/index.html`),
      ),
    ),
    Promise.all(publicRoutes.map((route) => adopt(dataFileOf(route)))),
    photos(realRoot),
    manifestFiles(realRoot),
  ]);
  if (notFoundPage === null)
    throw new Error(`the build has no ${WEB_APP.notFoundPage} (or it is not a plain file)`);
  const pages = new Map<string, Page>();
  const data = new Map<string, Page>();
  publicRoutes.forEach((route, i) => {
    if (pageList[i]) pages.set(route, pageList[i]);
    if (dataList[i]) data.set(`/${dataFileOf(route)}`, dataList[i]);
  });
  const assets = await adoptAssets(
    [...manifested, ...[...pages.values(), notFoundPage].flatMap((page) => referencedAssets(page))],
    adopt,
  );
  return {
    id,
    root: realRoot,
    pages,
    data,
    notFound: notFoundPage.body.identity.toString('utf8'),
    notFoundPage,
    assets,
    images,
  };
}

/** Reads the start-up build's admin shell, scripts and site-wide files (see SiteShell). */
export async function loadSiteShell(root: string): Promise<SiteShell> {
  const realRoot = await fsp.realpath(root);
  const adopt = adopter(realRoot, new Map(), true);
  const adminShell = await adopt(WEB_APP.adminShell);
  if (adminShell === null)
    throw new Error(`the build has no ${WEB_APP.adminShell} (or it is not a plain file)`);
  adminShell.scriptHashes = trustedScriptHashes(adminShell.body.identity.toString('utf8'));
  const names = await fsp.readdir(path.join(realRoot, 'assets')).catch(() => []);
  const templates = new Map<string, PageTemplate>();
  const routes = PUBLIC_ROUTES.filter(
    (route) => route !== '/admin' && !route.startsWith('/admin/'),
  );
  await Promise.all(
    [...routes, NOT_FOUND_ROUTE].map(async (route) => {
      const rel =
        route === NOT_FOUND_ROUTE
          ? WEB_APP.notFoundPage
          : route === '/'
            ? 'index.html'
            : `${route.slice(1)}/index.html`;
      const file = await regularFileUnder(realRoot, rel);
      if (file !== null) templates.set(route, pageTemplate(await fsp.readFile(file, 'utf8')));
    }),
  );
  const present = await Promise.all(
    WEB_APP.shellFiles.map(async (name) => (await regularFileUnder(realRoot, name)) !== null),
  );
  return {
    root: realRoot,
    adminShell,
    assets: await adoptAssets(
      names.map((name) => `assets/${name}`),
      adopt,
    ),
    files: new Set(WEB_APP.shellFiles.filter((_, i) => present[i])),
    templates,
  };
}

/**
 * The build being served, swappable in one step, and the start-up shell that no swap replaces.
 * Browsers still showing a page of the previous build may ask for its hashed assets and image
 * variants, so the last few builds stay readable.
 */
export class WebHost {
  private previous: WebBuild[] = [];

  constructor(
    readonly shell: SiteShell,
    private build: WebBuild,
  ) {}

  get current(): WebBuild {
    return this.build;
  }

  /** Every build still in use, newest first. */
  get builds(): WebBuild[] {
    return [this.build, ...this.previous];
  }

  /** Every root still in use, newest first (the start-up shell's last). */
  get roots(): string[] {
    return [...this.builds.map((b) => b.root), this.shell.root];
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

/** Image variants carry a content hash in their folder's name, scripts in their own. */
const isVersioned = (pathname: string) =>
  pathname.startsWith('/assets/') || pathname.startsWith('/img/');

/** React Router's content type for its data files. */
const DATA_TYPE = 'text/x-script';

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
      return sendPage(request, reply, 200, host.shell.adminShell);
    return sendPage(request, reply, 404, build.notFoundPage);
  };

  const serve = (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = decodePath(request.url);
    if (pathname === null) return sendHtml(request, reply, '/__not-found__');
    if (pathname === '/api' || pathname.startsWith('/api/')) throw notFound(request);
    if (pathname.startsWith('/assets/')) {
      // The start-up build's first: its names are the admin area's, and stay its.
      const asset =
        host.shell.assets.get(pathname) ??
        host.builds.map((b) => b.assets.get(pathname)).find((a) => a !== undefined);
      if (asset !== undefined) return sendAsset(request, reply, asset);
      return sendHtml(request, reply, '/__not-found__');
    }
    const data = host.current.data.get(pathname);
    if (data !== undefined)
      return sendFromMemory(
        request,
        reply.headers({
          'cache-control': 'no-cache',
          'content-type': DATA_TYPE,
          vary: 'accept-encoding',
        }),
        200,
        data,
      );
    // Files by an explicit list: the site-wide files from the start-up build, the photos from the
    // builds that adopted them. The prerendered HTML files are served by route, never as files.
    const rel = pathname.slice(1);
    if (host.shell.files.has(rel)) {
      reply.header('cache-control', SHORT);
      return reply.sendFile(rel, host.shell.root);
    }
    const builds = isVersioned(pathname) ? host.builds : [host.current];
    const owner = builds.find((b) => b.images.has(rel));
    if (owner !== undefined) {
      reply.header('cache-control', isVersioned(pathname) ? IMMUTABLE : SHORT);
      return reply.sendFile(rel, owner.root);
    }
    return sendHtml(request, reply, pathname);
  };

  app.get('/*', serve);
  app.get('/', serve);

  app.setNotFoundHandler(async (request) => {
    throw notFound(request);
  });
}
