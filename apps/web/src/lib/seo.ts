import { metaForPath, notFoundMeta, site } from '@cedar/content';
import type { MetaDescriptor } from 'react-router';
import type { JsonLd } from './structured-data';

export interface HeadMeta {
  title: string;
  description: string;
  /** Absolute URL of the page */
  url: string;
  /** Absolute URL of the social image */
  image: string;
  noindex: boolean;
}

export function absoluteUrl(publicUrl: string, path: string): string {
  return new URL(path, publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`).toString();
}

/** The head of one route: from packages/content for public pages, noindex for admin and 404. */
export function headFor(path: string, publicUrl: string): HeadMeta {
  const meta = metaForPath(path);
  if (meta) {
    return {
      title: meta.title,
      description: meta.description,
      url: absoluteUrl(publicUrl, meta.path),
      image: absoluteUrl(publicUrl, meta.image),
      noindex: false,
    };
  }
  const isAdmin = path.startsWith('/admin');
  return {
    title: isAdmin ? `Admin | ${site.brandName}` : notFoundMeta.title,
    description: notFoundMeta.description,
    url: absoluteUrl(publicUrl, path),
    image: absoluteUrl(publicUrl, '/images/social/home.jpg'),
    noindex: true,
  };
}

/** The head of one route as React Router's meta descriptors (rendered by <Meta /> in root.tsx). */
export function metaDescriptors(
  head: HeadMeta,
  structuredData: readonly JsonLd[] = [],
): MetaDescriptor[] {
  return [
    { title: head.title },
    { name: 'description', content: head.description },
    { tagName: 'link', rel: 'canonical', href: head.url },
    { property: 'og:title', content: head.title },
    { property: 'og:description', content: head.description },
    { property: 'og:type', content: 'website' },
    { property: 'og:url', content: head.url },
    { property: 'og:site_name', content: site.brandName },
    { property: 'og:image', content: head.image },
    { name: 'twitter:card', content: 'summary_large_image' },
    ...(head.noindex ? [{ name: 'robots', content: 'noindex' }] : []),
    ...structuredData.map((data) => ({ 'script:ld+json': data })),
  ];
}
