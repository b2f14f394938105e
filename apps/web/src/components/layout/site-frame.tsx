import { Box } from '@mantine/core';
import type { SiteNav } from '@cedar/content';
import { Suspense, type ReactNode } from 'react';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/**
 * Every public page's frame: header, the page in <main>, footer.
 * Each of the three is a Suspense boundary of its own, though nothing in them suspends: React
 * hydrates a prerendered boundary apart from the rest, in the background, and a press on one not
 * yet hydrated hydrates that one alone, at once, before the press is handled (React's selective
 * hydration). Without them a press while the page was starting waited for the whole page to be
 * hydrated inside the press's own event: 376-499 ms at 4x CPU for the Care & Lifestyle menu
 * (issue 38, decision 038).
 */
export function SiteFrame({ nav, children }: { nav: SiteNav; children: ReactNode }) {
  return (
    <Box display="flex" mih="100svh" style={{ flexDirection: 'column' }}>
      <Suspense>
        <SiteHeader nav={nav} />
      </Suspense>
      {/* tabIndex lets the skip link move focus here; focus by script shows no ring. */}
      <Box component="main" id="main" tabIndex={-1} flex={1} style={{ outline: 'none' }}>
        <Suspense>{children}</Suspense>
      </Box>
      <Suspense>
        <SiteFooter links={nav.footer} />
      </Suspense>
    </Box>
  );
}
