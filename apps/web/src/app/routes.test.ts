import fs from 'node:fs';
import path from 'node:path';
import { pages, PUBLIC_ROUTES } from '@cedar/content';
import { describe, expect, it } from 'vitest';
import { pageModuleFiles } from '../entry-server';
import { loadRoute } from './routes';

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
});
