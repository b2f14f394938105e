// Writes one HTML file per public route, a 404 page and the admin shell, from the SSR bundle.
// Usage: node scripts/prerender.mjs [--out-dir <dir>]   (or WEB_OUT_DIR; default dist), reading
// <dir>/server/entry-server.js and writing into <dir>/client. Any route that fails stops it.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// A failure prints the route and the reason (what the file editor's publish status shows), no stack.
process.on('uncaughtException', (error) => {
  console.error(`prerender failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const flag = process.argv.indexOf('--out-dir');
const outDir = path.resolve(root, flag >= 0 ? process.argv[flag + 1] : (process.env.WEB_OUT_DIR ?? 'dist'));
const clientDir = path.join(outDir, 'client');
const { render, publicRoutes } = await import(pathToFileURL(path.join(outDir, 'server/entry-server.js')).href);

const template = await fs.readFile(path.join(clientDir, 'index.html'), 'utf8');
const fill = (head, html) => template.replace('<!--app-head-->', head).replace('<!--app-html-->', html);

const written = [];
for (const route of publicRoutes) {
  const { html, head, status } = await render(route);
  if (status !== 200) throw new Error(`${route} rendered with status ${status}`);
  const file = route === '/' ? 'index.html' : path.join(route.slice(1), 'index.html');
  await fs.mkdir(path.dirname(path.join(clientDir, file)), { recursive: true });
  await fs.writeFile(path.join(clientDir, file), fill(head, html));
  written.push(file);
}
const notFound = await render('/__not-found__');
if (notFound.status !== 404) throw new Error('the not-found route did not answer 404');
await fs.writeFile(path.join(clientDir, '404.html'), fill(notFound.head, notFound.html));
// The admin area is client-only: an empty shell, never indexed.
const admin = await render('/admin/login');
await fs.writeFile(path.join(clientDir, 'admin.html'), fill(admin.head, ''));
console.log(`prerendered ${written.length} routes, 404.html and admin.html`);
