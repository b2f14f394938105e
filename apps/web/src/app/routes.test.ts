import fs from 'node:fs';
import path from 'node:path';
import { pages, PUBLIC_ROUTES, site } from '@cedar/content';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageModuleFiles } from '../entry-server';
import { loadRoute, underItsOwnPolicy } from './routes';

const webRoot = path.resolve(import.meta.dirname, '../..');

describe('the page registry drives the router and the prerender', () => {
  it('names a module file that exists for every page, the not-found page and the admin area', () => {
    expect(Object.keys(pageModuleFiles)).toEqual([
      ...pages.map((p) => p.path),
      '*',
      '/admin/login',
    ]);
    for (const [route, file] of Object.entries(pageModuleFiles))
      expect(fs.existsSync(path.join(webRoot, file)), `${route}: ${file}`).toBe(true);
  });

  it('routes every prerendered page to its own module, and any other path to the not-found page', async () => {
    expect(PUBLIC_ROUTES).toEqual(pages.filter((p) => p.prerender).map((p) => p.path));
    for (const route of PUBLIC_ROUTES)
      expect(await loadRoute(route), route).toEqual({ notFound: false });
    expect(await loadRoute('/no-such-page')).toEqual({ notFound: true });
  });

  it('lists in site.forms.pages exactly the pages that place the forms embed (only they let its hosts in)', () => {
    const embedding = pages
      .filter((p) =>
        fs
          .readFileSync(path.join(webRoot, pageModuleFiles[p.path]!), 'utf8')
          .includes('<FormsEmbed'),
      )
      .map((p) => p.path);
    expect(embedding.sort()).toEqual([...site.forms.pages].sort());
  });
});

describe('a page runs under its own Content-Security-Policy', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  // This document was loaded for '/' (jsdom's first URL), whose policy lets no form in.
  it.each([
    ['/contact', true],
    ['/puppy-application/', true],
    ['/puppies', false],
    ['/admin/login', false],
    ['/no-such-page', false],
  ])('navigating to %s loads it as a new document: %s', async (pathname, reloads) => {
    window.history.pushState(null, '', pathname);
    const reload = vi.fn();
    const load = vi.fn(async () => ({ Component: () => null }));
    const loading = underItsOwnPolicy(load, reload)();
    expect(reload).toHaveBeenCalledTimes(reloads ? 1 : 0);
    expect(load).toHaveBeenCalledTimes(reloads ? 0 : 1);
    if (!reloads) await loading;
  });
});
