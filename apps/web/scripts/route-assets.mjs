// Which files each prerendered page needs in its <head>: from Vite's manifest, the chunks and
// stylesheets a page module (named by the page registry) pulls in.

/**
 * The stylesheets and chunks a page module needs beyond the entry's (which Vite's own tags in
 * index.html already load), dependencies first so the cascade matches the bundle's order.
 * With `lazyParts`, the stylesheets of the chunks the module itself imports lazily (parts of the
 * page kept as prerendered, whose code loads only when the page renders in the app) come too:
 * the prerendered page shows those parts from its first paint.
 */
export function pageAssets(manifest, moduleKey, { lazyParts = false } = {}) {
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
  if (lazyParts) {
    const lazySeen = new Set(seen);
    const visitLazy = (key) => {
      if (lazySeen.has(key) || loaded.has(key)) return;
      lazySeen.add(key);
      const chunk = manifest[key];
      if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
      for (const i of chunk.imports ?? []) visitLazy(i);
      for (const file of chunk.css ?? [])
        if (!entryCss.has(file) && !css.includes(file)) css.push(file);
      for (const i of chunk.dynamicImports ?? []) visitLazy(i);
    };
    for (const i of manifest[moduleKey].dynamicImports ?? []) visitLazy(i);
  }
  return { css, js };
}
