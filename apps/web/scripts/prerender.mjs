// Writes one HTML file per public route, a 404 page and the admin shell, from the SSR bundle, and
// sitemap.xml and robots.txt beside them.
// Usage: node scripts/prerender.mjs [--out-dir <dir>]   (or WEB_OUT_DIR; default dist), reading
// <dir>/server/entry-server.js and writing into <dir>/client. Any route that fails stops it.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { pageAssets } from './route-assets.mjs';

// A failure prints the route and the reason (what the file editor's publish status shows), no stack.
process.on('uncaughtException', (error) => {
  console.error(`prerender failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const flag = process.argv.indexOf('--out-dir');
const outDir = path.resolve(
  root,
  flag >= 0 ? process.argv[flag + 1] : (process.env.WEB_OUT_DIR ?? 'dist'),
);
const clientDir = path.join(outDir, 'client');
const { render, publicRoutes, publicUrl, sitemapXml, robotsTxt, pageModuleFiles, validateContent } =
  await import(pathToFileURL(path.join(outDir, 'server/entry-server.js')).href);
validateContent();

const manifest = JSON.parse(await fs.readFile(path.join(clientDir, '.vite/manifest.json'), 'utf8'));
// Which source module each document renders, from the page registry (Vite's manifest keys).
const publicOnly = process.env.WEB_PUBLIC_ONLY === '1';
const modules = new Map(Object.entries(pageModuleFiles));
// A publish build has no admin area (build.mjs --publish).
if (publicOnly) modules.delete('/admin/login');
for (const [route, key] of modules)
  if (!(key in manifest)) throw new Error(`${route}: ${key} is not in the client build`);

const template = await fs.readFile(path.join(clientDir, 'index.html'), 'utf8');
if (!template.includes('<!--app-head-->') || !template.includes('<!--app-html-->')) {
  throw new Error('index.html lost its <!--app-head--> or <!--app-html--> marker');
}

// The entry's stylesheets, which Vite links in index.html: inlined below like the page's own.
const STYLESHEET = /\s*<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g;
const entryCss = [...template.matchAll(STYLESHEET)].map((m) => m[1]);
const ENTRY_SCRIPT = /\s*<script type="module"[^>]*src="\/([^"]+\.js)"[^>]*><\/script>/;
const entryScript = ENTRY_SCRIPT.exec(template)?.[1];
if (!entryScript) throw new Error('index.html lost its entry script');

// The page's only script is its entry, the boot script (src/entry-client.ts, src/boot.ts): it
// evaluates the modules its tag lists in data-steps, one per task, then starts the app. Those are
// the app's chunk (src/app/client-app.tsx) and the page's own, each after the chunks it imports;
// the entry itself is already running. A module evaluates only once, so by the time the app asks
// for the page, it is there.
const entryKey = 'index.html';
if (manifest[entryKey]?.file !== entryScript) throw new Error('index.html names no entry script');
const appKey = (manifest[entryKey].dynamicImports ?? []).find((k) =>
  k.endsWith('src/app/client-app.tsx'),
);
if (!appKey) throw new Error('the entry no longer imports src/app/client-app.tsx');
function bootSteps(pageKey) {
  const steps = [];
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || key === entryKey || steps.includes(`/${chunk.file}`)) return;
    for (const i of chunk.imports ?? []) visit(i);
    steps.push(`/${chunk.file}`);
  };
  visit(appKey);
  visit(pageKey);
  return steps;
}

const shell = template
  .replace(STYLESHEET, '')
  .replace(
    ENTRY_SCRIPT,
    () =>
      `\n    <script type="module" src="/${entryScript}" data-steps="<!--boot-steps-->"></script>`,
  )
  .replace(/\s*<link rel="modulepreload"[^>]*>/g, '');

const cssText = new Map();
const readCss = async (file) => {
  if (!cssText.has(file)) {
    const text = await fs.readFile(path.join(clientDir, file), 'utf8');
    if (/<\/style/i.test(text)) throw new Error(`${file} cannot be inlined: it contains </style`);
    cssText.set(file, text.trim());
  }
  return cssText.get(file);
};

/**
 * Each page carries the CSS it uses inline, in the bundle's order: the first paint needs no
 * stylesheet request, and no page gets another page's styles. A disabled <link> names each file
 * that is inlined: browsers do not fetch it, and Vite's loader, which skips stylesheets a page
 * already links, does not fetch it again when the page's chunk loads.
 */
async function fill(route, head, html) {
  const module = modules.get(route);
  if (!module) throw new Error(`no page module for ${route} in the page registry`);
  // The entry's global styles, the app's (layout, header, footer), then the page's own.
  const css = [
    ...new Set([
      ...entryCss,
      ...pageAssets(manifest, appKey).css,
      ...pageAssets(manifest, module, { lazyParts: true }).css,
    ]),
  ];
  const styles = (await Promise.all(css.map(readCss))).join('\n');
  const tags = [
    `<style data-page-css>${styles}</style>`,
    ...css.map((file) => `<link rel="stylesheet" href="/${file}" disabled>`),
  ];
  return shell
    .replace('<!--boot-steps-->', () => bootSteps(module).join(' '))
    .replace('<!--app-head-->', () => head)
    .replace('</head>', () => `  ${tags.join('\n    ')}\n  </head>`)
    .replace('<!--app-html-->', () => html);
}

const write = async (file, text) => {
  await fs.mkdir(path.dirname(path.join(clientDir, file)), { recursive: true });
  await fs.writeFile(path.join(clientDir, file), text);
};

const written = [];
for (const route of publicRoutes) {
  const { html, head, status } = await render(route);
  if (status !== 200) throw new Error(`${route} rendered with status ${status}`);
  const file = route === '/' ? 'index.html' : path.join(route.slice(1), 'index.html');
  await write(file, await fill(route, head, html));
  written.push(file);
}
const notFound = await render('/__not-found__');
if (notFound.status !== 404) throw new Error('the not-found route did not answer 404');
await write('404.html', await fill('*', notFound.head, notFound.html));
if (publicOnly) {
  // A publish build (build.mjs --publish): the server keeps the start-up build's admin shell and
  // site-wide files.
  console.log(`prerendered ${written.length} routes and 404.html for ${publicUrl}`);
} else {
  // The admin area is client-only: an empty shell, never indexed.
  const admin = await render('/admin/login');
  await write('admin.html', await fill('/admin/login', admin.head, ''));
  await write('sitemap.xml', sitemapXml(publicRoutes, publicUrl));
  await write('robots.txt', robotsTxt(publicUrl));
  console.log(
    `prerendered ${written.length} routes, 404.html, admin.html, sitemap.xml and robots.txt for ${publicUrl}`,
  );
}
