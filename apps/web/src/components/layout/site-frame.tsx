import { Box } from '@mantine/core';
import type { SiteNav } from '@cedar/content';
import type { ReactNode } from 'react';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Every public page's frame: header, the page in <main>, footer. */
export function SiteFrame({ nav, children }: { nav: SiteNav; children: ReactNode }) {
  return (
    <Box display="flex" mih="100svh" style={{ flexDirection: 'column' }}>
      <SiteHeader nav={nav} />
      {/* tabIndex lets the skip link move focus here; focus by script shows no ring. */}
      <Box component="main" id="main" tabIndex={-1} flex={1} style={{ outline: 'none' }}>
        {children}
      </Box>
      <SiteFooter links={nav.footer} />
    </Box>
  );
}
