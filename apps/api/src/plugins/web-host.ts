import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../lib/http-errors';

export interface WebBuild {
  /** 'initial' for the build the server started with, else the publish build's id */
  id: string;
  /** Absolute path of the web app's client build */
  root: string;
  /** Prerendered HTML by URL path, held in memory */
  pages: Map<string, string>;
  notFound: string;
  adminShell: string;
}

function readHtmlTree(root: string, dir = root, pages = new Map<string, string>()): Map<string, string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== 'assets' && entry.name !== 'images') readHtmlTree(root, full, pages);
    else if (entry.name === 'index.html') {
      const rel = path.relative(root, dir).split(path.sep).join('/');
      pages.set(rel === '' ? '/' : `/${rel}`, fs.readFileSync(full, 'utf8'));
    }
  }
  return pages;
}

/** Reads a client build into memory; throws when a piece the server needs is missing. */
export function loadWebBuild(root: string, id = 'initial'): WebBuild {
  return {
    id,
    root: path.resolve(root),
    pages: readHtmlTree(root),
    notFound: fs.readFileSync(path.join(root, '404.html'), 'utf8'),
    adminShell: fs.readFileSync(path.join(root, 'admin.html'), 'utf8'),
  };
}

/**
 * The build being served, swappable in one step. Browsers still showing a page of the previous
 * build may ask for its hashed assets, so the last few roots stay readable for /assets/.
 */
export class WebHost {
  private previous: string[] = [];

  constructor(private build: WebBuild) {}

  get current(): WebBuild {
    return this.build;
  }

  /** Every root still in use, newest first. */
  get roots(): string[] {
    return [this.build.root, ...this.previous];
  }

  swap(next: WebBuild) {
    this.previous = [this.build.root, ...this.previous.filter((r) => r !== next.root)].slice(0, 2);
    this.build = next;
  }
}

const HTML_HEADERS = { 'cache-control': 'no-cache', 'content-type': 'text/html; charset=utf-8' };

function decodePath(url: string): string | null {
  try {
    const pathname = decodeURIComponent(url.split('?')[0] ?? '/');
    return pathname.includes('\0') || pathname.includes('\\') ? null : pathname;
  } catch {
    return null;
  }
}

/** A file under root named by a URL path, or null; never anything outside root. */
function fileUnder(root: string, pathname: string): string | null {
  const full = path.join(root, pathname);
  if (!full.startsWith(root + path.sep)) return null;
  try {
    return fs.statSync(full).isFile() ? path.relative(root, full) : null;
  } catch {
    return null;
  }
}

/** Serves the prerendered site: HTML from memory, files from the current build's folder. */
export async function webHost(app: FastifyInstance, host: WebHost) {
  await app.register(fastifyStatic, { serve: false, cacheControl: false, index: false });

  const sendHtml = (reply: FastifyReply, pathname: string) => {
    const build = host.current;
    const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const page = build.pages.get(clean);
    if (page !== undefined) return reply.code(200).headers(HTML_HEADERS).send(page);
    if (clean === '/admin' || clean.startsWith('/admin/')) return reply.code(200).headers(HTML_HEADERS).send(build.adminShell);
    return reply.code(404).headers(HTML_HEADERS).send(build.notFound);
  };

  const serve = (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = decodePath(request.url);
    if (pathname === null) return sendHtml(reply, '/__not-found__');
    if (pathname === '/api' || pathname.startsWith('/api/')) throw notFound(request);
    // The prerendered HTML files are served by route, never as files.
    if (path.extname(pathname) && !pathname.endsWith('.html')) {
      const roots = pathname.startsWith('/assets/') ? host.roots : [host.current.root];
      for (const root of roots) {
        const file = fileUnder(root, pathname);
        if (file === null) continue;
        reply.header(
          'cache-control',
          pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
        return reply.sendFile(file, root);
      }
    }
    return sendHtml(reply, pathname);
  };

  app.get('/*', serve);
  app.get('/', serve);

  app.setNotFoundHandler(async (request) => {
    throw notFound(request);
  });
}
