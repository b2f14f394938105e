import { PUBLIC_ROUTES } from '@cedar/content';
import { sitemapXml } from '../lib/crawl-files';
import { PUBLIC_URL } from '../lib/public-url';

// A resource route, prerendered to client/sitemap.xml.
export const loader = () =>
  new Response(sitemapXml(PUBLIC_ROUTES, PUBLIC_URL), {
    headers: { 'content-type': 'application/xml; charset=utf-8' },
  });
