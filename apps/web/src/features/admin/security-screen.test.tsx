import { API_ROUTES, sessionUrl, type SessionSummary } from '@cedar/api-contract';
import { STORAGE_KEYS } from '@cedar/content';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, type HttpResponseResolver } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endedSessionsMessage } from './components/change-password-form';
import { formatDateTime } from './lib/dates';
import { SecurityScreen } from './security-screen';
import {
  api,
  callsTo,
  deferred,
  renderAdmin,
  resetToasts,
  signIn,
  toasts,
} from './test/render-admin';

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const THIS_ONE: SessionSummary = {
  id: 'aaaaaaaaaaaaaaaa',
  createdAt: '2026-05-10T09:00:00.000Z',
  lastSeenAt: '2026-05-10T09:30:00.000Z',
  expiresAt: '2026-05-10T21:00:00.000Z',
  ip: '203.0.113.7',
  userAgent: CHROME_LINUX,
  current: true,
};
const PHONE: SessionSummary = {
  id: 'bbbbbbbbbbbbbbbb',
  createdAt: '2026-05-09T18:00:00.000Z',
  lastSeenAt: '2026-05-09T19:45:00.000Z',
  expiresAt: '2026-05-10T06:00:00.000Z',
  ip: '198.51.100.23',
  userAgent: SAFARI_IPHONE,
  current: false,
};
const UNKNOWN: SessionSummary = {
  ...PHONE,
  id: 'cccccccccccccccc',
  ip: null,
  userAgent: null,
};

function serveSessions(resolver: HttpResponseResolver = () => Response.json([THIS_ONE, PHONE])) {
  api.use(http.get(API_ROUTES.sessions.path, resolver));
}

function sessionsCard() {
  return within(screen.getByRole('region', { name: 'Active sessions' }));
}

function passwordCard() {
  return within(screen.getByRole('region', { name: 'Change password' }));
}

async function fillPasswords(
  user: ReturnType<typeof userEvent.setup>,
  current: string,
  next: string,
  repeat = next,
) {
  const card = passwordCard();
  if (current) await user.type(card.getByLabelText('Current password'), current);
  if (next) await user.type(card.getByLabelText('New password'), next);
  if (repeat) await user.type(card.getByLabelText('Repeat the new password'), repeat);
  await user.click(card.getByRole('button', { name: 'Change password' }));
}

vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  localStorage.clear();
  // The passkeys and two-step sign-in cards (sign-in-methods.test.tsx has their own tests), and
  // the owner's People and audit log (issue 39; tested in security-people.test.tsx).
  api.use(
    http.get(API_ROUTES.factors.path, () =>
      Response.json({
        passkeys: [],
        totp: { enabled: false, recoveryCodesLeft: 0 },
        required: false,
      }),
    ),
    http.get(API_ROUTES.people.path, () => Response.json({ people: [], invitations: [] })),
    http.get(API_ROUTES.audit.path, () => Response.json({ items: [], next: null })),
  );
});
afterEach(resetToasts);

describe('security screen gate', () => {
  it('without a stored session goes to /admin/login and asks nothing', async () => {
    renderAdmin(<SecurityScreen />, { route: '/admin/security' });
    expect(await screen.findByText('Redirecting to login...')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/login');
    expect(callsTo()).toHaveLength(0);
  });
});

describe('security screen: active sessions', () => {
  beforeEach(() => signIn());

  it('lists each session in plain words, marks this device and offers Sign out for the others', async () => {
    serveSessions(() => Response.json([THIS_ONE, PHONE, UNKNOWN]));
    renderAdmin(<SecurityScreen />, { route: '/admin/security' });
    expect(screen.getByRole('heading', { level: 1, name: 'Security' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Admin' })).toHaveAttribute('href', '/admin');

    const items = await sessionsCard().findAllByRole('listitem');
    expect(items).toHaveLength(3);
    const [mine, phone, unknown] = items.map((item) => within(item));
    expect(mine!.getByText('Chrome on Linux')).toBeInTheDocument();
    expect(mine!.getByText('This device')).toBeInTheDocument();
    expect(mine!.getByText('Address 203.0.113.7')).toBeInTheDocument();
    expect(mine!.getByText(formatDateTime(THIS_ONE.createdAt))).toBeInTheDocument();
    expect(mine!.getByText(formatDateTime(THIS_ONE.lastSeenAt))).toBeInTheDocument();
    expect(mine!.getByText(/^Signed in/)).toHaveTextContent(
      `Signed in ${formatDateTime(THIS_ONE.createdAt)} · Last active ${formatDateTime(THIS_ONE.lastSeenAt)}`,
    );
    expect(mine!.queryByRole('button')).not.toBeInTheDocument();

    expect(phone!.getByText('Safari on iPhone')).toBeInTheDocument();
    expect(phone!.queryByText('This device')).not.toBeInTheDocument();
    expect(
      phone!.getByRole('button', {
        name: `Sign out Safari on iPhone, last active ${formatDateTime(PHONE.lastSeenAt)}`,
      }),
    ).toBeInTheDocument();
    expect(unknown!.getByText('Unknown device')).toBeInTheDocument();
    expect(unknown!.getByText('Address unknown')).toBeInTheDocument();
    expect(callsTo('GET', API_ROUTES.sessions.path)[0]?.credentials).toBe('include');
  });

  it('shows Loading sessions... while they load', async () => {
    const answer = deferred<void>();
    serveSessions(async () => {
      await answer.promise;
      return Response.json([THIS_ONE]);
    });
    renderAdmin(<SecurityScreen />, { route: '/admin/security' });
    expect(await sessionsCard().findByText('Loading sessions...')).toBeInTheDocument();
    answer.resolve();
    expect(await sessionsCard().findByText('This device')).toBeInTheDocument();
    expect(sessionsCard().queryByText('Loading sessions...')).not.toBeInTheDocument();
  });

  it('says when the sessions could not be loaded, and Try Again asks again', async () => {
    let calls = 0;
    serveSessions(() =>
      calls++ === 0 ? new Response('down', { status: 500 }) : Response.json([THIS_ONE]),
    );
    const user = userEvent.setup();
    renderAdmin(<SecurityScreen />, { route: '/admin/security' });
    expect(
      await sessionsCard().findByText('Your sessions could not be loaded.'),
    ).toBeInTheDocument();
    await user.click(sessionsCard().getByRole('button', { name: 'Try Again' }));
    expect(await sessionsCard().findByText('This device')).toBeInTheDocument();
  });

  it('Sign out ends that session, refreshes the list and says so', async () => {
    let list = [THIS_ONE, PHONE];
    serveSessions(() => Response.json(list));
    api.use(
      http.delete(API_ROUTES.endSession.path, ({ params }) => {
        list = list.filter((s) => s.id !== params.id);
        return new Response(null, { status: 204 });
      }),
    );
    const user = userEvent.setup();
    renderAdmin(<SecurityScreen />, { route: '/admin/security' });
    await user.click(await sessionsCard().findByRole('button', { name: /^Sign out Safari/ }));
    expect(await toasts().findByText('Safari on iPhone has been signed out.')).toBeInTheDocument();
    await waitFor(() => expect(sessionsCard().queryByText('Safari on iPhone')).toBeNull());
    expect(callsTo('DELETE', sessionUrl(PHONE.id))).toHaveLength(1);
    expect(callsTo('GET', API_ROUTES.sessions.path)).toHaveLength(2);
  });

  it('a session that had already ended (404) is simply gone from the list', async () => {
    let list = [THIS_ONE, PHONE];
    serveSessions(() => Response.json(list));
    api.use(
      http.delete(API_ROUTES.endSession.path, () => {
        list = [THIS_ONE];
        return Response.json({ error: 'not_found', message: 'No such session' }, { status: 404 });
      }),
    );
    const user = userEvent.setup();
    renderAdmin(<SecurityScreen />, { route: '/admin/security' });
    await user.click(await sessionsCard().findByRole('button', { name: /^Sign out Safari/ }));
    expect(
      await toasts().findByText('Safari on iPhone was already signed out.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(sessionsCard().queryByText('Safari on iPhone')).toBeNull());
  });

  it('tells when a session could not be signed out', async () => {
    serveSessions();
    api.use(http.delete(API_ROUTES.endSession.path, () => new Response('', { status: 500 })));
    const user = userEvent.setup();
    renderAdmin(<SecurityScreen />, { route: '/admin/security' });
    await user.click(await sessionsCard().findByRole('button', { name: /^Sign out Safari/ }));
    expect(
      await toasts().findByText('That session could not be signed out. Please try again.'),
    ).toBeInTheDocument();
    expect(sessionsCard().getByText('Safari on iPhone')).toBeInTheDocument();
  });

  it('Sign out everywhere asks first; Cancel does nothing', async () => {
    serveSessions();
    const user = userEvent.setup();
    renderAdmin(<SecurityScreen />, { route: '/admin/security' });
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere?' });
    expect(
      within(dialog).getByText(/Every device signed in to the admin area will be signed out/),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('POST', API_ROUTES.endAllSessions.path)).toHaveLength(0);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok');
  });

  it('Sign out everywhere, confirmed, ends every session and leaves the owner on the login page', async () => {
    serveSessions();
    api.use(http.post(API_ROUTES.endAllSessions.path, () => new Response(null, { status: 204 })));
    const user = userEvent.setup();
    renderAdmin(<SecurityScreen />, { route: '/admin/security' });
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/login'));
    expect(callsTo('POST', API_ROUTES.endAllSessions.path)[0]?.credentials).toBe('include');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(toasts().getByText('Signed out everywhere')).toBeInTheDocument();
    expect(
      toasts().getByText('Every session has ended. Sign in again to continue.'),
    ).toBeInTheDocument();
  });

  it('when signing out everywhere fails, says so and stays signed in', async () => {
    serveSessions();
    api.use(http.post(API_ROUTES.endAllSessions.path, () => new Response('', { status: 500 })));
    const user = userEvent.setup();
    renderAdmin(<SecurityScreen />, { route: '/admin/security' });
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    expect(
      await toasts().findByText('Could not sign out everywhere. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/security');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok');
  });

  it('a 401 means this session already ended: back to the login page', async () => {
    serveSessions(() => new Response('', { status: 401 }));
    renderAdmin(<SecurityScreen />, { route: '/admin/security' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/login'));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });
});

describe('security screen: change password', () => {
  beforeEach(() => {
    signIn();
    serveSessions();
  });

  it('sends the current and the new password, says how many other sessions ended, and clears the form', async () => {
    api.use(http.post(API_ROUTES.changePassword.path, () => Response.json({ endedSessions: 2 })));
    const user = userEvent.setup();
    renderAdmin(<SecurityScreen />, { route: '/admin/security' });
    await sessionsCard().findByText('This device');
    await fillPasswords(user, 'old secret words', 'maple tractor violin harbor');

    expect(await toasts().findByText('Password changed')).toBeInTheDocument();
    expect(toasts().getByText('2 other sessions were signed out.')).toBeInTheDocument();
    const [call] = callsTo('POST', API_ROUTES.changePassword.path);
    expect(call?.credentials).toBe('include');
    expect(call?.headers.get('Content-Type')).toBe('application/json');
    expect(await call?.json()).toEqual({
      currentPassword: 'old secret words',
      newPassword: 'maple tractor violin harbor',
    });
    const card = passwordCard();
    for (const label of ['Current password', 'New password', 'Repeat the new password'])
      expect(card.getByLabelText(label)).toHaveValue('');
    // The other sessions ended: the list is asked for again.
    await waitFor(() => expect(callsTo('GET', API_ROUTES.sessions.path)).toHaveLength(2));
  });

  it('words the number of ended sessions', () => {
    expect(endedSessionsMessage(0)).toBe('No other devices were signed in.');
    expect(endedSessionsMessage(1)).toBe('1 other session was signed out.');
    expect(endedSessionsMessage(3)).toBe('3 other sessions were signed out.');
  });

  it('asks for what is missing, and for the same new password twice, before asking the server', async () => {
    const user = userEvent.setup();
    renderAdmin(<SecurityScreen />, { route: '/admin/security' });
    await fillPasswords(user, '', '', '');
    const card = passwordCard();
    expect(await card.findByText('Enter your current password.')).toBeInTheDocument();
    expect(card.getByText('Enter a new password.')).toBeInTheDocument();
    expect(card.getByLabelText('Current password')).toHaveFocus();

    await user.type(card.getByLabelText('Current password'), 'old secret words');
    await user.type(card.getByLabelText('New password'), 'maple tractor violin harbor');
    await user.type(card.getByLabelText('Repeat the new password'), 'maple tractor violin');
    await user.click(card.getByRole('button', { name: 'Change password' }));
    expect(await card.findByText('The two new passwords differ.')).toBeInTheDocument();
    expect(card.getByLabelText('Repeat the new password')).toHaveFocus();
    expect(card.getByLabelText('Repeat the new password')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo('POST', API_ROUTES.changePassword.path)).toHaveLength(0);
  });

  it('a wrong current password (403) is said beside that field', async () => {
    api.use(
      http.post(API_ROUTES.changePassword.path, () =>
        Response.json(
          { error: 'wrong_password', message: 'That is not your current password.' },
          { status: 403 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderAdmin(<SecurityScreen />, { route: '/admin/security' });
    await fillPasswords(user, 'not it', 'maple tractor violin harbor');
    const current = passwordCard().getByLabelText('Current password');
    await waitFor(() =>
      expect(current).toHaveAccessibleDescription('That is not your current password.'),
    );
    expect(current).toHaveFocus();
    expect(current).toHaveValue('not it');
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/security');
    expect(toasts().queryByText('Password changed')).not.toBeInTheDocument();
  });

  it("a weak new password (422) gets the server's reason beside the new password", async () => {
    const reason =
      'The new password is too easy to guess (it is a single word); add a few uncommon words.';
    api.use(
      http.post(API_ROUTES.changePassword.path, () =>
        Response.json(
          { error: 'weak_password', message: reason, field: 'newPassword' },
          { status: 422 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderAdmin(<SecurityScreen />, { route: '/admin/security' });
    await fillPasswords(user, 'old secret words', 'sunshine1234');
    const next = passwordCard().getByLabelText('New password');
    await waitFor(() => expect(next).toHaveAccessibleDescription(expect.stringContaining(reason)));
    expect(next).toHaveFocus();
  });

  it.each([
    [
      'too many wrong tries (429): the server says when to try again',
      () =>
        Response.json(
          {
            error: 'too_many_attempts',
            message: 'Too many failed logins. Try again in 15 minutes.',
          },
          { status: 429, headers: { 'Retry-After': '900' } },
        ),
      'Too many failed logins. Try again in 15 minutes.',
    ],
    [
      'any other failure',
      () => new Response('', { status: 500 }),
      'Your password could not be changed. Please try again.',
    ],
  ])('%s', async (_label, answer, message) => {
    api.use(http.post(API_ROUTES.changePassword.path, answer));
    const user = userEvent.setup();
    renderAdmin(<SecurityScreen />, { route: '/admin/security' });
    await fillPasswords(user, 'old secret words', 'maple tractor violin harbor');
    const alert = await passwordCard().findByRole('alert');
    expect(alert).toHaveTextContent(message);
  });
});
