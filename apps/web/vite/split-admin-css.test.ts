import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { splitAdminCss, splitByUse } from '../scripts/split-admin-css.mjs';

const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'cedar-split-css-'));
afterAll(() => fs.rm(tmp, { recursive: true, force: true }));

/** The selectors of a sheet's style rules, nested ones included, each with its block. */
function rules(css: string): string[] {
  const out: string[] = [];
  for (const m of css.matchAll(/([^{}]+)\{([^{}]*)\}/g))
    for (const selector of (m[1] ?? '').split(','))
      out.push(`${selector.trim()}{${(m[2] ?? '').replace(/\s+/g, '')}}`);
  return out.sort();
}

const mantineClass = fc.stringMatching(/^m_[0-9a-f]{6,8}$/);
const otherPart = fc.constantFrom(
  'a',
  'button',
  '.site-card',
  '[data-active]',
  ':hover',
  '.mantine-focus-auto',
);

describe('splitByUse: the admin’s rules leave the public sheet, and nothing else does', () => {
  it('keeps every rule whose Mantine classes all appear in the content, moves the others, loses none', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(mantineClass, { minLength: 1, maxLength: 8 }),
        fc.array(
          fc.record({
            classes: fc.array(fc.nat(7), { maxLength: 3 }),
            others: fc.array(otherPart, { maxLength: 2 }),
            layer: fc.boolean(),
            value: fc.nat(999),
          }),
          { minLength: 1, maxLength: 12 },
        ),
        fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
        async (classes, specs, used) => {
          const rulesOf = specs.map((spec, index) => {
            const own = [...new Set(spec.classes.map((i) => classes[i % classes.length]))];
            const selector =
              [...own.map((c) => `.${c}`), ...spec.others.filter((o) => !o.startsWith(':'))].join(
                ' ',
              ) || 'p';
            return {
              own,
              css: `${selector}{z-index:${index * 1000 + spec.value}}`,
              layer: spec.layer,
            };
          });
          const css = rulesOf.map((r) => (r.layer ? `@layer mantine{${r.css}}` : r.css)).join('\n');
          const usedClasses = classes.filter((_, i) => used[i]);
          const content = [
            { raw: `const c = {root: "${usedClasses.join('", x: "')}"};`, extension: 'js' },
          ];
          const { kept, moved } = await splitByUse(css, content);
          const want = (keep: boolean) =>
            rules(
              rulesOf
                .filter((r) => r.own.every((c) => usedClasses.includes(c as string)) === keep)
                .map((r) => r.css)
                .join('\n'),
            );
          expect(rules(kept)).toEqual(want(true));
          expect(rules(moved)).toEqual(want(false));
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('splitAdminCss: a start-up build’s pages and manifests point at the public sheet', () => {
  it('links the public sheet everywhere, and the admin’s after it in admin.html only', async () => {
    const client = path.join(tmp, 'client');
    const write = async (file: string, text: string) => {
      await fs.mkdir(path.dirname(path.join(client, file)), { recursive: true });
      await fs.writeFile(path.join(client, file), text);
    };
    const link = '<link rel="stylesheet" href="/assets/style-OLD.css"/>';
    const page = (script: string) =>
      `<html><head>${link}<link rel="modulepreload" href="/assets/${script}"/></head><body><p class="site-card">Hi</p></body></html>`;
    await write('index.html', page('home.js'));
    await write('puppies/index.html', page('puppies.js'));
    await write('admin.html', page('admin.js'));
    await write('assets/home.js', 'export const c = {root: "m_aaaa01"};');
    await write('assets/puppies.js', 'import("./popup.js");');
    await write('assets/popup.js', 'export const c = {root: "m_bbbb02"};');
    await write('assets/admin.js', 'export const c = {root: "m_cccc03"};');
    await write('assets/manifest-1.js', 'window.m = {css: ["/assets/style-OLD.css"]};');
    await write(
      '.vite/manifest.json',
      JSON.stringify({
        'src/home.tsx': { file: 'assets/home.js' },
        'src/puppies.tsx': { file: 'assets/puppies.js', dynamicImports: ['src/popup.tsx'] },
        'src/popup.tsx': { file: 'assets/popup.js' },
        'src/admin.tsx': { file: 'assets/admin.js' },
        'style.css': { file: 'assets/style-OLD.css' },
      }),
    );
    await write(
      'assets/style-OLD.css',
      '@layer mantine{.m_aaaa01{color:red}.m_bbbb02{color:green}.m_cccc03{color:blue}}p{margin:0}',
    );

    const sheets = await splitAdminCss(client);
    if (!sheets) throw new Error('no sheets');
    const read = (file: string) => fs.readFile(path.join(client, file), 'utf8');
    const site = await read(sheets.site);
    const admin = await read(sheets.admin);
    // The page's own class and the class of a chunk it loads lazily stay public.
    expect(site).toContain('.m_aaaa01');
    expect(site).toContain('.m_bbbb02');
    expect(site).toContain('p{margin:0}');
    expect(site).not.toContain('m_cccc03');
    expect(admin).toContain('.m_cccc03{color:blue}');
    await expect(fs.access(path.join(client, 'assets/style-OLD.css'))).rejects.toThrow();
    const publicLink = `<link rel="stylesheet" href="/${sheets.site}"/>`;
    for (const file of ['index.html', 'puppies/index.html'])
      expect(await read(file)).toContain(`<head>${publicLink}<link rel="modulepreload"`);
    expect(await read('admin.html')).toContain(
      `${publicLink}<link rel="stylesheet" href="/${sheets.admin}"/>`,
    );
    expect(await read('assets/manifest-1.js')).toContain(`/${sheets.site}`);
    expect(await read('.vite/manifest.json')).toContain(`"${sheets.site}"`);
  });

  it('leaves a build without the admin area alone (a publish)', async () => {
    const client = path.join(tmp, 'publish');
    await fs.mkdir(client, { recursive: true });
    await fs.writeFile(path.join(client, 'index.html'), '<html></html>');
    expect(await splitAdminCss(client)).toBeNull();
  });
});
