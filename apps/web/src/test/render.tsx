import { MantineProvider } from '@mantine/core';
import { render as rtlRender, screen, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createRoutesStub, MemoryRouter, type LoaderFunction } from 'react-router';
import { theme } from '../theme';

/**
 * Mantine's props in the tests: the theme, and its test env (no transitions, no portals). Without
 * the theme's CSS variables: jsdom lays nothing out, and their one rule of several hundred
 * declarations was applied again at every `getComputedStyle` of the document element, which
 * user-event and Testing Library's role queries call for each element and its ancestors (the
 * litters screen's tests: 44.5 -> 38.4 s alone).
 */
const MANTINE_IN_TESTS = { theme, env: 'test', withCssVariables: false } as const;

/** The one test wrapper: Mantine (`MANTINE_IN_TESTS`) and a router at `route`. */
export function TestProviders({ route = '/', children }: { route?: string; children: ReactNode }) {
  return (
    <MantineProvider {...MANTINE_IN_TESTS}>
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
    <MantineProvider {...MANTINE_IN_TESTS}>
      <Stub initialEntries={[path]} />
    </MantineProvider>,
  );
  // The loader and the first render, on a machine that may be running other suites beside this one.
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  return result;
}
