import { STORAGE_KEYS } from '@cedar/content';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMutation, useQuery } from '@tanstack/react-query';
import { http } from 'msw';
import { useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminQueryClient } from './lib/admin-query-client';
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

  it('a 401 answered before the layout is mounted (a loader’s request) goes to /admin/login once it is', async () => {
    signIn();
    api.use(http.get('/api/probe', unauthorized));
    // The dashboard's loader asks through the same client before any of the admin has rendered.
    await expect(
      adminQueryClient().fetchQuery({ queryKey: ['/api/probe'], retry: false }),
    ).rejects.toThrow();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
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
  const press = (name: string) => userEvent.click(screen.getByRole('button', { name }));
  const lastScroll = () => scrollTo.mock.calls.at(-1);

  it('leaves the first screen where the browser put it', () => {
    renderAdmin(<Moves />);
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('starts another screen at the top, and Back and Forward return to where each was', async () => {
    renderAdmin(<Moves />);
    scrollBy(640);
    await press('Waitlist');
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/waitlist');
    expect(lastScroll()).toEqual([0, 0]);
    scrollBy(120);

    await press('Back');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/);
    expect(lastScroll()).toEqual([0, 640]);

    await press('Forward');
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/waitlist');
    expect(lastScroll()).toEqual([0, 120]);
  });

  it('starts a new filter of the inbox at the top', async () => {
    renderAdmin(<Moves />);
    scrollBy(900);
    await press('New ones');
    expect(screen.getByTestId('location')).toHaveTextContent('/admin?status=new');
    expect(lastScroll()).toEqual([0, 0]);
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
