// Which files each prerendered page needs in its <head>: read from src/app/routes.tsx (which page
// module a route loads) and Vite's manifest (which chunks and stylesheets that module pulls in).
import path from 'node:path';

const isNode = (value) =>
  value !== null && typeof value === 'object' && typeof value.type === 'string';

function* walk(node) {
  if (!isNode(node)) return;
  yield node;
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const item of value) yield* walk(item);
    else if (isNode(value)) yield* walk(value);
  }
}

const propertyOf = (object, name) =>
  object.properties.find(
    (p) => p.type === 'Property' && !p.computed && (p.key.name ?? p.key.value) === name,
  )?.value;

/**
 * Route path -> manifest key of the module its `lazy` imports, for every route object of
 * routes.tsx: '/' for the index route, '/puppies', '*' for the catch-all, '/admin/login'.
 * `exists(key)` picks the file extension Vite's manifest uses.
 */
export async function routeModules(source, routesDir, exists) {
  // Loaded here only: the prerender, which runs without native addons, imports pageAssets alone.
  const { parseAst } = await import('vite');
  const map = new Map();
  const visit = (node, parent) => {
    if (!isNode(node)) return;
    if (node.type === 'ObjectExpression') {
      const pathValue = propertyOf(node, 'path');
      const index = propertyOf(node, 'index');
      const own = pathValue?.type === 'Literal' ? String(pathValue.value) : null;
      const full =
        own === null
          ? parent
          : own === '*'
            ? '*'
            : own.startsWith('/')
              ? own
              : `${parent.replace(/\/$/, '')}/${own}`;
      const lazy = propertyOf(node, 'lazy');
      if (lazy && (own !== null || index?.value === true)) {
        const call = [...walk(lazy)].find(
          (n) => n.type === 'ImportExpression' && n.source.type === 'Literal',
        );
        if (call) {
          const base = path.posix.normalize(path.posix.join(routesDir, String(call.source.value)));
          const key = ['.tsx', '.ts', '.jsx', '.js', ''].map((ext) => base + ext).find(exists);
          if (key) map.set(full === '' ? '/' : full, key);
        }
      }
      for (const p of node.properties) visit(p.value, full);
      return;
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) for (const item of value) visit(item, parent);
      else if (isNode(value)) visit(value, parent);
    }
  };
  visit(parseAst(source, { lang: 'tsx' }), '');
  return map;
}

/**
 * The stylesheets and chunks a page module needs beyond the entry's (which Vite's own tags in
 * index.html already load), dependencies first so the cascade matches the bundle's order.
 */
export function pageAssets(manifest, moduleKey) {
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const loaded = new Set();
  const covered = (key) => {
    if (!key || loaded.has(key)) return;
    loaded.add(key);
    for (const i of manifest[key]?.imports ?? []) covered(i);
  };
  covered(entryKey);
  const entryCss = new Set([...loaded].flatMap((k) => manifest[k]?.css ?? []));

  const css = [];
  const js = [];
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || loaded.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
    for (const i of chunk.imports ?? []) visit(i);
    for (const file of chunk.css ?? [])
      if (!entryCss.has(file) && !css.includes(file)) css.push(file);
    js.push(chunk.file);
  };
  visit(moduleKey);
  return { css, js };
}
