import { PUBLIC_ROUTES } from '@cedar/content';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { needsNewDocument } from './lib/document-policy';
import routes, { pageModules } from './routes';

describe('the route table', () => {
  it('has a route module for every page of the registry, and no other page', () => {
    expect(Object.keys(pageModules).sort()).toEqual([...PUBLIC_ROUTES].sort());
  });

  it('has the public pages, a not-found route, the admin area and the crawl files', () => {
    type Entry = (typeof routes)[number];
    const all = (entries: Entry[]): Entry[] =>
      entries.flatMap((r) => [r, ...all(r.children ?? [])]);
    const paths = all(routes).map((r) => r.path);
    expect(paths).toEqual(
      expect.arrayContaining(['*', 'admin', 'login', 'waitlist', 'sitemap.xml', 'robots.txt']),
    );
  });
});

describe('the route table of a publish build (WEB_PUBLIC_ONLY=1)', () => {
  afterEach(() => {
    delete process.env.WEB_PUBLIC_ONLY;
    vi.resetModules();
  });

  it('has the public pages and a stand-in for the admin area, no admin screen nor crawl file', async () => {
    process.env.WEB_PUBLIC_ONLY = '1';
    vi.resetModules();
    const { default: published } = await import('./routes');
    const files = JSON.stringify(published);
    expect(files).not.toContain('features/admin/');
    expect(files).not.toMatch(/sitemap|robots/);
    expect(published.map((r) => r.path)).toContain('admin/*');
    expect(published.find((r) => r.path === 'admin/*')?.file).toBe('routes/admin-elsewhere.tsx');
    for (const file of Object.values(pageModules)) expect(files).toContain(file);
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

describe("the publish build's admin stand-in", () => {
  it('answers a navigation into the admin area with a new document load of that address', async () => {
    const { clientLoader } = await import('./routes/admin-elsewhere');
    const response = clientLoader({
      request: new Request('http://localhost/admin/files?tab=2'),
      params: {},
    } as Parameters<typeof clientLoader>[0]);
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/admin/files?tab=2');
    // React Router's mark for a redirect the browser follows as a new document.
    expect(response.headers.get('X-Remix-Reload-Document')).toBe('true');
  });
});
