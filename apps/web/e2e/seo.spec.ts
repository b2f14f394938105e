// What a crawler that runs no JavaScript gets from the production server: each public page's own
// head tags, main heading and structured data in the HTML, 404 for unknown paths, the sitemap and
// robots.txt. Only HTTP requests here (Playwright's request fixture), no browser.
import {
  CONTEST_DATES,
  foodProducts,
  pageMeta,
  PUBLIC_ROUTES,
  site,
  trainingPrograms,
} from '@cedar/content';
import { expect, test, type APIRequestContext } from '@playwright/test';

/** The site's public origin, as the build was given it (vite.config.ts has the same default). */
const PUBLIC_URL = (process.env.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/$/, '');
const absolute = (path: string) => new URL(path, `${PUBLIC_URL}/`).toString();

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&amp;/g, '&');

function attributes(tag: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const m of tag.matchAll(/([a-zA-Z:-]+)(?:="([^"]*)")?/g)) {
    if (m[1] && !(m[1].toLowerCase() in found)) found[m[1].toLowerCase()] = decode(m[2] ?? '');
  }
  return found;
}

interface Parsed {
  head: string;
  body: string;
  title: string | undefined;
  /** content of <meta name=...> and <meta property=...> by key */
  meta: Map<string, string[]>;
  canonical: string[];
  jsonLd: unknown[];
  h1: string[];
}

function parse(html: string): Parsed {
  const [head = '', body = ''] = html.split(/<\/head>/i);
  const meta = new Map<string, string[]>();
  for (const m of head.matchAll(/<meta\b[^>]*>/gi)) {
    const a = attributes(m[0]);
    const key = a.property ?? a.name;
    if (key && a.content !== undefined) meta.set(key, [...(meta.get(key) ?? []), a.content]);
  }
  const canonical = [...head.matchAll(/<link\b[^>]*rel="canonical"[^>]*>/gi)].map(
    (m) => attributes(m[0]).href ?? '',
  );
  const jsonLd = [
    ...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/gi),
  ].map((m) => JSON.parse(m[1] ?? ''));
  const h1 = [...body.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/gi)].map((m) =>
    decode((m[1] ?? '').replace(/<[^>]+>/g, '')).trim(),
  );
  const title = /<title>([\s\S]*?)<\/title>/i.exec(head)?.[1];
  return {
    head,
    body,
    title: title === undefined ? undefined : decode(title),
    meta,
    canonical,
    jsonLd,
    h1,
  };
}

async function page(request: APIRequestContext, path: string) {
  const response = await request.get(path, { headers: { 'accept-encoding': 'br, gzip' } });
  return { response, parsed: parse(await response.text()) };
}

/** Width and height from a JPEG's frame header. */
function jpegSize(data: Buffer): { width: number; height: number } | null {
  let i = 2;
  while (i + 9 < data.length && data[i] === 0xff) {
    const marker = data[i + 1] ?? 0;
    const length = data.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xc3)
      return { height: data.readUInt16BE(i + 5), width: data.readUInt16BE(i + 7) };
    i += 2 + length;
  }
  return null;
}

const schemaTypes = (data: unknown[]) => data.map((d) => (d as { '@type'?: string })['@type']);

test.describe('every public route, as a crawler without JavaScript reads it', () => {
  for (const meta of pageMeta) {
    test(`${meta.path} has its own title, description, canonical URL, social tags and main heading`, async ({
      request,
    }) => {
      const { response, parsed } = await page(request, meta.path);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toContain('text/html');
      expect(response.headers()['cache-control']).toBe('no-cache');

      const one = (key: string) => {
        const values = parsed.meta.get(key) ?? [];
        expect(values, key).toHaveLength(1);
        return values[0];
      };
      expect(parsed.title).toBe(meta.title);
      expect(one('description')).toBe(meta.description);
      expect(parsed.canonical).toEqual([absolute(meta.path)]);
      expect(one('og:title')).toBe(meta.title);
      expect(one('og:description')).toBe(meta.description);
      expect(one('og:type')).toBe('website');
      expect(one('og:url')).toBe(absolute(meta.path));
      expect(one('og:site_name')).toBe(site.brandName);
      expect(one('og:image')).toBe(absolute(meta.image));
      expect(one('og:image')).toMatch(/^https?:\/\//);
      expect(one('twitter:card')).toBe('summary_large_image');
      expect(parsed.meta.has('robots')).toBe(false);

      // The page's content is in the HTML, under its one main heading.
      expect(parsed.h1).toEqual([meta.heading]);
      expect(parsed.body).toContain('<main');

      for (const data of parsed.jsonLd)
        expect((data as { '@context'?: string })['@context']).toBe('https://schema.org');
    });

    test(`${meta.path} shares a real 1200x630 image`, async ({ request }) => {
      const image = await request.get(meta.image);
      expect(image.status()).toBe(200);
      expect(image.headers()['content-type']).toBe('image/jpeg');
      expect(jpegSize(await image.body())).toEqual({ width: 1200, height: 630 });
    });
  }
});

test.describe('structured data', () => {
  test('the home and contact pages describe the kennel as a local business', async ({
    request,
  }) => {
    for (const path of ['/', '/contact']) {
      const { parsed } = await page(request, path);
      const business = parsed.jsonLd.find((d) => schemaTypes([d])[0] === 'LocalBusiness') as
        Record<string, unknown> | undefined;
      expect(business, path).toBeDefined();
      expect(business?.name).toBe(site.brandName);
      expect(business?.address).toMatchObject({
        '@type': 'PostalAddress',
        streetAddress: site.address.street,
        addressLocality: site.address.town,
        addressRegion: site.address.state,
        postalCode: site.address.zip,
      });
      const phones = (business?.contactPoint as Array<{ telephone: string }>).map((c) =>
        c.telephone.replace(/\D/g, '').slice(1),
      );
      expect(phones).toEqual(
        [site.phones.main, site.phones.training].map((p) => p.replace(/\D/g, '')),
      );
      expect(JSON.stringify(business?.openingHoursSpecification)).toContain('appointment');
    }
  });

  test('the contest page describes an event with its dates', async ({ request }) => {
    const { parsed } = await page(request, '/halloween-contest');
    const event = parsed.jsonLd.find((d) => schemaTypes([d])[0] === 'Event') as
      Record<string, unknown> | undefined;
    expect(event).toMatchObject({
      startDate: CONTEST_DATES.submissionsOpen,
      endDate: CONTEST_DATES.winnersAnnounced,
    });
  });

  test('the raw food and training pages offer their products and programs with prices', async ({
    request,
  }) => {
    const food = JSON.stringify((await page(request, '/raw-dog-food')).parsed.jsonLd);
    for (const product of foodProducts) {
      expect(food).toContain(JSON.stringify(product.name));
      expect(food).toContain(`"price":"${product.price.toFixed(2)}"`);
    }
    const training = JSON.stringify((await page(request, '/training')).parsed.jsonLd);
    for (const program of trainingPrograms) {
      expect(training).toContain(JSON.stringify(program.name));
      expect(training).toContain(`"price":"${program.price.toFixed(2)}"`);
    }
  });
});

test('unknown paths answer the not-found page with status 404, never indexed', async ({
  request,
}) => {
  for (const path of [
    '/no-such-page',
    '/puppies/extra',
    '/images/none.jpg',
    '/assets/missing.js',
  ]) {
    const { response, parsed } = await page(request, path);
    expect(response.status(), path).toBe(404);
    expect(parsed.h1, path).toEqual(['404 Page Not Found']);
    expect(parsed.meta.get('robots'), path).toEqual(['noindex']);
  }
});

test('admin pages are never indexed', async ({ request }) => {
  for (const path of ['/admin/login', '/admin', '/admin/files', '/admin/security']) {
    const { response, parsed } = await page(request, path);
    expect(response.status(), path).toBe(200);
    expect(parsed.meta.get('robots'), path).toEqual(['noindex']);
  }
});

test('sitemap.xml lists every public route and nothing else', async ({ request }) => {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/xml/);
  const xml = await response.text();
  expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  expect(locations.sort()).toEqual(PUBLIC_ROUTES.map(absolute).sort());
});

test('robots.txt keeps crawlers out of the admin area and names the sitemap', async ({
  request,
}) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  const text = await response.text();
  expect(text).toMatch(/^User-agent: \*$/m);
  expect(text).toMatch(/^Disallow: \/admin$/m);
  expect(text).toMatch(
    new RegExp(
      `^Sitemap: ${absolute('/sitemap.xml').replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`,
      'm',
    ),
  );
});

test.describe('served well', () => {
  test('HTML is precompressed and revalidated with an ETag', async ({ request }) => {
    const br = await request.get('/', { headers: { 'accept-encoding': 'br' } });
    expect(br.headers()['content-encoding']).toBe('br');
    expect(br.headers()['vary']).toMatch(/accept-encoding/i);
    const gzip = await request.get('/', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers()['content-encoding']).toBe('gzip');
    const etag = br.headers()['etag'];
    expect(etag).toBeTruthy();
    const again = await request.get('/', { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status()).toBe(304);
  });

  test('each page asks for the stylesheet only, its scripts once it has painted', async ({
    request,
  }) => {
    // The page is prerendered whole: its head names the site's one stylesheet and no script, and
    // React Router's scripts wait inside <noscript id="app-scripts"> until the page has loaded
    // and painted (start-app.ts; hydration.spec.ts checks the order in a browser).
    const sheets = new Set<string>();
    for (const route of PUBLIC_ROUTES) {
      const html = await (await request.get(route)).text();
      const head = html.split('</head>')[0] ?? '';
      const stylesheets = [...head.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)];
      // One file, the same on every page, cached after the first (vite.config.ts, cssCodeSplit),
      // without the admin's components (decision 037).
      expect(
        stylesheets.map((m) => m[1]),
        route,
      ).toEqual([expect.stringMatching(/^\/assets\/site-[\w-]+\.css$/)]);
      for (const m of stylesheets) sheets.add(m[1] ?? '');
      expect(head, route).not.toMatch(/modulepreload|<script[^>]*\bsrc=/);
      const app = /<noscript id="app-scripts">([\s\S]*?)<\/noscript>/.exec(html)?.[1] ?? '';
      expect(app, route).toMatch(/<link rel="modulepreload" href="\/assets\/entry\.client-/);
      expect(app, route).toMatch(/<script type="module"/);
      // Outside it, no script that fetches anything.
      const rest = html.replace(app, '');
      expect(rest, route).not.toMatch(/modulepreload|<script[^>]*\bsrc=|<script type="module"/);
    }
    expect(sheets.size).toBe(1);
  });

  test('each page is written whole, with no part left for a script to move into place', async ({
    request,
  }) => {
    // React writes a Suspense boundary larger than its `progressiveChunkSize` after the rest of
    // the document, with an inline script (`$RC`) that moves it into place: entry.server.tsx
    // turns that off (decision 038), so every part is where it stands (`<!--$-->` … `<!--/$-->`).
    for (const route of [...PUBLIC_ROUTES, '/no-such-page']) {
      const html = await (await request.get(route)).text();
      expect(html, route).not.toMatch(/<!--\$\?-->|<template id="B:|\$RC\(|<div hidden id="S:/);
    }
  });

  test('hashed assets and image variants are cached for a year, compressed when text', async ({
    request,
  }) => {
    const html = await (await request.get('/')).text();
    // React Router's client entry and the route modules it starts, preloaded by the page.
    const scripts = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map(
      (m) => m[1],
    );
    const entry = scripts.find((s) => /^\/assets\/entry\.client-[\w-]+\.js$/.test(s ?? ''));
    expect(entry).toBeTruthy();
    const entryResponse = await request.get(entry ?? '', {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(entryResponse.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(entryResponse.headers()['content-encoding']).toBe('br');
    expect(scripts.some((s) => /^\/assets\/home-page-[\w-]+\.js$/.test(s ?? ''))).toBe(true);
    for (const script of scripts) {
      expect(script).toMatch(/^\/assets\/[\w.-]+\.js$/);
      expect((await request.get(script ?? '')).status(), script).toBe(200);
    }

    const preload =
      /<link rel="preload" as="image" type="image\/avif" fetchpriority="high" imagesrcset="([^"]+)"/i.exec(
        html,
      )?.[1];
    expect(preload, 'the home hero is preloaded').toBeTruthy();
    const variant = preload?.split(',')[0]?.trim().split(' ')[0] ?? '';
    const image = await request.get(variant);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/avif');
    expect(image.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
