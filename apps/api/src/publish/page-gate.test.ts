import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  constantScripts,
  gatePage,
  PageRefused,
  pageTemplate,
  shapeOf,
  trustedScriptHashes,
} from './page-gate';

const sha = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;

/** The scripts React Router and React write into a prerendered page, as the real build does. */
const SCROLL = `((storageKey2, restoreKey) => {
    try {
      let positions = JSON.parse(sessionStorage.getItem(storageKey2) || "{}");
      let storedY = positions[restoreKey || window.history.state.key];
      if (typeof storedY === "number") window.scrollTo(0, storedY);
    } catch (error) { sessionStorage.removeItem(storageKey2); }
  })("react-router-scroll-positions", null)`;
const context = (basename: string) =>
  `window.__reactRouterContext = {"basename":"${basename}","future":{"v8_middleware":false},"ssr":false,"isSpaMode":false};window.__reactRouterContext.stream = new ReadableStream({start(controller){window.__reactRouterContext.streamController = controller;}}).pipeThrough(new TextEncoderStream());`;
const modules = (root: string, page: string) => `import "/assets/manifest-1.js";
import * as route0 from "/assets/${root}.js";
import * as route1 from "/assets/${page}.js";
  window.__reactRouterRouteModules = {"root":route0,"features/home/home-page":route1};
import("/assets/entry.client-1.js");`;
const START = `{
  const source = document.getElementById('app-scripts');
  const app = document.createRange().createContextualFragment(source ? source.textContent : '');
  for (const script of app.querySelectorAll('script:not([src]):not([type])')) document.body.append(script);
}`;
const enqueue = (data: string) =>
  `window.__reactRouterContext.streamController.enqueue(${JSON.stringify(data)});`;
const CLOSE = 'window.__reactRouterContext.streamController.close();';

interface Parts {
  head?: string;
  main?: string;
  data?: string;
  root?: string;
  page?: string;
  basename?: string;
  noscript?: string;
  end?: string;
}

/** A prerendered page of the site, in the real build's layout. */
const page = (p: Parts = {}) =>
  `<!DOCTYPE html><html lang="en" data-mantine-color-scheme="light"><head><meta charSet="UTF-8"/>` +
  `<meta name="viewport" content="width=device-width, initial-scale=1.0"/><link rel="icon" href="/favicon.svg" type="image/svg+xml"/>` +
  `<title>Cedar Bluff</title><link rel="canonical" href="https://cedar.example/"/>` +
  `<script type="application/ld+json">{"@context":"https://schema.org","name":"Cedar Bluff"}</script>${p.head ?? ''}</head>` +
  `<body><div class="m_1"><main id="main"><section aria-labelledby="hero-heading" style="position:relative">` +
  `<style data-mantine-styles="inline">.__m__-x{margin-top:1rem}</style>` +
  `<h1 id="hero-heading" class="m_2">Cedar Bluff Labradors</h1><a href="/contact" data-discover="true">Contact</a>` +
  `<picture><source type="image/avif" srcset="/img/a/hero-480.avif 480w, /img/a/hero-800.avif 800w" sizes="100vw"/>` +
  `<img src="/images/hero.jpg" alt="A dog" loading="lazy" decoding="async"/></picture>` +
  `<svg viewBox="0 0 24 24" fill="none" aria-hidden="true"><path d="M0 0h24"/></svg>` +
  `<a href="https://books.cedarblufflabradors.com/the-bluff-way">Book</a><a href="tel:+15185550142">Call</a>` +
  `${p.main ?? ''}</section></main></div>` +
  `<script>${SCROLL}</script><noscript id="app-scripts"><link rel="modulepreload" href="/assets/manifest-1.js"/>` +
  `<script>${context(p.basename ?? '/')}</script><script type="module" async="">${modules(p.root ?? 'root-1', p.page ?? 'home-1')}</script>${p.noscript ?? ''}</noscript>` +
  `<script>${START}</script><!--$--><script>${enqueue(p.data ?? '[{"_1":2},"loaderData"]')}</script><!--$--><script>${CLOSE}</script><!--/$--><!--/$-->${p.end ?? ''}</body></html>`;

const TRUSTED = pageTemplate(page());
const ASSETS = new Set(['/assets/manifest-1.js', '/assets/root-1.js', '/assets/home-1.js']);
['/assets/entry.client-1.js', '/assets/root-2.js', '/assets/home-2.js'].forEach((a) =>
  ASSETS.add(a),
);
const OPTIONS = { origin: 'https://cedar.example', isAsset: (p: string) => ASSETS.has(p) };
const gate = (html: string) => gatePage('/', html, TRUSTED, OPTIONS);
const refusal = (html: string) => {
  try {
    gate(html);
  } catch (error) {
    expect(error).toBeInstanceOf(PageRefused);
    return (error as PageRefused).reason;
  }
  throw new Error('the gate let the page through');
};

describe('the page gate (issue 35)', () => {
  it("passes the trusted build's own page and allows exactly its framework scripts", () => {
    const { scriptHashes } = gate(page());
    const framework = [
      SCROLL,
      context('/'),
      modules('root-1', 'home-1'),
      START,
      enqueue('[{"_1":2},"loaderData"]'),
      CLOSE,
    ];
    expect(scriptHashes).toEqual(framework.map(sha));
    // JSON-LD is data: no hash, it never runs.
    expect(trustedScriptHashes(page())).toEqual(framework.map(sha));
    expect(TRUSTED.scripts.map((s) => s.place)).toEqual([
      'head',
      'body',
      'body>noscript#app-scripts',
      'body>noscript#app-scripts',
      'body',
      'body',
      'body',
    ]);
  });

  it('passes a publish whose scripts differ from the trusted ones in data only', () => {
    const published = page({
      data: '[{"_1":2},"loaderData",{"headline":"New words"}]',
      root: 'root-2',
      page: 'home-2',
      basename: '/x',
    });
    const { scriptHashes } = gate(published);
    expect(scriptHashes).toContain(
      sha(enqueue('[{"_1":2},"loaderData",{"headline":"New words"}]')),
    );
    expect(scriptHashes).toContain(sha(modules('root-2', 'home-2')));
    expect(scriptHashes).not.toContain(sha(modules('root-1', 'home-1')));
  });

  const REFUSED: [string, Parts, RegExp][] = [
    [
      "the issue's script (an element imitation)",
      { main: "<script>fetch('/api/admin/inquiries/export.csv')</script>" },
      /<script> elements/,
    ],
    ['a script in the head', { head: '<script>alert(1)</script>' }, /<script> elements/],
    ['a script in the app scripts', { noscript: '<script>alert(1)</script>' }, /<script> elements/],
    ['a script in an svg', { main: '<svg><script>alert(1)</script></svg>' }, /<script>/],
    [
      'a script in a template',
      { main: '<template><script>alert(1)</script></template>' },
      /<script> elements/,
    ],
    [
      'a script hidden in a noscript attribute',
      { main: '<noscript><p title="</noscript><script>alert(1)</script>"></p></noscript>' },
      /<script> elements/,
    ],
    ['a script by URL', { main: '<script src="/assets/root-1.js"></script>' }, /'src' on <script>/],
    [
      'meta refresh',
      { head: '<meta http-equiv="refresh" content="0;url=https://attacker.example/">' },
      /'http-equiv' on <meta>/,
    ],
    [
      'meta refresh in the body',
      { main: '<meta http-equiv="refresh" content="0">' },
      /'http-equiv'/,
    ],
    [
      'an iframe with srcdoc',
      { main: '<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>' },
      /<iframe>/,
    ],
    ['an object', { main: '<object data="/x.svg"></object>' }, /<object>/],
    ['an embed', { main: '<embed src="/x.svg">' }, /<embed>/],
    ['a base', { head: '<base href="https://attacker.example/">' }, /<base>/],
    [
      'a form',
      { main: '<form action="https://attacker.example/"><button>Go</button></form>' },
      /<form>/,
    ],
    ['a handler', { main: '<img src="/x.jpg" onerror="alert(1)">' }, /event handler/],
    ['a handler on an svg', { main: '<svg onload="alert(1)"></svg>' }, /event handler/],
    [
      'raw HTML in a div',
      { main: '<div><img src=/x.jpg onerror=alert(1)></div>' },
      /event handler/,
    ],
    [
      'a javascript: link',
      { main: '<a href="javascript:alert(1)">x</a>' },
      /links to 'javascript:alert\(1\)'/,
    ],
    ['a data: image', { main: '<img src="data:image/svg+xml,x">' }, /links to 'data:/],
    ['a protocol-relative link', { main: '<a href="//attacker.example/">x</a>' }, /attacker/],
    [
      'an unlisted host',
      { main: '<a href="https://attacker.example/">x</a>' },
      /links to 'https:\/\/attacker/,
    ],
    [
      'a srcset to another host',
      { main: '<img srcset="/a.jpg 1x, https://attacker.example/b.jpg 2x">' },
      /attacker/,
    ],
    ['a link rel import', { head: '<link rel="import" href="/x.html">' }, /rel="import"/],
    [
      'an svg link',
      { main: '<svg><a href="javascript:alert(1)"><circle r="1"/></a></svg>' },
      /<a> element|links to 'javascript/,
    ],
    [
      'an svg animation',
      { main: '<svg><animate attributeName="href" to="javascript:alert(1)"/></svg>' },
      /<animate>/,
    ],
    ['math', { main: '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>' }, /<math>/],
    [
      'a style element that changes attributes',
      { main: '<div formaction="https://attacker.example/">x</div>' },
      /'formaction'/,
    ],
    ['an import from elsewhere', { root: '../../attacker' }, /loads/],
    ['an import of a script no build has', { root: 'planted-1' }, /loads '\/assets\/planted-1.js'/],
  ];

  it.each(REFUSED)('refuses %s', (_label, parts, reason) => {
    expect(refusal(page(parts))).toMatch(reason);
  });

  it("takes the site's address from the trusted build's canonical link as well as from PUBLIC_URL", () => {
    // A server told another address (the bench's) still accepts the pages' canonical links.
    const elsewhere = { ...OPTIONS, origin: 'http://127.0.0.1:4000' };
    expect(() => gatePage('/', page(), TRUSTED, elsewhere)).not.toThrow();
    expect(() =>
      gatePage(
        '/',
        page({ main: '<a href="http://127.0.0.1:4000/contact">x</a>' }),
        TRUSTED,
        elsewhere,
      ),
    ).not.toThrow();
    expect(() =>
      gatePage('/', page({ main: '<a href="http://cedar.example/">x</a>' }), TRUSTED, elsewhere),
    ).toThrow(/links to 'http:\/\/cedar.example\/'/);
  });

  it('holds the scripts the trusted build writes the same on every page to their bytes', () => {
    // Two trusted pages: the start script, the scroll restoration and the close are the same on
    // both; the context, the module script and the stream's data differ from page to page.
    const other = pageTemplate(page({ data: '[{"_1":3}]', page: 'home-2', basename: '/y' }));
    const constant = constantScripts([TRUSTED, other]);
    expect(constant).toEqual(new Set([sha(SCROLL), sha(START), sha(CLOSE)]));
    const options = { ...OPTIONS, constant };
    const changedStart = page().replace(
      "getElementById('app-scripts')",
      "getElementById('hero-heading')",
    );
    expect(() => gatePage('/', changedStart, TRUSTED, options)).toThrow(/the same on every page/);
    // Without the rule the change is data: the shape alone would let it through.
    expect(() => gatePage('/', changedStart, TRUSTED, OPTIONS)).not.toThrow();
    expect(() => gatePage('/', page({ data: '[{"_1":9}]' }), TRUSTED, options)).not.toThrow();
  });

  it('refuses a document of frames', () => {
    expect(
      refusal('<!DOCTYPE html><html><head></head><frameset><frame src="/x"></frameset></html>'),
    ).toMatch(/<frameset>|<frame>/);
  });

  it('keeps what a word injects into the data as data', () => {
    const injected = 'x");fetch("/api/admin/inquiries/export.csv';
    const { scriptHashes } = gate(page({ data: injected }));
    // The string is escaped into the data it belongs to: the code around it is the framework's.
    expect(scriptHashes).toContain(sha(enqueue(injected)));
  });

  it('refuses a framework script that is missing, moved, or given other attributes', () => {
    const trusted = page();
    expect(refusal(trusted.replace(`<script>${CLOSE}</script>`, ''))).toMatch(
      /6 <script> elements/,
    );
    expect(
      refusal(
        trusted
          .replace(`<script>${CLOSE}</script>`, '')
          .replace('</main>', `<script>${CLOSE}</script></main>`),
      ),
    ).toMatch(/not where or what/);
    expect(refusal(trusted.replace(`<script>${START}`, `<script type="module">${START}`))).toMatch(
      /not where or what/,
    );
    expect(
      refusal(
        trusted.replace(
          enqueue('[{"_1":2},"loaderData"]'),
          'fetch("/api/admin/inquiries/export.csv")',
        ),
      ),
    ).toMatch(/only its data may differ/);
    expect(
      refusal(
        trusted.replace('{"@context":"https://schema.org","name":"Cedar Bluff"}', 'alert(1)'),
      ),
    ).toMatch(/not JSON/);
  });

  it('reads code as code: data is literals and JSON-like objects, nothing else', () => {
    expect(shapeOf('f("a", 1, {"b": [2, null]})').shape).toBe(shapeOf('f("zz", 9, {})').shape);
    expect(shapeOf('f("a")').shape).not.toBe(shapeOf('g("a")').shape);
    expect(shapeOf('f({a: 1})').shape).not.toBe(shapeOf('f({a: x})').shape);
    expect(shapeOf('f(`a`)').shape).not.toBe(shapeOf('f(`${x}`)').shape);
    expect(shapeOf('import "/a.js"; import("/b.js")').imports).toEqual(['/a.js', '/b.js']);
    expect(shapeOf('f(').shape).toContain('SYNTAX-ERROR');
  });
});
