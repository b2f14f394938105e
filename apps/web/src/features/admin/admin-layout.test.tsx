import { API_ROUTES } from '@cedar/api-contract';
import { STORAGE_KEYS } from '@cedar/content';
import { notifications } from '@mantine/notifications';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMutation, useQuery } from '@tanstack/react-query';
import fc from 'fast-check';
import { http } from 'msw';
import { useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clientLoader } from './dashboard-screen';
import { apiRequest } from './lib/query-client';
import { showError, showSuccess } from './lib/toasts';
import { api, callsTo, renderAdmin, resetToasts, signIn, toasts } from './test/render-admin';
import { NOTIFICATIONS_LABEL } from './toast-region';

const unauthorized = () =>
  Response.json({ error: 'unauthorized', message: 'Please sign in' }, { status: 401 });

function QueryProbe() {
  const { status } = useQuery({ queryKey: ['/api/probe'] });
  return <p>query {status}</p>;
}

function MutationProbe({ redirectOn401 }: { redirectOn401?: boolean }) {
  const mutation = useMutation({
    mutationFn: () => apiRequest('POST', '/api/probe'),
    meta: redirectOn401 === undefined ? undefined : { redirectOn401 },
  });
  return (
    <button type="button" onClick={() => mutation.mutate()}>
      Send ({mutation.status})
    </button>
  );
}

beforeEach(() => localStorage.clear());
afterEach(resetToasts);

describe('admin layout: toasts', () => {
  it('F8 moves focus to the notifications region', () => {
    renderAdmin(<button type="button">Somewhere else</button>);
    const region = screen.getByRole('region', { name: NOTIFICATIONS_LABEL });
    expect(region).toHaveAttribute('tabindex', '-1');
    screen.getByRole('button', { name: 'Somewhere else' }).focus();
    fireEvent.keyDown(window, { key: 'F8' });
    expect(region).toHaveFocus();
  });

  it('shows one toast at a time', async () => {
    renderAdmin(<p>page</p>);
    await act(async () => {
      notifications.show({ title: 'First', message: 'one' });
      notifications.show({ title: 'Second', message: 'two' });
    });
    expect(await toasts().findByText('First')).toBeInTheDocument();
    expect(toasts().queryByText('Second')).not.toBeInTheDocument();
  });

  it.each([
    ['a success', () => showSuccess('Saved', 'All good.')],
    ['an error', () => showError('All good.')],
  ])('names the close button of %s toast', async (_kind, show) => {
    renderAdmin(<p>page</p>);
    act(show);
    const toast = (await toasts().findByText('All good.')).closest<HTMLElement>('[role="alert"]')!;
    expect(within(toast).getByRole('button')).toHaveAccessibleName('Close notification');
  });
});

describe('admin layout: a 401 means the session is gone', () => {
  it('a query answered 401 clears the stored session and goes to /admin/login, once', async () => {
    signIn();
    api.use(http.get('/api/probe', unauthorized));
    renderAdmin(<QueryProbe />);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/login'));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    // The probe stays mounted and asks again after the cache is cleared; that 401 changes nothing.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(callsTo('GET', '/api/probe').length).toBeLessThanOrEqual(2);
  });

  it('a 401 to the dashboard loader’s requests, answered before the layout is mounted, goes to /admin/login once it is', async () => {
    signIn();
    api.use(
      http.get(API_ROUTES.inquiryPage.path, unauthorized),
      http.get(API_ROUTES.inquiryStats.path, unauthorized),
    );
    // The route's loader asks before any of the admin has rendered (decision 034).
    clientLoader({
      request: new Request('http://localhost/admin'),
    } as Parameters<typeof clientLoader>[0]);
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull());
    // A screen without a gate of its own: only the layout can send it to the login page.
    renderAdmin(<p>page</p>);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/login'));
  });

  it('a mutation answered 401 does the same', async () => {
    signIn();
    api.use(http.post('/api/probe', unauthorized));
    const user = userEvent.setup();
    renderAdmin(<MutationProbe />);
    await user.click(screen.getByRole('button', { name: /^Send/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/login'));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('a mutation whose 401 is its answer (redirectOn401: false) leaves the session alone', async () => {
    signIn();
    api.use(http.post('/api/probe', unauthorized));
    const user = userEvent.setup();
    renderAdmin(<MutationProbe redirectOn401={false} />);
    await user.click(screen.getByRole('button', { name: /^Send/ }));
    expect(await screen.findByRole('button', { name: 'Send (error)' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok');
  });
});

describe('admin layout: the scroll (decision 042)', () => {
  const original = Object.getOwnPropertyDescriptor(window, 'scrollY');
  /** Where the window is scrolled to, and how often a script asked. */
  let y = 0;
  let reads = 0;
  /** The tests' window.scrollTo (src/test/setup.ts): jsdom lays nothing out, so it scrolls nothing. */
  const scrollTo = vi.mocked(window.scrollTo);

  beforeEach(() => {
    y = 0;
    reads = 0;
    Object.defineProperty(window, 'scrollY', {
      configurable: true,
      get: () => {
        reads += 1;
        return y;
      },
    });
    scrollTo.mockReset();
    scrollTo.mockImplementation(((_x: number, top: number) => {
      y = top;
    }) as typeof window.scrollTo);
  });
  afterEach(() => {
    scrollTo.mockReset();
    if (original) Object.defineProperty(window, 'scrollY', original);
  });

  /** The owner scrolls: the window moves, and the browser says so after the frame. */
  const scrollBy = (to: number) => {
    y = to;
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
  };

  function Moves() {
    const navigate = useNavigate();
    return (
      <>
        <button type="button" onClick={() => void navigate('/admin/waitlist')}>
          Waitlist
        </button>
        <button type="button" onClick={() => void navigate('/admin?status=new')}>
          New ones
        </button>
        <button type="button" onClick={() => void navigate(-1)}>
          Back
        </button>
        <button type="button" onClick={() => void navigate(1)}>
          Forward
        </button>
      </>
    );
  }
  /** Presses one of the moves; says where the window was sent, if anywhere. */
  const move = async (name: string, to: string | RegExp) => {
    scrollTo.mockClear();
    await userEvent.click(screen.getByRole('button', { name }));
    expect(screen.getByTestId('location')).toHaveTextContent(to);
    return scrollTo.mock.calls.at(-1);
  };

  it('leaves the first screen where the browser put it', () => {
    renderAdmin(<Moves />);
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('starts another screen at the top, and Back and Forward return to where each was', async () => {
    renderAdmin(<Moves />);
    scrollBy(640);
    expect(await move('Waitlist', '/admin/waitlist')).toEqual([0, 0]);
    scrollBy(120);
    expect(await move('Back', /^\/admin$/)).toEqual([0, 640]);
    expect(await move('Forward', '/admin/waitlist')).toEqual([0, 120]);
  });

  it('starts a new filter of the inbox at the top', async () => {
    renderAdmin(<Moves />);
    scrollBy(900);
    expect(await move('New ones', '/admin?status=new')).toEqual([0, 0]);
  });

  it('over any walk of scrolls, new addresses, Back and Forward, returns each entry to its own place', async () => {
    type Step = { scroll: number } | { go: 'Waitlist' | 'New ones' | 'Back' | 'Forward' };
    const step = fc.oneof(
      fc.record({ scroll: fc.integer({ min: 1, max: 5000 }) }),
      fc.record({ go: fc.constantFrom('Waitlist', 'New ones', 'Back', 'Forward') }),
    ) as fc.Arbitrary<Step>;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 12 }), async (steps) => {
        // The model: the history's entries, each with the place it was last scrolled to.
        const entries = [0];
        let at = 0;
        y = 0;
        renderAdmin(<Moves />);
        try {
          for (const s of steps) {
            if ('scroll' in s) {
              scrollBy(s.scroll);
              entries[at] = s.scroll;
              continue;
            }
            scrollTo.mockClear();
            fireEvent.click(screen.getByRole('button', { name: s.go }));
            const calls = scrollTo.mock.calls;
            if (s.go === 'Back' || s.go === 'Forward') {
              const next = at + (s.go === 'Back' ? -1 : 1);
              // No entry there: the address stays, and so does the window.
              if (next < 0 || next >= entries.length) {
                expect(calls).toHaveLength(0);
                continue;
              }
              at = next;
              expect(calls.at(-1)).toEqual([0, entries[at]]);
            } else {
              entries.splice(at + 1, entries.length, 0);
              at += 1;
              expect(calls.at(-1)).toEqual([0, 0]);
            }
          }
        } finally {
          cleanup();
        }
      }),
      { numRuns: 40 },
    );
  });

  it('asks nothing of the window while the page is left', () => {
    renderAdmin(<Moves />);
    scrollBy(300);
    reads = 0;
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(reads).toBe(0);
  });
});
