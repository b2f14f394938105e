import type { MetaDescriptor } from 'react-router';
import { PUBLIC_URL } from './public-url';
import { headFor, metaDescriptors, type HeadMeta } from './seo';
import { structuredDataFor, type JsonLd } from './structured-data';

/** What every public page's loader gives its route: its head, from the page registry. */
export interface PageData {
  head: HeadMeta;
  structuredData: JsonLd[];
}

/**
 * A public page's loader: runs at build time only (the pages are prerendered), reading
 * @cedar/content; a navigation in the app loads its result from the page's `.data` file.
 */
export function pageData(request: Request): PageData {
  const { pathname } = new URL(request.url);
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return { head: headFor(path, PUBLIC_URL), structuredData: structuredDataFor(path, PUBLIC_URL) };
}

/** A public page's meta: its loader's head. */
export function pageMeta({ loaderData }: { loaderData: PageData | undefined }): MetaDescriptor[] {
  return loaderData ? metaDescriptors(loaderData.head, loaderData.structuredData) : [];
}
