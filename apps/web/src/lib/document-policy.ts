import { site } from '@cedar/content';

/**
 * The path this document was loaded for. Its Content-Security-Policy is that page's: the server
 * lets the forms provider's hosts in on the forms pages only (site.forms.pages), and a policy
 * holds for the document's whole life.
 */
const documentPath = typeof window === 'undefined' ? null : window.location.pathname;
const formsPages = new Set<string>(site.forms.pages);
const isFormsPage = (pathname: string) =>
  formsPages.has(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/**
 * Links into or out of a forms page, and between the admin area and the public pages, are the
 * browser's to follow, never the router's: a new document, under that page's own policy (and,
 * for the admin area, from the build the server started with). Listens on the window in the
 * capture phase, before React's root: the router never sees such a click, and the browser's
 * default action (following the link) goes ahead. Other links are left to the app.
 */
export function followCrossPolicyLinks(win: Window & typeof globalThis) {
  win.addEventListener(
    'click',
    (event) => {
      if (documentPath === null || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof win.Element ? event.target.closest('a[href]') : null;
      if (!(anchor instanceof win.HTMLAnchorElement)) return;
      if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
      const url = new URL(anchor.href);
      if (url.origin !== win.location.origin) return;
      if (!needsNewDocument(documentPath, url.pathname)) return;
      event.stopPropagation();
    },
    { capture: true },
  );
}

const isAdmin = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');

/** Whether moving from one path to another needs a new document (another policy or build). */
export function needsNewDocument(from: string, to: string): boolean {
  return isFormsPage(from) !== isFormsPage(to) || isAdmin(from) !== isAdmin(to);
}
