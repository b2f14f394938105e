import { PUBLIC_ROUTES } from '@cedar/content';
import { describe, expect, it } from 'vitest';
import { needsNewDocument } from './lib/document-policy';
import routes, { pageModules } from './routes';

describe('the route table', () => {
  it('has a route module for every page of the registry, and no other page', () => {
    expect(Object.keys(pageModules).sort()).toEqual([...PUBLIC_ROUTES].sort());
  });

  it('has the public pages, a not-found route, the admin area and the crawl files', () => {
    const paths = routes.flatMap((r) => [r.path, ...(r.children ?? []).map((c) => c.path)]);
    expect(paths).toEqual(
      expect.arrayContaining(['*', 'admin', 'login', 'sitemap.xml', 'robots.txt']),
    );
  });
});

describe('which links load a new document', () => {
  it('into or out of a forms page (its own CSP) and between the admin area and the site', () => {
    expect(needsNewDocument('/', '/contact')).toBe(true);
    expect(needsNewDocument('/contact', '/puppies')).toBe(true);
    expect(needsNewDocument('/contact', '/puppy-application')).toBe(false);
    expect(needsNewDocument('/', '/puppies')).toBe(false);
    expect(needsNewDocument('/admin/files', '/')).toBe(true);
    expect(needsNewDocument('/puppies', '/admin/login')).toBe(true);
    expect(needsNewDocument('/admin', '/admin/files')).toBe(false);
  });
});
