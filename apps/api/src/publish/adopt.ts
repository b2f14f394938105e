import { createHash } from 'node:crypto';
import { constants as fsConstants, type Dirent } from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { COPY_EXTENSIONS, compressFile, TEXT_FILE, writeWhole } from '@cedar/build-info/compress';
import { PUBLIC_ROUTES } from '@cedar/content';
import { IMAGE_MAGIC_BYTES, photoProblem } from '../lib/image-kind';
import type { PagePolicy } from '../security-policy';
import { WEB_APP } from '../web-app';
import { NOT_FOUND_ROUTE, pageTemplate, type PageTemplate, trustedScriptHashes } from './page-gate';

/**
 * Adoption: what of a build folder the server serves (an explicit list, by the rules below), its
 * compressed copies, and each page's policy. The folder itself is then served by @fastify/static
 * (plugins/web-host.ts), file by file from that list.
 */

/** One prerendered HTML document of a build. */
export interface Page {
  /** Its file under the build's root, with `/` */
  file: string;
  /** The document as adopted: what the page gate holds to the trusted build's */
  html: string;
  /**
   * The CSP hash sources of the inline scripts the page gate accepted as the framework's
   * (publish/page-gate.ts); a page the gate has not passed runs no inline script.
   */
  scriptHashes?: readonly string[];
  /** Its Content-Security-Policy with those hashes, computed once at adoption; else the default */
  policy?: PagePolicy;
}

/** Where the compressed copies of each text file the server serves can be taken from, by sha256. */
export type KnownFiles = ReadonlyMap<string, string>;

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
  assets: Set<string>;
  /** The site-wide files (WEB_APP.shellFiles) it has, by name */
  files: Set<string>;
  /**
   * The framework's scripts of each of its pages, by route (the not-found page under
   * NOT_FOUND_ROUTE): what the gate holds every page to (publish/page-gate.ts, issue 35).
   */
  templates: Map<string, PageTemplate>;
  /** Its scripts and stylesheets by sha256 (absolute paths): their copies are reused */
  known: KnownFiles;
}

/** The id of WEB_DIST's build, the one `npm start` made: the only one whose copies are trusted. */
export const STARTUP_BUILD_ID = 'initial';

/**
 * The public half of a build: only what a public page needs, adopted by an explicit list (each
 * public route's HTML and data, the scripts and stylesheets Vite's manifest names, the photos
 * whose bytes are photos). A publish build runs the owner's edited code, which may write any file
 * into its folder: whatever is not on the list is never served.
 */
export interface WebBuild {
  /** STARTUP_BUILD_ID for the build the server started with, else the publish build's id */
  id: string;
  /** Absolute path of the web app's client build */
  root: string;
  /** Prerendered HTML by URL path */
  pages: Map<string, Page>;
  /** React Router's data for client-side navigations (`/<route>.data`), by URL path */
  data: Set<string>;
  /** The not-found page's HTML (also sent by app.ts for URLs the router turns away) */
  notFound: string;
  notFoundPage: Page;
  /** The build's scripts and stylesheets (`/assets/*.js|css`), by URL path */
  assets: Set<string>;
  /** The photos and their variants (`images/…`, `img/…`), relative paths with `/` */
  images: Set<string>;
  /** Its text files by sha256 (absolute paths): their copies are reused */
  known: KnownFiles;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('base64url');

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

/**
 * Runs at most `n` of the given jobs at once. Compression and file reads share libuv's four
 * threads with every file the server streams: a publish takes two of them, never all four.
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

/** The compressed copies beside a file are removed: @fastify/static would send them as its own. */
const removeCopies = (file: string) =>
  Promise.all(COPY_EXTENSIONS.map((ext) => fsp.rm(file + ext, { force: true, recursive: true })));

/**
 * Adopts one text file of a build: null unless it is a plain file under the root. The start-up
 * build's copies are its own (`npm run build`, `@cedar/build-info/compress`). A publish build writes none
 * (build.mjs --publish), so any there were planted and could differ from the file: they are
 * removed now, before the build can be served. Its copies are made again by `copies` (each job
 * run by `makeCopies`), from the bytes adopted here: those of a file the server already serves
 * with the same bytes (React's chunk, the unchanged pages), or by compressing them, two at a
 * time, without blocking the server.
 */
function adopter(
  realRoot: string,
  trusted: boolean,
  known: KnownFiles,
  adopted: Map<string, string>,
  copies: (() => Promise<unknown>)[],
) {
  return async (rel: string): Promise<{ file: string; bytes: Buffer } | null> => {
    const file = await regularFileUnder(realRoot, rel);
    if (file === null) return null;
    const bytes = await fsp.readFile(file);
    const hash = sha256(bytes);
    if (!trusted) await removeCopies(file);
    if (!trusted && TEXT_FILE.test(file)) {
      const same = known.get(hash);
      copies.push(
        same === undefined
          ? () => compressFile(file, 'publish', bytes)
          : () =>
              Promise.all(
                COPY_EXTENSIONS.map(async (ext) => {
                  const copy = await fsp.readFile(same + ext).catch(() => null);
                  if (copy !== null) await writeWhole(file + ext, copy);
                }),
              ),
      );
    }
    adopted.set(hash, file);
    return { file: rel, bytes };
  };
}

/** Runs the jobs, at most two at a time (limiter). */
function runCopies(copies: (() => Promise<unknown>)[]): Promise<void> {
  const limit = limiter(2);
  return Promise.all(copies.map((job) => limit(job))).then(() => undefined);
}

const ASSET_NAME = /^assets\/[\w.-]+\.(js|css)$/;

/** The scripts and stylesheets among `names` that are plain files of the build, by URL path. */
async function adoptAssets(
  names: Iterable<string>,
  adopt: ReturnType<typeof adopter>,
): Promise<Set<string>> {
  const wanted = [...new Set(names)].filter(
    (name) => ASSET_NAME.test(name) && !name.includes('..'),
  );
  const found = await Promise.all(wanted.map(async (name) => (await adopt(name)) !== null));
  return new Set(wanted.filter((_, i) => found[i]).map((name) => `/${name}`));
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
const referencedAssets = (page: Page) =>
  [...page.html.matchAll(/["'(]\/(assets\/[\w.-]+\.(?:js|css))["')]/g)].map((m) => m[1]!);

/**
 * The photos under the image folders: plain files named as JPEG, PNG, WebP or AVIF whose first
 * bytes are that format. Symbolic links (to a folder or a file) are not followed. A build holds
 * about 1,200 of them: read without blocking the server, a few at a time. A publish build's
 * compressed copies of them are removed (it writes none).
 */
async function photos(realRoot: string, trusted: boolean): Promise<Set<string>> {
  const found = new Set<string>();
  const limit = limiter(8);
  // The walk goes down real folders only (a Dirent is never a followed link), so the file is
  // under the root; opened without following a link, it is the plain file the walk saw.
  const isPhoto = async (rel: string, name: string) => {
    const handle = await fsp
      .open(path.join(realRoot, rel), fsConstants.O_RDONLY | fsConstants.O_NOFOLLOW)
      .catch(() => null);
    if (handle === null) return false;
    try {
      if (!(await handle.stat()).isFile()) return false;
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
    let entries: Dirent[];
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
          if (!trusted && COPY_EXTENSIONS.some((ext) => entry.name.endsWith(ext)))
            await fsp.rm(path.join(realRoot, child), { force: true, recursive: true });
          else if (entry.isDirectory()) await walk(child);
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
/** Where it writes a route's page. */
const pageFileOf = (route: string) =>
  route === NOT_FOUND_ROUTE
    ? WEB_APP.notFoundPage
    : route === '/'
      ? 'index.html'
      : `${route.slice(1)}/index.html`;

const isPublic = (route: string) => route !== '/admin' && !route.startsWith('/admin/');

/** Every text file the servers already serve, by sha256: where adoption takes copies from. */
export function knownFiles(shell: SiteShell | undefined, builds: readonly WebBuild[]): KnownFiles {
  return new Map([shell?.known ?? [], ...builds.map((b) => b.known)].flatMap((m) => [...m]));
}

/**
 * Adopts the public half of a client build (see WebBuild): the listed routes' pages and data,
 * the not-found page, the scripts and stylesheets Vite's manifest or an adopted page names, the
 * photos. Nothing else of the folder is ever served: not `admin.html`, not a page under /admin,
 * not a file the manifest does not name. Throws when a piece the server needs is missing.
 * A publish build comes without compressed copies (scripts/build.mjs --publish): each text file
 * takes those of a file the server already serves with the same bytes (`known`), or is
 * compressed here; every other copy in its folder is removed. With `copies: 'later'` (a publish)
 * they are made only when the caller runs `makeCopies`, once the build is live: until then its
 * files go out uncompressed, and each copy appears whole. Otherwise before it returns.
 */
export async function loadWebBuild(
  root: string,
  id = STARTUP_BUILD_ID,
  routes: readonly string[] = PUBLIC_ROUTES,
  known: KnownFiles = new Map(),
  /** The start-up build (`npm run build`) comes with its .br and .gz copies; a publish build not. */
  trusted = true,
  copies: 'before' | 'later' = 'before',
): Promise<WebBuild & { makeCopies: () => Promise<void> }> {
  const realRoot = await fsp.realpath(root);
  const adopted = new Map<string, string>();
  const jobs: (() => Promise<unknown>)[] = [];
  const adopt = adopter(realRoot, trusted, known, adopted, jobs);
  const publicRoutes = routes.filter(isPublic);
  const page = async (route: string): Promise<Page | null> => {
    const found = await adopt(pageFileOf(route));
    return found && { file: found.file, html: found.bytes.toString('utf8') };
  };
  const [notFoundPage, pageList, dataList, images, manifested] = await Promise.all([
    page(NOT_FOUND_ROUTE),
    Promise.all(publicRoutes.map(page)),
    Promise.all(publicRoutes.map((route) => adopt(dataFileOf(route)))),
    photos(realRoot, trusted),
    manifestFiles(realRoot),
  ]);
  if (notFoundPage === null)
    throw new Error(`the build has no ${WEB_APP.notFoundPage} (or it is not a plain file)`);
  const pages = new Map<string, Page>();
  const data = new Set<string>();
  publicRoutes.forEach((route, i) => {
    if (pageList[i]) pages.set(route, pageList[i]);
    if (dataList[i]) data.add(`/${dataFileOf(route)}`);
  });
  const assets = await adoptAssets(
    [...manifested, ...[...pages.values(), notFoundPage].flatMap(referencedAssets)],
    adopt,
  );
  let made: Promise<void> | undefined;
  const makeCopies = () => (made ??= runCopies(jobs));
  if (copies === 'before') await makeCopies();
  return {
    makeCopies,
    id,
    root: realRoot,
    pages,
    data,
    notFound: notFoundPage.html,
    notFoundPage,
    assets,
    images,
    known: adopted,
  };
}

/** Reads the start-up build's admin shell, scripts and site-wide files (see SiteShell). */
export async function loadSiteShell(
  root: string,
  /** The policy of the admin area's shell, with the hashes of its own inline scripts */
  policyOf?: (scriptHashes: readonly string[]) => PagePolicy,
): Promise<SiteShell> {
  const realRoot = await fsp.realpath(root);
  const known = new Map<string, string>();
  // Trusted: it removes and makes no copies.
  const adopt = adopter(realRoot, true, new Map(), known, []);
  const shellFile = await adopt(WEB_APP.adminShell);
  if (shellFile === null)
    throw new Error(`the build has no ${WEB_APP.adminShell} (or it is not a plain file)`);
  const html = shellFile.bytes.toString('utf8');
  const scriptHashes = trustedScriptHashes(html);
  const adminShell: Page = {
    file: shellFile.file,
    html,
    scriptHashes,
    policy: policyOf?.(scriptHashes),
  };
  const names = await fsp.readdir(path.join(realRoot, 'assets')).catch(() => []);
  const templates = new Map<string, PageTemplate>();
  await Promise.all(
    [...PUBLIC_ROUTES.filter(isPublic), NOT_FOUND_ROUTE].map(async (route) => {
      const file = await regularFileUnder(realRoot, pageFileOf(route));
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
    known,
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
