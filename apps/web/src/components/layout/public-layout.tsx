import { Box } from '../../ui/box';
import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { markHydrated } from '../../lib/hydration';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/**
 * The in-app path a click on a kept-as-prerendered link (StaticContent) should go to, or null
 * when the browser should follow it itself: another site, a new tab, a download, a file, a
 * jump within the page, or a click React already handled.
 */
export function staticLinkTarget(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement) || !anchor.closest('[data-static]')) return null;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href);
  if (url.origin !== window.location.origin) return null;
  if (url.pathname.startsWith('/api/') || /\.[a-z0-9]+$/i.test(url.pathname)) return null;
  if (
    url.hash &&
    url.pathname === window.location.pathname &&
    url.search === window.location.search
  )
    return null;
  return url.pathname + url.search + url.hash;
}

export function PublicLayout() {
  const navigate = useNavigate();

  // Marks the prerendered page as interactive, so browser tests know when clicks reach React.
  useEffect(() => {
    markHydrated();
    document.documentElement.dataset.hydrated = 'true';
  }, []);

  // Links in content kept as prerendered have no React handler: they navigate in the app too.
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const to = staticLinkTarget(event);
      if (to === null) return;
      event.preventDefault();
      void navigate(to);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate]);

  return (
    <Box display="flex" mih="100svh" style={{ flexDirection: 'column' }}>
      <SiteHeader />
      {/* tabIndex lets the skip link move focus here; focus by script shows no ring. */}
      <Box component="main" id="main" tabIndex={-1} flex={1} style={{ outline: 'none' }}>
        <Outlet />
      </Box>
      <SiteFooter />
    </Box>
  );
}
