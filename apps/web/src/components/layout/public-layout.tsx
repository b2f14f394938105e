import { Box } from '@mantine/core';
import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { markHydrated } from '../../lib/hydration';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

export function PublicLayout() {
  // Marks the prerendered page as interactive, so browser tests know when clicks reach React.
  useEffect(() => {
    markHydrated();
    document.documentElement.dataset.hydrated = 'true';
  }, []);

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
