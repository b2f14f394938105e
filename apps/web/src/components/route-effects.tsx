import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { PUBLIC_URL } from '../lib/public-url';

const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/** Every route change scrolls to the top instantly and updates the head tags. */
export function RouteEffects() {
  const { pathname } = useLocation();
  // The first page is where the browser put it: a visitor who scrolled before the app started
  // keeps their place, and the link under their finger stays there.
  const scrolledFor = useRef(pathname);
  // The first page's head tags come prerendered; the page meta of every route is loaded only
  // once the visitor moves to another page, so it is no part of the first load.
  const headShown = useRef(pathname);
  useIsomorphicLayoutEffect(() => {
    if (scrolledFor.current === pathname) return;
    scrolledFor.current = pathname;
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);
  useEffect(() => {
    if (headShown.current === pathname) return;
    headShown.current = pathname;
    let current = true;
    void import('../lib/seo').then(({ applyHead, headFor }) => {
      if (current) applyHead(document, headFor(pathname, PUBLIC_URL));
    });
    return () => {
      current = false;
    };
  }, [pathname]);
  return null;
}
