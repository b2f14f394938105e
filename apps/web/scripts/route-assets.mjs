// Which files each prerendered page needs in its <head>: from Vite's manifest, the chunks and
// stylesheets a page module (named by the page registry) pulls in.

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
