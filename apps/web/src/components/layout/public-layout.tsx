import { Box } from '@mantine/core';
import { Outlet } from 'react-router';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** The layout route of every public page: header, the page, footer. */
export default function PublicLayout() {
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
