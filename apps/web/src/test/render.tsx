import { MantineProvider } from '@mantine/core';
import { render as rtlRender, screen, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createRoutesStub, MemoryRouter, type LoaderFunction } from 'react-router';
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

/**
 * A page as its route renders it: its data from its own loader (in the site, the build's), in a
 * React Router stub at `path`. Resolves once the page's h1 is on screen.
 */
export async function renderRoutePage(
  path: string,
  // The stub's own type: it passes the route module's props (loaderData, params, matches).
  Component: Parameters<typeof createRoutesStub>[0][number]['Component'],
  loader: LoaderFunction,
) {
  const Stub = createRoutesStub([{ path, Component, loader, HydrateFallback: () => null }]);
  const result = rtlRender(
    <MantineProvider theme={theme} env="test">
      <Stub initialEntries={[path]} />
    </MantineProvider>,
  );
  // The loader and the first render, on a machine that may be running other suites beside this one.
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  return result;
}
