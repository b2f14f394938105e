import {
  ADMIN_AREA_MODULE,
  NOT_FOUND_MODULE,
  pageModuleFile,
  pages,
  PUBLIC_ROUTES,
} from '@cedar/content';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { AppRoutes, loadRoute } from './app/routes';
import { loadAllLazyContent } from './components/lazy-content';
import { ImagePreloadContext, type ImagePreload } from './components/site-image';
import { PUBLIC_URL } from './lib/public-url';
import { headFor, headTagsHtml } from './lib/seo';
import { jsonLdHtml, structuredDataFor } from './lib/structured-data';

export { robotsTxt, sitemapXml } from './lib/crawl-files';
// The prerender checks every content record first: a bad one fails the build, naming it.
export { validateContent } from '@cedar/content';

export const publicRoutes: readonly string[] = PUBLIC_ROUTES;

/**
 * The source module each prerendered document renders (Vite's manifest key), from the page
 * registry: the prerender links each page's own chunks and stylesheets with it. '*' is the
 * not-found page; '/admin/login' stands for the client-only admin area's shell.
 */
export const pageModuleFiles: Readonly<Record<string, string>> = {
  ...Object.fromEntries(pages.map((p) => [p.path, pageModuleFile(p.module)])),
  '*': pageModuleFile(NOT_FOUND_MODULE),
  '/admin/login': pageModuleFile(ADMIN_AREA_MODULE),
};
export const publicUrl: string = PUBLIC_URL;

export interface RenderResult {
  html: string;
  head: string;
  status: number;
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

function preloadTags(preloads: readonly ImagePreload[]): string[] {
  return preloads.map(
    (p) =>
      `<link rel="preload" as="image" type="${p.type}" imagesrcset="${escapeAttr(p.srcSet)}" imagesizes="${escapeAttr(p.sizes)}" fetchpriority="high" />`,
  );
}

/** Renders one route to HTML at build time (prerender). */
export async function render(path: string): Promise<RenderResult> {
  // A page module that fails to load (say, an edited section that throws when imported) fails
  // the build, and so does a page that throws while rendering.
  let notFound: boolean;
  try {
    ({ notFound } = await loadRoute(path));
  } catch (error) {
    throw new Error(
      `${path} failed to load: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  // Lazily loaded parts of a page (the carousels) are rendered into its HTML, not their fallback.
  await loadAllLazyContent();
  const preloads: ImagePreload[] = [];
  const html = renderToString(
    <StrictMode>
      <ImagePreloadContext value={preloads}>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </ImagePreloadContext>
    </StrictMode>,
  );
  const status = notFound ? 404 : 200;
  const head = [
    headTagsHtml(headFor(path, PUBLIC_URL)),
    ...preloadTags(preloads),
    jsonLdHtml(status === 200 ? structuredDataFor(path, PUBLIC_URL) : []),
  ].filter(Boolean);
  return { html, head: head.join('\n    '), status };
}
