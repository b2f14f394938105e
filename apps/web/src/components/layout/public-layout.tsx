import { Box } from '@mantine/core';
import { siteNav } from '@cedar/content';
import { Outlet, useLoaderData } from 'react-router';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/**
 * The header's and footer's links to pages, read from the page registry at build time (the
 * pages are prerendered): each page carries them as data, not the registry as code.
 */
export const loader = () => ({ nav: siteNav() });

/** The layout route of every public page: header, the page, footer. */
export default function PublicLayout() {
  const { nav } = useLoaderData<typeof loader>();
  return (
    <Box display="flex" mih="100svh" style={{ flexDirection: 'column' }}>
      <SiteHeader nav={nav} />
      {/* tabIndex lets the skip link move focus here; focus by script shows no ring. */}
      <Box component="main" id="main" tabIndex={-1} flex={1} style={{ outline: 'none' }}>
        <Outlet />
      </Box>
      <SiteFooter links={nav.footer} />
    </Box>
  );
}
