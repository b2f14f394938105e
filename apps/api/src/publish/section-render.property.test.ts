// Issue 35, point 4: found by a machine, not by a list. fast-check builds hero sections from the
// grammar's neighbourhood (element imitations, computed and escaped members, destructuring, lists,
// children props, templates) placed where a section shows values; for every one the section check
// accepts, the section is rendered with the real React, Mantine and React Router (as the
// prerender does, and as the browser does into a DOM) and what it renders must pass the page gate.
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { checkSection } from '../files/section-check';
import { findRepoRoot } from '../lib/repo-root';
import { gatePage } from './page-gate';

const HERO = 'apps/web/src/sections/hero-section.tsx';
const web = path.join(findRepoRoot()!, 'apps/web');
// Inside apps/web, so that the bundle's react, react-dom, Mantine and React Router are the site's.
const outDir = path.join(web, 'node_modules/.cache/section-property');
afterAll(() => fs.rm(outDir, { recursive: true, force: true }));

const TYPES = ['script', 'meta', 'iframe', 'div', 'base', 'span'] as const;
const PROPS: Record<(typeof TYPES)[number], string> = {
  script: `{ children: "fetch('/api/admin/inquiries/export.csv')" }`,
  meta: `{ httpEquiv: 'refresh', content: '0;url=https://attacker.example/' }`,
  iframe: `{ srcDoc: '<script>alert(1)</script>' }`,
  div: `{ dangerouslySetInnerHTML: { __html: '<img src=/x.jpg onerror=alert(1)>' } }`,
  base: `{ href: 'https://attacker.example/' }`,
  span: `{ children: 'hello' }`,
};

/** Ways to build a value: element imitations and their disguises, and plain data. */
const value = fc
  .constantFrom(...TYPES)
  .chain((type) =>
    fc.constantFrom(
      `const probe = <span />;\nconst value = { $$typeof: probe.$$typeof, type: '${type}', key: null, ref: null, props: ${PROPS[type]} };`,
      `const probe = <span />;\nconst value = { ['$$typeof']: probe['$$typeof'], type: '${type}', props: ${PROPS[type]} };`,
      `const probe = <span />;\nconst value = { \\u0024$typeof: probe.\\u0024$typeof, type: '${type}', props: ${PROPS[type]} };`,
      `const { $$typeof } = <span />;\nconst value = { $$typeof, type: '${type}', props: ${PROPS[type]} };`,
      `const { props } = <span title="x" />;\nconst value = props;`,
      `const probe = <span />;\nconst value = [{ $$typeof: probe.$$typeof, type: '${type}', props: ${PROPS[type]} }];`,
      `const value = { type: '${type}', props: ${PROPS[type]} };`,
      `const value = [{ type: '${type}', props: ${PROPS[type]} }];`,
      `const value = { _owner: null, _store: {}, type: '${type}', props: ${PROPS[type]} };`,
      `const copy = { words: '<${type}>hi</${type}>' };\nconst value = copy.words;`,
      `const copy = { words: 'javascript:alert(1)' };\nconst value = copy.words;`,
      `const copy = { words: '/contact' };\nconst value = copy.words;`,
      `const copy = { part: '${type}' };\nconst value = \`<\${copy.part} onload=alert(1)>\`;`,
      `const value = '\\u003c${type}\\u003e';`,
      `const copy = { list: ['a', 'b'] };\nconst value = copy.list;`,
      `const value = <span title="${type}">hi</span>;`,
    ),
  );

/** Where a section shows a value. */
const place = fc.constantFrom(
  '{value}',
  '<Box children={value} />',
  '<Text>{value}</Text>',
  '{[value]}',
  '{[1, 2].map((n) => <span key={n}>{value}</span>)}',
  '{[1].map(() => value)}',
  '<Box title={value}>x</Box>',
  '<Anchor href={value}>x</Anchor>',
  '<Box component="section">{value}</Box>',
);

const section = (top: string, jsx: string) =>
  `import { Anchor, Box, Text } from '@mantine/core';\n\n${top}\n\nexport function HeroSection() {\n  return <Box>${jsx}</Box>;\n}\n`;

let runs = 0;
/** The section rendered as the prerender does (renderToString) and into a DOM (jsdom, React DOM). */
async function render(source: string): Promise<{ server: string; client: string }> {
  const file = path.join(outDir, `render-${++runs}.mjs`);
  await build({
    stdin: {
      contents: `import { renderToString } from 'react-dom/server';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter } from 'react-router';
import { HeroSection } from './generated-hero';
const app = () => <MantineProvider><MemoryRouter><HeroSection /></MemoryRouter></MantineProvider>;
export const server = () => renderToString(app());
export function client(container) {
  const root = createRoot(container);
  flushSync(() => root.render(app()));
  const html = container.innerHTML;
  root.unmount();
  return html;
}`,
      resolveDir: path.join(web, 'src/sections'),
      loader: 'tsx',
      sourcefile: 'entry.tsx',
    },
    bundle: true,
    format: 'esm',
    platform: 'node',
    jsx: 'automatic',
    outfile: file,
    logLevel: 'silent',
    loader: { '.css': 'empty' },
    external: ['react', 'react-dom', 'react-dom/*', 'react/*', '@mantine/*', 'react-router'],
    plugins: [
      {
        name: 'generated-hero',
        setup(b) {
          b.onResolve({ filter: /^\.\/generated-hero$/ }, () => ({
            path: 'generated-hero.tsx',
            namespace: 'generated',
          }));
          b.onLoad({ filter: /.*/, namespace: 'generated' }, () => ({
            contents: source,
            loader: 'tsx',
            resolveDir: path.join(web, 'src/sections'),
          }));
        },
      },
    ],
  });
  const module = (await import(pathToFileURL(file).href)) as {
    server: () => string;
    client: (container: unknown) => string;
  };
  const container = dom.window.document.createElement('div');
  dom.window.document.body.append(container);
  const client = module.client(container);
  container.remove();
  return { server: module.server(), client };
}

// A browser's DOM for React DOM's client render (jsdom, as the web app's tests use).
interface Window {
  document: {
    createElement(tag: string): { remove(): void };
    body: { append(node: unknown): void };
  };
  navigator: unknown;
  HTMLElement: unknown;
  Node: unknown;
  getComputedStyle: unknown;
}
const { JSDOM } = createRequire(path.join(web, 'package.json'))('jsdom') as {
  JSDOM: new (html: string, options: { url: string }) => { window: Window };
};
const dom = new JSDOM('<!doctype html><html><body></body></html>', {
  url: 'https://cedar.example/',
});
Object.assign(globalThis, {
  window: dom.window,
  document: dom.window.document,
  navigator: dom.window.navigator,
  HTMLElement: dom.window.HTMLElement,
  Node: dom.window.Node,
  getComputedStyle: dom.window.getComputedStyle,
  matchMedia: () => ({ matches: false, addEventListener() {}, removeEventListener() {} }),
});

const asPage = (body: string) =>
  `<!DOCTYPE html><html lang="en"><head><title>x</title></head><body>${body}</body></html>`;
const gate = (body: string) =>
  gatePage('/', asPage(body), { scripts: [] }, { origin: 'https://cedar.example' });

describe('sections from the grammar’s neighbourhood (issue 35)', { timeout: 300_000 }, () => {
  it('every section the check accepts renders, on the server and in the browser, only what the gate allows', async () => {
    let accepted = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(value, place, async (top, jsx) => {
        const source = section(top, jsx);
        if (checkSection(HERO, source) !== null) {
          refused++;
          return;
        }
        accepted++;
        const { server, client } = await render(source);
        expect(() => gate(server), source).not.toThrow();
        expect(() => gate(client), source).not.toThrow();
      }),
      { numRuns: 150 },
    );
    // The run explored both sides of the check.
    expect(accepted).toBeGreaterThan(5);
    expect(refused).toBeGreaterThan(50);
  });

  it('would catch an imitation the check let through: rendered, it fails the gate', async () => {
    // The probe, rendered without the check in the way.
    const source = section(
      `const probe = <span />;\nconst value = { $$typeof: probe.$$typeof, type: 'script', key: null, ref: null, props: ${PROPS.script} };`,
      '{value}',
    );
    expect(checkSection(HERO, source)).not.toBeNull();
    const { server, client } = await render(source);
    expect(server).toContain('<script>');
    expect(() => gate(server)).toThrow(/<script> elements/);
    expect(client).toContain('<script>');
    expect(() => gate(client)).toThrow(/<script> elements/);
  });
});
