import fs from 'node:fs';
import path from 'node:path';
import { pages, PUBLIC_ROUTES, site } from '@cedar/content';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageModuleFiles } from '../entry-server';
import { followCrossPolicyLinks, loadRoute, underItsOwnPolicy } from './routes';

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

  it('leaves a link into or out of a forms page to the browser, and any other link to the app', () => {
    followCrossPolicyLinks(window);
    // Registered after it on the same node: sees whether the app's root will get the click, then
    // keeps jsdom (which cannot load documents) from following the link.
    let leftToBrowser = false;
    const observe = (event: Event) => {
      leftToBrowser = event.cancelBubble;
      event.preventDefault();
    };
    window.addEventListener('click', observe, { capture: true });
    const root = document.createElement('div');
    document.body.append(root);
    const app = vi.fn();
    root.addEventListener('click', app);
    const press = (href: string, init: MouseEventInit = {}) => {
      const link = document.createElement('a');
      link.href = href;
      root.append(link);
      app.mockClear();
      link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ...init }));
      link.remove();
      return { app: app.mock.calls.length > 0, leftToBrowser };
    };
    expect(press('/contact')).toEqual({ app: false, leftToBrowser: true });
    expect(press('/puppy-application?from=card')).toEqual({ app: false, leftToBrowser: true });
    expect(press('/puppies')).toEqual({ app: true, leftToBrowser: false });
    expect(press('https://example.com/contact')).toEqual({ app: true, leftToBrowser: false });
    expect(press('/contact', { ctrlKey: true })).toEqual({ app: true, leftToBrowser: false });
    window.removeEventListener('click', observe, { capture: true });
    root.remove();
  });
});
