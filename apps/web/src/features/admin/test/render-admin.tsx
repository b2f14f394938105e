import { notifications } from '@mantine/notifications';
import { act, configure } from '@testing-library/react';
import type { ReactElement } from 'react';
import { useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { AdminProviders } from '../admin-providers';
import { createAdminQueryClient } from '../lib/query-client';

// These screens chain several requests and effects; a busy machine needs more than the 1 s default.
configure({ asyncUtilTimeout: 5000 });

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/** Renders an admin screen with the admin providers and a probe showing where navigation went. */
export function renderAdmin(ui: ReactElement, { route = '/admin' }: { route?: string } = {}) {
  const client = createAdminQueryClient();
  const result = renderWithProviders(
    <AdminProviders client={client}>
      {ui}
      <LocationProbe />
    </AdminProviders>,
    { route },
  );
  return { ...result, client };
}

type Handler = (request: {
  url: string;
  method: string;
  init: RequestInit | undefined;
}) => Response | Promise<Response>;

/** Stubs fetch with one handler per "METHOD /url"; anything else fails the test loudly. */
export function mockApi(routes: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = (init?.method ?? 'GET').toUpperCase();
    const handler = routes[`${method} ${url}`];
    if (!handler) throw new Error(`unexpected call ${method} ${url}`);
    return handler({ url, method, init });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function callsTo(fetchMock: ReturnType<typeof mockApi>, method: string, url: string) {
  return fetchMock.mock.calls.filter(
    ([input, init]) => String(input) === url && (init?.method ?? 'GET').toUpperCase() === method,
  );
}

export function resetToasts() {
  act(() => {
    notifications.clean();
  });
}

/** A promise the test resolves when it wants, to hold a request in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
