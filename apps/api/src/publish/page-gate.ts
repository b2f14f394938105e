import { createHash } from 'node:crypto';
import { LINK_HOSTS } from '@cedar/content';
import { type DefaultTreeAdapterMap, parse, parseFragment } from 'parse5';
import ts from 'typescript';
import type { PolicyOf } from '../security-policy';
import type { Page, SiteShell, WebBuild } from './adopt';

/** The not-found page's key among a shell's templates. */
export const NOT_FOUND_ROUTE = '/__not-found__';

/**
 * The gate every published page passes before the server adopts it (issue 35, decision 019).
 * Each page is parsed with parse5 (the HTML parser of the standard, as a browser parses it) and
 * held against an allow-list: the elements, attributes and link schemes a page of this site uses.
 * The only scripts a page may carry are the framework's: React Router's and React's own inline
 * scripts, the same in kind, number and place as the TRUSTED build (the one `npm start` made from
 * the checked-out code, WEB_DIST) writes for the same route. Their data may differ (a page's
 * loader data, chunk names); what differs must be data: every string, number and JSON-like
 * object of the script may change, nothing else, and every module it imports is a script of the
 * site's builds. The page's Content-Security-Policy then allows exactly those scripts, by hash
 * (security-policy.ts, computed once at adoption): nothing is trusted for being in the HTML.
 */

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];
type ParentNode = DefaultTreeAdapterMap['parentNode'];

/** Attributes any element may have (and `aria-*`, `data-*`). */
const GLOBAL_ATTRIBUTES = new Set(['class', 'id', 'style', 'role', 'title', 'lang', 'dir']);
GLOBAL_ATTRIBUTES.add('hidden').add('tabindex');

const TEXT = ['p', 'span', 'strong', 'em', 'b', 'i', 'small', 'br', 'hr', 'sup', 'sub', 'mark'];
const BLOCKS = ['div', 'section', 'article', 'header', 'footer', 'aside', 'nav', 'main'];
const MORE = ['figure', 'figcaption', 'address', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'li'];
const LISTS = ['dl', 'dt', 'dd', 'cite', 'abbr', 'label', 'title', 'body', 'head', 'noscript'];

/** Elements of the site's pages, and the attributes each may have beyond the global ones. */
const ELEMENTS: Readonly<Record<string, readonly string[]>> = {
  ...Object.fromEntries([...TEXT, ...BLOCKS, ...MORE, ...LISTS].map((e) => [e, []])),
  html: ['data-mantine-color-scheme'],
  div: ['color', 'radius'],
  ol: ['start', 'reversed', 'type'],
  blockquote: ['cite'],
  q: ['cite'],
  time: ['datetime'],
  a: ['href', 'rel', 'target'],
  button: ['type', 'disabled'],
  img: ['alt', 'decoding', 'fetchpriority', 'height', 'loading', 'src', 'srcset', 'sizes', 'width'],
  picture: [],
  source: ['sizes', 'srcset', 'type', 'media', 'width', 'height'],
  link: ['as', 'fetchpriority', 'href', 'imagesizes', 'imagesrcset', 'rel', 'type', 'sizes'],
  meta: ['charset', 'content', 'name', 'property'],
  style: ['data-mantine-styles'],
  // React's markers of a streamed part (`<template id="B:0">`); its content is checked too.
  template: [],
  // Only the framework's (below); never one of a page's own.
  script: ['async', 'type'],
};

/** SVG icons: shapes and their paint, nothing that links, animates or embeds. */
const SVG_ATTRIBUTES = [
  ...['viewBox', 'xmlns', 'width', 'height', 'fill', 'stroke', 'stroke-width', 'stroke-linecap'],
  ...['stroke-linejoin', 'fill-rule', 'clip-rule', 'd', 'cx', 'cy', 'r', 'rx', 'ry', 'x', 'y'],
  ...['x1', 'y1', 'x2', 'y2', 'points', 'transform', 'opacity', 'focusable', 'aria-hidden'],
];
const SVG_ELEMENTS = new Set(['svg', 'path', 'circle', 'ellipse', 'g', 'rect', 'line']);
SVG_ELEMENTS.add('polyline').add('polygon');

/** `<link rel>` values a page uses: none of them runs or frames anything of another origin. */
const LINK_RELS = new Set(['icon', 'canonical', 'preload', 'modulepreload', 'stylesheet']);
const URL_ATTRIBUTES = new Set(['href', 'src', 'cite']);
const URL_LIST_ATTRIBUTES = new Set(['srcset', 'imagesrcset']);

/** Why a page was refused, in the owner's words, and where. */
export class PageRefused extends Error {
  constructor(
    readonly route: string,
    readonly reason: string,
  ) {
    super(`the page ${route} ${reason}`);
  }
}

/** One of the framework's scripts, as the trusted build writes it for a route. */
interface ScriptShape {
  /** Where it is: its parents (`body`, `body>noscript#app-scripts`) */
  place: string;
  /** Its attributes, as written */
  attributes: string;
  /** Its code with every literal made a placeholder (see shapeOf), or `json` for JSON-LD */
  shape: string;
  /** Its CSP hash source, as the trusted build wrote it */
  hash: string;
}

/** What the trusted build writes for one route: its scripts, in document order. */
export interface PageTemplate {
  scripts: ScriptShape[];
  /** The origins the trusted page names as its own (its canonical link): the site's address. */
  origins?: string[];
}

export interface GatedPage {
  /** The CSP hash sources of the framework's inline scripts the gate accepted. */
  scriptHashes: string[];
}

export interface GateOptions {
  /** The site's own origins (PUBLIC_URL's, the trusted build's): canonical and social links. */
  origin?: string | readonly string[];
  /** Whether `/assets/<name>.js` is a script of the site's builds. */
  isAsset?: (path: string) => boolean;
  /**
   * The trusted scripts that carry no data (see constantScripts): a publish writes them byte for
   * byte, or the page is refused.
   */
  constant?: ReadonlySet<string>;
}

/**
 * The framework scripts the trusted build writes the same on every page (the start script, the
 * scroll restoration, the stream's close…): they carry no data of the page, so nothing of them
 * may differ.
 */
export function constantScripts(templates: readonly PageTemplate[]): Set<string> {
  const withScripts = templates.filter((t) => t.scripts.length > 0);
  const counts = new Map<string, number>();
  for (const template of withScripts)
    for (const hash of new Set(
      template.scripts.filter((s) => s.shape !== 'json').map((s) => s.hash),
    ))
      counts.set(hash, (counts.get(hash) ?? 0) + 1);
  return new Set(
    withScripts.length < 2
      ? []
      : [...counts].filter(([, n]) => n === withScripts.length).map(([hash]) => hash),
  );
}

const hashOf = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
const textOf = (element: Element) =>
  element.childNodes.map((c) => ('value' in c && c.nodeName === '#text' ? c.value : '')).join('');
const attributeName = (a: { name: string; prefix?: string }) =>
  a.prefix ? `${a.prefix}:${a.name}` : a.name;

/**
 * The shape of an inline script: its syntax with every string, number and template literal a
 * placeholder, and every object or list of only such literals `DATA`. Two scripts of one shape
 * differ in data alone. Returns the modules it imports beside it.
 */
export function shapeOf(code: string): { shape: string; imports: string[] } {
  const file = ts.createSourceFile('s.js', code, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const imports: string[] = [];
  const parts: string[] = [];
  const isData = (node: ts.Node): boolean =>
    ts.isStringLiteral(node) ||
    ts.isNumericLiteral(node) ||
    ts.isNoSubstitutionTemplateLiteral(node) ||
    node.kind === ts.SyntaxKind.TrueKeyword ||
    node.kind === ts.SyntaxKind.FalseKeyword ||
    node.kind === ts.SyntaxKind.NullKeyword ||
    (ts.isPrefixUnaryExpression(node) &&
      node.operator === ts.SyntaxKind.MinusToken &&
      ts.isNumericLiteral(node.operand)) ||
    (ts.isArrayLiteralExpression(node) && node.elements.every(isData)) ||
    (ts.isObjectLiteralExpression(node) &&
      node.properties.every(
        (p) =>
          ts.isPropertyAssignment(p) &&
          (ts.isStringLiteral(p.name) || ts.isIdentifier(p.name) || ts.isNumericLiteral(p.name)) &&
          isData(p.initializer),
      ));
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier))
      imports.push(node.moduleSpecifier.text);
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    )
      imports.push(node.arguments[0].text);
    if (node !== file && isData(node)) {
      parts.push('DATA');
      return;
    }
    if (node.getChildCount(file) === 0) {
      parts.push(
        ts.SyntaxKind[node.kind] === 'Identifier' ? node.getText(file) : String(node.kind),
      );
      return;
    }
    node.getChildren(file).forEach(visit);
  };
  visit(file);
  const diagnostics = (file as unknown as { parseDiagnostics?: unknown[] }).parseDiagnostics;
  if (diagnostics && diagnostics.length > 0) parts.push('SYNTAX-ERROR');
  return { shape: parts.join(' '), imports };
}

/** Every element of a document, with its place, including what `<noscript>` and `<template>` hold. */
function* elements(parent: ParentNode, place: string): Generator<[Element, string]> {
  for (const child of parent.childNodes as Node[]) {
    if (!('tagName' in child)) continue;
    const element = child as Element;
    yield [element, place];
    const id = element.attrs.find((a) => a.name === 'id')?.value;
    const here = `${place}>${element.tagName}${id ? `#${id}` : ''}`;
    yield* elements(element, here);
    if (element.tagName === 'template')
      yield* elements((element as unknown as { content: ParentNode }).content, here);
    // The browser reads a <noscript> as text; the page's start script (start-app.ts) turns that
    // text into elements, so what it holds is checked as the elements it becomes.
    if (element.tagName === 'noscript') yield* elements(parseFragment(textOf(element)), here);
  }
}

const placeOf = (place: string) => place.replace(/^>html>/, '');

function scriptAttributes(element: Element) {
  return element.attrs
    .map((a) => `${attributeName(a)}=${a.value}`)
    .sort()
    .join(' ');
}

/** The framework's scripts of a page of the trusted build: the template a publish is held to. */
export function pageTemplate(html: string): PageTemplate {
  const scripts: ScriptShape[] = [];
  const origins = new Set<string>();
  for (const [element, place] of elements(parse(html), '')) {
    const rel = element.attrs.find((a) => a.name === 'rel')?.value;
    const href = element.attrs.find((a) => a.name === 'href')?.value;
    if (element.tagName === 'link' && rel === 'canonical' && href && URL.canParse(href))
      origins.add(new URL(href).origin);
    if (element.tagName !== 'script') continue;
    const code = textOf(element);
    const json = isJsonLd(element);
    scripts.push({
      place: placeOf(place),
      attributes: scriptAttributes(element),
      shape: json ? 'json' : shapeOf(code).shape,
      hash: hashOf(code),
    });
  }
  return { scripts, origins: [...origins] };
}

const isJsonLd = (element: Element) =>
  element.attrs.some((a) => a.name === 'type' && a.value === 'application/ld+json');

/** A link of a page: a path of the site, the site's own origin, a listed https host, mail, phone. */
function linkProblem(value: string, origins: readonly string[]): string | null {
  const url = value.trim();
  if (/[\\\s]/.test(url) && !/^(?:mailto|tel):/.test(url)) return `'${url}' is not a plain link`;
  if (/^(?:#|\/(?![/\\])|mailto:|tel:)/i.test(url) || url === '') return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `'${url}' is not a link`;
  }
  if (origins.includes(parsed.origin)) return null;
  if (parsed.protocol === 'https:' && LINK_HOSTS.includes(parsed.hostname)) return null;
  return `links to '${url}', which is not a page of this site, a listed host (${LINK_HOSTS.join(', ')}), mailto: or tel:`;
}

/**
 * Holds a published page to the allow-list and its route's template. Returns the hashes of the
 * framework scripts it accepted; throws PageRefused with the reason otherwise.
 */
export function gatePage(
  route: string,
  html: string,
  template: PageTemplate,
  options: GateOptions = {},
): GatedPage {
  const refuse = (reason: string): never => {
    throw new PageRefused(route, reason);
  };
  const scripts: { element: Element; place: string }[] = [];
  const given = options.origin === undefined ? [] : [options.origin].flat();
  const origins = [...given, ...(template.origins ?? [])].map((o) =>
    URL.canParse(o) ? new URL(o).origin : o,
  );
  for (const [element, place] of elements(parse(html), '')) {
    const name = element.tagName;
    const svg = element.namespaceURI === 'http://www.w3.org/2000/svg';
    if (svg ? !SVG_ELEMENTS.has(name) : !Object.hasOwn(ELEMENTS, name))
      refuse(`has a <${name}> element, which no page of this site may have`);
    for (const attribute of element.attrs) {
      const a = attributeName(attribute);
      if (/^on/i.test(a)) refuse(`has an event handler ('${a}' on <${name}>), which runs script`);
      const allowed =
        GLOBAL_ATTRIBUTES.has(a) ||
        /^aria-[a-z]+$/.test(a) ||
        /^data-[a-z0-9-]+$/.test(a) ||
        (svg ? SVG_ATTRIBUTES.includes(a) : ELEMENTS[name]!.includes(a));
      if (!allowed) refuse(`has the attribute '${a}' on <${name}>, which no page of this site has`);
      if (URL_ATTRIBUTES.has(a)) {
        const problem = linkProblem(attribute.value, origins);
        if (problem) refuse(`has <${name} ${a}> that ${problem}`);
      }
      if (URL_LIST_ATTRIBUTES.has(a))
        for (const candidate of attribute.value.split(',')) {
          const problem = linkProblem(candidate.trim().split(/\s+/)[0] ?? '', origins);
          if (problem) refuse(`has <${name} ${a}> that ${problem}`);
        }
    }
    if (name === 'link') {
      const rel = element.attrs.find((a) => a.name === 'rel')?.value ?? '';
      if (!rel.split(/\s+/).every((r) => LINK_RELS.has(r.toLowerCase())))
        refuse(`has <link rel="${rel}">, which no page of this site has`);
    }
    if (name === 'script') scripts.push({ element, place: placeOf(place) });
  }

  const expected = template.scripts;
  if (scripts.length !== expected.length)
    refuse(
      `has ${scripts.length} <script> elements where the site's own build writes ${expected.length}: a section may not add or remove a script`,
    );
  const scriptHashes: string[] = [];
  scripts.forEach(({ element, place }, i) => {
    const want = expected[i]!;
    const code = textOf(element);
    const nth = `script ${i + 1} of ${expected.length}`;
    if (place !== want.place || scriptAttributes(element) !== want.attributes)
      refuse(`has a <script> (${nth}) that is not where or what the site's own build writes`);
    if (want.shape === 'json') {
      if (!isJsonLd(element)) refuse(`has a <script> (${nth}) that should be data`);
      try {
        JSON.parse(code);
      } catch {
        refuse(`has structured data (${nth}) that is not JSON`);
      }
      return;
    }
    if (want.hash && options.constant?.has(want.hash) && hashOf(code) !== want.hash)
      refuse(
        `has a <script> (${nth}) that differs from the site's own, which is the same on every page`,
      );
    const { shape, imports } = shapeOf(code);
    if (shape !== want.shape)
      refuse(`has a <script> (${nth}) whose code is not the site's own: only its data may differ`);
    for (const module of imports)
      if (!/^\/assets\/[\w.-]+\.js$/.test(module) || (options.isAsset && !options.isAsset(module)))
        refuse(`has a <script> (${nth}) that loads '${module}', which is not a script of the site`);
    scriptHashes.push(hashOf(code));
  });
  return { scriptHashes: [...new Set(scriptHashes)] };
}

/** The hashes of a trusted document's inline scripts (the admin area's shell, from WEB_DIST). */
export function trustedScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [element] of elements(parse(html), ''))
    if (
      element.tagName === 'script' &&
      !isJsonLd(element) &&
      !element.attrs.some((a) => a.name === 'src')
    )
      hashes.add(hashOf(textOf(element)));
  return [...hashes];
}

/**
 * Holds every page of a build (each public route's and the not-found page) to the gate, against
 * the trusted build's templates; records on each page the script hashes its policy allows, and
 * that policy (`policyOf`), once. Throws PageRefused for the first page that fails: then nothing
 * of the build may be adopted.
 */
export function gateBuild(
  build: WebBuild,
  shell: SiteShell,
  origin?: string,
  policyOf?: PolicyOf,
): void {
  const isAsset = (p: string) => shell.assets.has(p) || build.assets.has(p);
  // The site's address as the trusted build names it, and as this server is told it.
  const origins = [
    ...(origin ? [origin] : []),
    ...[...shell.templates.values()].flatMap((t) => t.origins ?? []),
  ];
  const none: PageTemplate = { scripts: [] };
  const constant = constantScripts([...shell.templates.values()]);
  const pages: [string, Page][] = [...build.pages.entries(), [NOT_FOUND_ROUTE, build.notFoundPage]];
  const gated = pages.map(([route, page]) => {
    const { scriptHashes } = gatePage(
      route === NOT_FOUND_ROUTE ? 'for a missing address' : route,
      page.html,
      shell.templates.get(route) ?? none,
      { origin: origins, isAsset, constant },
    );
    return { route, page, scriptHashes };
  });
  // Only once every page passed: a refused build keeps no policy of its own.
  for (const { route, page, scriptHashes } of gated) {
    page.scriptHashes = scriptHashes;
    page.policy = policyOf?.(route, scriptHashes);
  }
}
