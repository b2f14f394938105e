// First-load JS and CSS of each public route, in gzip bytes, read from the client build.
//
// A route's first load is what the browser needs before the page is interactive: the HTML's entry
// script, stylesheets and modulepreloads, plus the route's lazy page chunk (the app awaits it
// before hydrating) with everything it imports statically. The Vite manifest gives those edges.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const gzipCache = new Map();

/** Gzip size of a file at level 9, as a server or CDN would send it. */
function gzipBytes(file) {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

/**
 * The link and script tags of a prerendered page's <head>, and the module preloads of the app's
 * scripts, which the page writes inside <noscript id="app-scripts"> and starts once it has painted
 * (apps/web/src/start-app.ts): not fetched before the first paint, but part of the first load.
 */
export function headAssets(html) {
  const head = html.split(/<\/head>/i)[0] ?? '';
  const app = /<noscript id="app-scripts">([\s\S]*?)<\/noscript>/i.exec(html)?.[1] ?? '';
  const attrs = (tag) =>
    Object.fromEntries(
      [...tag.matchAll(/([a-z-]+)(?:="([^"]*)")?/gi)].map((a) => [a[1].toLowerCase(), a[2] ?? '']),
    );
  const scripts = [];
  const modulepreloads = [];
  const blockingCss = [];
  for (const m of head.matchAll(/<(script|link)\b([^>]*)>/gi)) {
    const a = attrs(m[2]);
    if (m[1].toLowerCase() === 'script' && a.src && a.type === 'module') scripts.push(a.src);
    if (
      m[1].toLowerCase() === 'script' &&
      a.src &&
      a.type !== 'module' &&
      !('async' in a) &&
      !('defer' in a)
    ) {
      scripts.push(a.src);
    }
    // A stylesheet blocks rendering unless it is for another medium (the media=print swap trick).
    if (
      m[1].toLowerCase() === 'link' &&
      a.rel === 'stylesheet' &&
      a.href &&
      (!a.media || a.media === 'all' || a.media === 'screen')
    ) {
      blockingCss.push(a.href);
    }
  }
  for (const m of (head + app).matchAll(/<link\b([^>]*)>/gi)) {
    const a = attrs(m[1]);
    if (a.rel === 'modulepreload' && a.href) modulepreloads.push(a.href);
  }
  // React Router links route stylesheets with a bare '#' (a key of its own): the file is the path.
  const file = (url) => url.replace(/[?#].*$/, '');
  return {
    scripts: scripts.map(file),
    modulepreloads: modulepreloads.map(file),
    blockingCss: blockingCss.map(file),
  };
}

/** Static `import ... from "./x.js"` and `import "./x.js"` of an emitted chunk (fallback when no manifest). */
const importsCache = new Map();
function staticImportsOf(file) {
  if (importsCache.has(file)) return importsCache.get(file);
  const code = fs.readFileSync(file, 'utf8');
  const found = new Set();
  for (const m of code.matchAll(
    /(?:^|[;\s}])import\s*(?:[\w$*{},\s]+from\s*)?["']([^"']+\.js)["']/g,
  )) {
    found.add(path.resolve(path.dirname(file), m[1]));
  }
  importsCache.set(file, [...found]);
  return [...found];
}

/**
 * @param {string} clientDir apps/web/dist/client
 * @param {Map<string, string>} modules route path -> its page's source module without the
 *   extension (`src/features/puppies/puppies-page`), from the page registry
 * @param {string[]} routes public route paths
 */
export function measureFirstLoad(clientDirIn, modules, routes) {
  const clientDir = path.resolve(clientDirIn);
  const manifestFile = path.join(clientDir, '.vite/manifest.json');
  const manifest = fs.existsSync(manifestFile)
    ? JSON.parse(fs.readFileSync(manifestFile, 'utf8'))
    : null;
  const notes = [];
  if (!manifest)
    notes.push(
      'no .vite/manifest.json in the build: route chunks found by following static imports only',
    );

  // React Router marks some stylesheet URLs with a trailing '#': the file is the same.
  const abs = (url) => path.join(clientDir, url.replace(/^\//, '').replace(/[#?].*$/, ''));

  // Manifest walk: a chunk key, its file, its CSS, and the same for its static imports.
  const collect = (key, js, css, seen) => {
    const chunk = manifest?.[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    if (chunk.file.endsWith('.js')) js.add(abs(chunk.file));
    else if (chunk.file.endsWith('.css')) css.add(abs(chunk.file));
    for (const c of chunk.css ?? []) css.add(abs(c));
    for (const i of chunk.imports ?? []) collect(i, js, css, seen);
  };
  // Also follow the emitted chunks' own static imports, so nothing the manifest omits is missed.
  const followImports = (start, js) => {
    const queue = [start];
    while (queue.length > 0) {
      for (const next of staticImportsOf(queue.pop())) {
        if (!js.has(next) && fs.existsSync(next)) {
          js.add(next);
          queue.push(next);
        }
      }
    }
  };

  return {
    notes,
    rows: routes.map((route) => {
      const file = route === '/' ? 'index.html' : path.join(route.slice(1), 'index.html');
      const htmlFile = path.join(clientDir, file);
      if (!fs.existsSync(htmlFile)) return { route, error: `not prerendered: ${file} is missing` };
      const html = fs.readFileSync(htmlFile, 'utf8');
      const head = headAssets(html);
      const js = new Set([...head.scripts, ...head.modulepreloads].map(abs));
      const css = new Set(head.blockingCss.map(abs));

      const seen = new Set();
      let routeChunk = null;
      const module = modules.get(route);
      if (manifest) {
        const entryKey =
          Object.keys(manifest).find(
            (k) => manifest[k].isEntry && abs(manifest[k].file) === [...js][0],
          ) ?? Object.keys(manifest).find((k) => manifest[k].isEntry);
        if (entryKey) collect(entryKey, js, css, seen);
        const routeKey =
          module && Object.keys(manifest).find((k) => k.replace(/\.[jt]sx?$/, '') === module);
        if (routeKey) {
          routeChunk = manifest[routeKey].file;
          collect(routeKey, js, css, seen);
        } else
          notes.push(
            `${route}: no manifest entry for its page module ${module ?? '(route not found in routes.ts)'}`,
          );
      }
      for (const f of [...js]) followImports(f, js);

      const sum = (files) => [...files].reduce((n, f) => n + gzipBytes(f), 0);
      const rawSum = (files) => [...files].reduce((n, f) => n + fs.statSync(f).size, 0);
      // A file linked twice is fetched once.
      const blockingFiles = [...new Set(head.blockingCss.map(abs))];
      return {
        route,
        routeChunk,
        jsFiles: [...js].map((f) => path.relative(clientDir, f)),
        jsGzip: sum(js),
        jsRaw: rawSum(js),
        cssFiles: [...css].map((f) => path.relative(clientDir, f)),
        cssGzip: sum(css),
        renderBlockingCssGzip: sum(blockingFiles),
        renderBlockingCss: [...new Set(head.blockingCss)],
        htmlGzip: zlib.gzipSync(html, { level: 9 }).length,
      };
    }),
  };
}
