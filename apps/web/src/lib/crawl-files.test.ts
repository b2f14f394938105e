import { describe, expect, it } from 'vitest';
import { robotsTxt, sitemapXml } from './crawl-files';

describe('sitemap.xml', () => {
  it('lists each route by its absolute URL', () => {
    const xml = sitemapXml(['/', '/puppies', '/raw-dog-food'], 'https://example.com');
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ),
    ).toBe(true);
    expect([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([
      'https://example.com/',
      'https://example.com/puppies',
      'https://example.com/raw-dog-food',
    ]);
  });

  it('escapes XML', () => {
    expect(sitemapXml(['/a&b'], 'https://example.com/')).toContain(
      '<loc>https://example.com/a&amp;b</loc>',
    );
  });
});

describe('robots.txt', () => {
  it('keeps crawlers out of the admin area and the API and names the sitemap', () => {
    expect(robotsTxt('https://example.com')).toBe(
      'User-agent: *\nDisallow: /admin\nDisallow: /api/\n\nSitemap: https://example.com/sitemap.xml\n',
    );
  });
});
