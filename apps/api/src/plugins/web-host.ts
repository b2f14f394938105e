import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export interface WebBuild {
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

export function loadWebBuild(root: string): WebBuild {
  return {
    root,
    pages: readHtmlTree(root),
    notFound: fs.readFileSync(path.join(root, '404.html'), 'utf8'),
    adminShell: fs.readFileSync(path.join(root, 'admin.html'), 'utf8'),
  };
}

/** Serves the prerendered site: assets from disk, HTML from memory, 404 with the not-found page. */
export async function webHost(app: FastifyInstance, build: WebBuild) {
  await app.register(fastifyStatic, {
    root: build.root,
    index: false,
    wildcard: true,
    allowedPath: (pathname) => !pathname.endsWith('.html'),
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      } else {
        res.setHeader('cache-control', 'public, max-age=3600');
      }
    },
  });

  const sendHtml = (pathname: string) => {
    const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    if (build.pages.has(clean)) return { status: 200, html: build.pages.get(clean)! };
    if (clean === '/admin' || clean.startsWith('/admin/')) return { status: 200, html: build.adminShell };
    return { status: 404, html: build.notFound };
  };

  for (const pathname of build.pages.keys()) {
    app.get(pathname, (_request, reply) => {
      const { status, html } = sendHtml(pathname);
      return reply.code(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/') || pathname === '/api') {
      return reply.code(404).send({ error: 'not_found', message: `No route ${request.method} ${pathname}` });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(404).send({ error: 'not_found', message: `No route ${request.method} ${pathname}` });
    }
    const { status, html } = sendHtml(pathname);
    return reply.code(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
}
