import { API_ROUTES, acceptInvitationRequestSchema } from '@cedar/api-contract';
import { STORAGE_KEYS } from '@cedar/content';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InviteScreen } from './invite-screen';
import { expectFieldError, schemaMessage } from './test/fields';
import { api, callsTo, renderAdmin, resetToasts, toasts } from './test/render-admin';
import { REGISTRATION, resetWebAuthn, servePasswordFirst, webauthn } from './test/webauthn';

// jsdom has no WebAuthn: the browser's is the test's (test/webauthn.ts).
vi.mock('@simplewebauthn/browser', async () => (await import('./test/webauthn')).mockedWebAuthn());

vi.setConfig({ testTimeout: 20_000 });

const TOKEN = 'Q'.repeat(43);
const GONE =
  'This invitation link has expired or has already been used. Ask the owner for a new one.';

function openLink(hash: string) {
  window.history.replaceState(null, '', `/admin/invite${hash}`);
}

function serveCheck() {
  api.use(
    http.post(API_ROUTES.checkInvitation.path, async ({ request }) => {
      expect(await request.json()).toEqual({ token: TOKEN });
      return Response.json({ username: 'sam', expiresAt: '2026-05-12T08:00:00.000Z' });
    }),
  );
}

beforeEach(() => {
  localStorage.clear();
  resetWebAuthn(false);
});
afterEach(() => {
  resetToasts();
  window.history.replaceState(null, '', '/');
});

const PASSWORD = 'lantern-orchard-pebble-91';

/** The link opened, the password set: signed in as sam, on the passkey step. */
async function joinWithPassword(user: ReturnType<typeof userEvent.setup>) {
  openLink(`#${TOKEN}`);
  serveCheck();
  api.use(
    http.post(API_ROUTES.acceptInvitation.path, () =>
      Response.json({ token: 'marker', user: { username: 'sam', role: 'helper' } }),
    ),
  );
  renderAdmin(<InviteScreen />, { route: '/admin/invite' });
  await screen.findByText(/You are invited as/);
  await user.type(screen.getByLabelText(/^Password/), PASSWORD);
  await user.type(screen.getByLabelText(/Repeat the password/), PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
  return screen.findByRole('form', { name: 'Add a passkey' });
}

describe('invitation page: a passkey after the password', () => {
  beforeEach(() => {
    webauthn.supported = true;
  });

  it('offers a passkey on this device once signed in, named for the device, and goes to the admin with it', async () => {
    const user = userEvent.setup();
    webauthn.startRegistration.mockResolvedValue(REGISTRATION);
    api.use(
      http.post(API_ROUTES.passkeyRegistrationOptions.path, () =>
        Response.json({ options: { challenge: 'abc' } }),
      ),
      http.post(API_ROUTES.addPasskey.path, async ({ request }) => {
        const { name } = (await request.json()) as { name: string };
        return Response.json(
          {
            id: 'Y3JlZC1h',
            name,
            createdAt: '2026-05-10T09:00:00.000Z',
            lastUsedAt: null,
            synced: false,
            backedUp: false,
          },
          { status: 201 },
        );
      }),
    );
    const form = await joinWithPassword(user);
    expect(form).toHaveTextContent('You are signed in as sam.');
    // Signed in already: the session is stored before the passkey is offered.
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('marker');
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/invite');
    const name = screen.getByLabelText(/Name of the passkey/);
    expect((name as HTMLInputElement).value).not.toBe('');
    await user.clear(name);
    await user.type(name, 'Sam’s laptop');
    await user.click(screen.getByRole('button', { name: 'Add a passkey on this device' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/));
    expect(webauthn.startRegistration).toHaveBeenCalledWith({ optionsJSON: { challenge: 'abc' } });
    const [added] = callsTo('POST', API_ROUTES.addPasskey.path);
    expect(await added!.json()).toEqual({ name: 'Sam’s laptop', response: REGISTRATION });
    expect(toasts().getByText('Sam’s laptop can now sign you in.')).toBeInTheDocument();
  });

  it('asks for the password again when the sign-in is over 15 minutes old, then adds the passkey', async () => {
    const user = userEvent.setup();
    webauthn.startRegistration.mockResolvedValue(REGISTRATION);
    servePasswordFirst(api);
    api.use(
      http.post(API_ROUTES.addPasskey.path, () =>
        Response.json(
          {
            id: 'Y3JlZC1h',
            name: 'Phone',
            createdAt: '2026-05-10T09:00:00.000Z',
            lastUsedAt: null,
            synced: true,
            backedUp: true,
          },
          { status: 201 },
        ),
      ),
    );
    await joinWithPassword(user);
    await user.clear(screen.getByLabelText(/Name of the passkey/));
    await user.type(screen.getByLabelText(/Name of the passkey/), 'Phone');
    await user.click(screen.getByRole('button', { name: 'Add a passkey on this device' }));
    expect(
      await screen.findByText('Confirm your password to add a sign-in method'),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Your password'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/));
    const [confirmed] = callsTo('POST', API_ROUTES.confirmPassword.path);
    expect(await confirmed!.json()).toEqual({ password: PASSWORD });
    const [added] = callsTo('POST', API_ROUTES.addPasskey.path);
    expect(await added!.json()).toEqual({ name: 'Phone', response: REGISTRATION });
  });

  it('goes to the admin without a passkey on "Skip for now"', async () => {
    const user = userEvent.setup();
    await joinWithPassword(user);
    await user.click(screen.getByRole('button', { name: 'Skip for now' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/));
    expect(callsTo('POST', API_ROUTES.passkeyRegistrationOptions.path)).toHaveLength(0);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('marker');
  });

  it('asks for a name before the prompt, and says so when the prompt was closed, staying on the step', async () => {
    const user = userEvent.setup();
    api.use(
      http.post(API_ROUTES.passkeyRegistrationOptions.path, () =>
        Response.json({ options: { challenge: 'abc' } }),
      ),
    );
    webauthn.startRegistration.mockRejectedValueOnce(
      Object.assign(new Error('closed'), { name: 'NotAllowedError' }),
    );
    await joinWithPassword(user);
    await user.clear(screen.getByLabelText(/Name of the passkey/));
    await user.click(screen.getByRole('button', { name: 'Add a passkey on this device' }));
    expect(await screen.findByText('Give the passkey a name.')).toBeInTheDocument();
    expect(callsTo('POST', API_ROUTES.passkeyRegistrationOptions.path)).toHaveLength(0);
    await user.type(screen.getByLabelText(/Name of the passkey/), 'Phone');
    await user.click(screen.getByRole('button', { name: 'Add a passkey on this device' }));
    expect(
      await screen.findByText(
        'No passkey was added: the prompt was closed. Try again, or skip for now.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/invite');
    expect(callsTo('POST', API_ROUTES.addPasskey.path)).toHaveLength(0);
  });
});

describe('invitation page', () => {
  it('greets the invited helper, sets their password, stores the session as a login does and goes to the dashboard (no passkey where the browser cannot make one)', async () => {
    const user = userEvent.setup();
    openLink(`#${TOKEN}`);
    serveCheck();
    api.use(
      http.post(API_ROUTES.acceptInvitation.path, async ({ request }) => {
        expect(await request.json()).toEqual({
          token: TOKEN,
          password: 'lantern-orchard-pebble-91',
        });
        return Response.json({ token: 'marker', user: { username: 'sam', role: 'helper' } });
      }),
    );
    renderAdmin(<InviteScreen />, { route: '/admin/invite' });
    expect(await screen.findByText(/You are invited as/)).toHaveTextContent(
      'You are invited as sam.',
    );
    await user.type(screen.getByLabelText(/^Password/), 'lantern-orchard-pebble-91');
    await user.type(screen.getByLabelText(/Repeat the password/), 'lantern-orchard-pebble-91');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin'));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('marker');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user)!)).toEqual({
      username: 'sam',
      role: 'helper',
    });
    // The spent link leaves the address bar.
    expect(window.location.hash).toBe('');
  });

  it('asks for the same password twice before asking the server, and shows a weak password’s reason beside it', async () => {
    const user = userEvent.setup();
    openLink(`#${TOKEN}`);
    serveCheck();
    api.use(
      http.post(API_ROUTES.acceptInvitation.path, () =>
        HttpResponse.json(
          {
            error: 'weak_password',
            message: 'The password is a very common password.',
            field: 'password',
          },
          { status: 422 },
        ),
      ),
    );
    renderAdmin(<InviteScreen />, { route: '/admin/invite' });
    await screen.findByText(/You are invited as/);
    const password = screen.getByLabelText(/^Password/);
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    const rule = schemaMessage(acceptInvitationRequestSchema, { token: TOKEN, password: '' });
    expect(await screen.findByText(rule)).toBeInTheDocument();
    expectFieldError(password, rule);
    await user.type(password, 'one-thing');
    await user.type(screen.getByLabelText(/Repeat the password/), 'another');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(await screen.findByText('The two passwords differ.')).toBeInTheDocument();
    expect(callsTo('POST', API_ROUTES.acceptInvitation.path)).toHaveLength(0);
    await user.clear(screen.getByLabelText(/Repeat the password/));
    await user.type(screen.getByLabelText(/Repeat the password/), 'one-thing');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(await screen.findByText('The password is a very common password.')).toBeInTheDocument();
    expectFieldError(password, 'The password is a very common password.');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('says an expired or used link cannot be used, with the way to sign in', async () => {
    openLink(`#${TOKEN}`);
    api.use(
      http.post(API_ROUTES.checkInvitation.path, () =>
        HttpResponse.json({ error: 'invitation_gone', message: GONE }, { status: 410 }),
      ),
    );
    renderAdmin(<InviteScreen />, { route: '/admin/invite' });
    expect(await screen.findByText(GONE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute(
      'href',
      '/admin/login',
    );
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
  });

  it('says a cut-off link is not complete, without asking the server', async () => {
    openLink('#abc');
    renderAdmin(<InviteScreen />, { route: '/admin/invite' });
    expect(await screen.findByText(/This invitation link is not complete/)).toBeInTheDocument();
    expect(callsTo()).toHaveLength(0);
  });
});
