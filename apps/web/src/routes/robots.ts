import { robotsTxt } from '../lib/crawl-files';
import { PUBLIC_URL } from '../lib/public-url';

// A resource route, prerendered to client/robots.txt.
export const loader = () =>
  new Response(robotsTxt(PUBLIC_URL), { headers: { 'content-type': 'text/plain; charset=utf-8' } });
