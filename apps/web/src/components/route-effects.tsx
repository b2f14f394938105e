import { useEffect, useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { applyHead, headFor } from '../lib/seo';
import { PUBLIC_URL } from '../lib/public-url';

const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/** Every route change scrolls to the top instantly and updates the head tags. */
export function RouteEffects() {
  const { pathname } = useLocation();
  useIsomorphicLayoutEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);
  useEffect(() => {
    applyHead(document, headFor(pathname, PUBLIC_URL));
  }, [pathname]);
  return null;
}
