import { notifications } from '@mantine/notifications';
import { act, configure, screen, within } from '@testing-library/react';
import { API_ROUTES, DEFAULT_DEPOSIT_CENTS } from '@cedar/api-contract';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactElement } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { AdminLayout } from '../admin-layout';
import { saveSession } from '../lib/session';
import { NOTIFICATIONS_LABEL } from '../toast-region';

// These screens chain several requests and effects; a busy machine needs more than the 1 s default.
configure({ asyncUtilTimeout: 5000 });

/**
 * The API of the admin tests: MSW answers each call with the handlers a test gives it
 * (`api.use(http.get(…))`), at the network boundary, so the screens run their real fetch code.
 * A call no handler answers fails the test.
 */
export const api = setupServer(
  // Every screen that shows a family asks for the deposits (issue 40): none, unless a test says.
  http.get(API_ROUTES.deposits.path, () =>
    HttpResponse.json({
      cardPayments: false,
      amounts: { defaultCents: DEFAULT_DEPOSIT_CENTS, litters: [] },
      deposits: {},
      unmatched: [],
    }),
  ),
  // The Waitlist screen asks which families have a page link (issue 40): none, unless a test says.
  http.get(API_ROUTES.familyLinks.path, () => HttpResponse.json({ links: [] })),
);
const requests: Request[] = [];
const unhandled: string[] = [];
api.events.on('request:start', ({ request }) => {
  requests.push(request.clone());
});
api.events.on('request:unhandled', ({ request }) => {
  unhandled.push(`${request.method} ${new URL(request.url).pathname}`);
});
let listening = false;

/**
 * Registers, in the test file being run, the hooks that answer its calls: the admin projects'
 * setup file (`setup.ts`) calls it, so every file has them whether or not the worker loaded this
 * module for an earlier file (the admin tests share their modules, `isolate: false`). The server
 * starts listening once per worker and stays so; each test ends with the handlers reset, the
 * requests forgotten and the calls no handler answered reported.
 */
export function answerApiCalls() {
  beforeAll(() => {
    if (listening) return;
    api.listen({ onUnhandledRequest: 'error' });
    listening = true;
  });
  afterEach(() => {
    api.resetHandlers();
    requests.length = 0;
    const unexpected = unhandled.splice(0);
    if (unexpected.length > 0) throw new Error(`unexpected API calls: ${unexpected.join(', ')}`);
  });
}

/** Every request the screens sent so far, or those to one method and path (whatever their query). */
export function callsTo(method?: string, path?: string): Request[] {
  return requests.filter((request) => {
    if (method && request.method !== method) return false;
    return !path || new URL(request.url).pathname === path;
  });
}

/** Where navigation went: the path and query of the current location. */
export function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location">
      {location.pathname}
      {location.search}
    </output>
  );
}

/**
 * Renders an admin screen inside the admin layout (query client, toasts, 401 handling) at `route`,
 * with a probe showing where navigation went. The screen stays mounted whatever the location.
 */
export function renderAdmin(ui: ReactElement, { route = '/admin' }: { route?: string } = {}) {
  return renderWithProviders(
    <Routes>
      <Route element={<AdminLayout />}>
        <Route
          path="*"
          element={
            <>
              {ui}
              <LocationProbe />
            </>
          }
        />
      </Route>
    </Routes>,
    { route },
  );
}

/** Stores a session as a successful login does. */
export function signIn(username = 'owner', role: 'owner' | 'helper' = 'owner') {
  saveSession({ token: 'tok', user: { username, role } });
}

/** The toasts shown so far. */
export function toasts() {
  return within(screen.getByRole('region', { name: NOTIFICATIONS_LABEL }));
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
