import { MantineProvider } from '@mantine/core';
import { render as rtlRender, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { theme } from '../theme';

/** The one test wrapper: Mantine theme (test env: no transitions, no portals) and a router at `route`. */
export function TestProviders({ route = '/', children }: { route?: string; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} env="test">
      <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
    </MantineProvider>
  );
}

export function renderWithProviders(
  ui: ReactElement,
  { route = '/', ...options }: RenderOptions & { route?: string } = {},
) {
  function Wrapper({ children }: { children: ReactNode }) {
    return <TestProviders route={route}>{children}</TestProviders>;
  }
  return rtlRender(ui, { wrapper: Wrapper, ...options });
}
