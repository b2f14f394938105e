// The site's one stylesheet (vite.config.ts, `cssCodeSplit: false`) holds the styles of every
// Mantine component the app uses, the admin's too: some 10 KB gzip of 24 that no public page
// needs, render-blocking on each (decision 037). After the start-up build, PurgeCSS splits it in
// two: what the public pages can use, which every page links, and the rest, which only the admin
// area's shell links besides. A publish builds the public pages only, so its sheet has nothing of
// the admin's to begin with.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PurgeCSS } from 'purgecss';

/**
 * A Mantine component's class (`m_` and a hash, from its class map module): the only selectors
 * that may move to the admin's sheet. Every other part of a selector (elements, the site's own
 * classes, attributes, Mantine's `mantine-` classes) counts as used.
 */
const MANTINE_CLASS = /^m_[0-9a-f]+$/;

/**
 * Splits `css` in what `content` can use and the rest. A rule stays when each Mantine class in its
 * selector appears in `content` (PurgeCSS's default extractor: the words of each text).
 * @param {string} css
 * @param {Array<{ raw: string, extension: string }>} content
 * @returns {Promise<{ kept: string, moved: string }>}
 */
export async function splitByUse(css, content) {
  const [result] = await new PurgeCSS().purge({
    content,
    css: [{ raw: css }],
    safelist: { standard: [new RegExp(`^(?!${MANTINE_CLASS.source.slice(1, -1)}$)`)] },
    rejectedCss: true,
  });
  return { kept: result?.css ?? css, moved: result?.rejectedCss ?? '' };
}

const STYLESHEET = /<link rel="stylesheet" href="\/(assets\/[^"]+\.css)"\/?>/;
const hashed = (prefix, text) =>
  `assets/${prefix}-${createHash('sha256').update(text).digest('base64url').slice(0, 8)}.css`;

async function htmlFiles(dir) {
  return (await fs.readdir(dir, { withFileTypes: true, recursive: true }))
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * In a start-up build's client folder (after scripts/build.mjs has named admin.html): writes the
 * public sheet and the admin's, points every page, React Router's manifest and Vite's at the public
 * one, and links the admin's from admin.html after it. Returns the two files, or null when the build
 * has no admin shell or no stylesheet.
 * @param {string} client
 */
export async function splitAdminCss(client) {
  const adminFile = path.join(client, 'admin.html');
  const adminHtml = await fs.readFile(adminFile, 'utf8').catch(() => null);
  const sheet = adminHtml?.match(STYLESHEET)?.[1];
  if (!adminHtml || !sheet) return null;

  // What the public pages can run: their HTML, and every script they load or import, lazily
  // loaded parts included (Vite's manifest), never the admin's.
  const manifest = JSON.parse(await fs.readFile(path.join(client, '.vite/manifest.json'), 'utf8'));
  const chunks = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  const pages = (await htmlFiles(client)).filter((file) => file !== adminFile);
  const scripts = new Set();
  const follow = (file) => {
    if (scripts.has(file)) return;
    scripts.add(file);
    const chunk = chunks.get(file);
    for (const key of [...(chunk?.imports ?? []), ...(chunk?.dynamicImports ?? [])])
      if (manifest[key]) follow(manifest[key].file);
  };
  const content = [];
  for (const page of pages) {
    const html = await fs.readFile(page, 'utf8');
    content.push({ raw: html, extension: 'html' });
    for (const [, file] of html.matchAll(/["'(]\/(assets\/[^"'()\s]+\.js)["')]/g)) follow(file);
  }
  for (const file of scripts)
    content.push({ raw: await fs.readFile(path.join(client, file), 'utf8'), extension: 'js' });

  const { kept, moved } = await splitByUse(
    await fs.readFile(path.join(client, sheet), 'utf8'),
    content,
  );
  const site = hashed('site', kept);
  const admin = hashed('admin', moved);
  await fs.writeFile(path.join(client, site), kept);
  await fs.writeFile(path.join(client, admin), moved);
  await fs.rm(path.join(client, sheet));

  // Every mention of the old sheet: the pages' links, React Router's route manifest (the root
  // route's `css`, what hydration renders), Vite's manifest (read by bench/).
  const mentions = (await fs.readdir(client, { withFileTypes: true, recursive: true }))
    .filter((entry) => entry.isFile() && /\.(html|js|json|data)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  for (const file of mentions) {
    const text = await fs.readFile(file, 'utf8');
    let next = text.replaceAll(sheet, site);
    // After the public sheet: its rules come later than those of the components they build on.
    if (file === adminFile)
      next = next.replace(
        `<link rel="stylesheet" href="/${site}"/>`,
        (link) => `${link}<link rel="stylesheet" href="/${admin}"/>`,
      );
    if (next !== text) await fs.writeFile(file, next);
  }
  return { site, admin };
}
