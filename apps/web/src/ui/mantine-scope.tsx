import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { theme } from './theme';

/**
 * Mantine's provider for the parts built on Mantine's own components: the admin area and the
 * carousel, both chunks of their own. The public pages render Mantine's markup without it
 * (src/ui); the theme's variables and classes are already in the page's stylesheet (ui/theme.css).
 */
export function MantineScope({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} withCssVariables={false} withGlobalClasses={false}>
      {children}
    </MantineProvider>
  );
}
