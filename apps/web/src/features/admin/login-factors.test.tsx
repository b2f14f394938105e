import { API_ROUTES, loginCodeRequestSchema } from '@cedar/api-contract';
import { STORAGE_KEYS } from '@cedar/content';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginScreen } from './login-screen';
import { expectFieldError, schemaMessage } from './test/fields';
import { api, callsTo, renderAdmin, resetToasts, toasts } from './test/render-admin';
import { resetWebAuthn, webauthn } from './test/webauthn';

// jsdom has no WebAuthn: the browser's is the test's (test/webauthn.ts).
vi.mock('@simplewebauthn/browser', async () => (await import('./test/webauthn')).mockedWebAuthn());

vi.setConfig({ testTimeout: 20_000 });

const SIGNED_IN = { token: 'tok-123', user: { username: 'owner', role: 'owner' } };
const ASSERTION = {
  id: 'cred',
  rawId: 'cred',
  type: 'public-key',
  response: {},
  clientExtensionResults: {},
};

beforeEach(() => {
  localStorage.clear();
  resetWebAuthn(true);
  api.use(http.get(API_ROUTES.authConfig.path, () => Response.json({ demoLogin: null })));
});
afterEach(resetToasts);

describe('sign in with a passkey', () => {
  it('signs in with no username typed: the options, the browser prompt, the session, /admin', async () => {
    const user = userEvent.setup();
    webauthn.startAuthentication.mockResolvedValue(ASSERTION);
    api.use(
      http.post(API_ROUTES.passkeySignInOptions.path, () =>
        Response.json({ options: { challenge: 'xyz', allowCredentials: [] } }),
      ),
      http.post(API_ROUTES.passkeySignIn.path, () => Response.json(SIGNED_IN)),
    );
    renderAdmin(<LoginScreen />, { route: '/admin/login' });
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/));
    expect(webauthn.startAuthentication).toHaveBeenCalledWith({
      optionsJSON: { challenge: 'xyz', allowCredentials: [] },
    });
    expect(await callsTo('POST', API_ROUTES.passkeySignIn.path)[0]!.json()).toEqual({
      response: ASSERTION,
    });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok-123');
    expect(toasts().getByText('Logged in successfully!')).toBeInTheDocument();
  });

  it('tells why a passkey did not sign in, and when the prompt was closed', async () => {
    const user = userEvent.setup();
    api.use(
      http.post(API_ROUTES.passkeySignInOptions.path, () =>
        Response.json({ options: { challenge: 'xyz' } }),
      ),
      http.post(API_ROUTES.passkeySignIn.path, () =>
        Response.json(
          {
            error: 'unknown_passkey',
            message:
              'This passkey is not registered here (it may have been removed). Sign in with your password, or use another passkey.',
          },
          { status: 401 },
        ),
      ),
    );
    webauthn.startAuthentication.mockRejectedValueOnce(
      Object.assign(new Error('closed'), { name: 'NotAllowedError' }),
    );
    renderAdmin(<LoginScreen />, { route: '/admin/login' });
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(
      await toasts().findByText('Login failed: the passkey prompt was closed.'),
    ).toBeInTheDocument();
    webauthn.startAuthentication.mockResolvedValue(ASSERTION);
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(
      await toasts().findByText(/^Login failed: This passkey is not registered here/),
    ).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/login');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('has no passkey button where the browser has no WebAuthn', () => {
    webauthn.supported = false;
    renderAdmin(<LoginScreen />, { route: '/admin/login' });
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Sign in with a passkey' }),
    ).not.toBeInTheDocument();
  });
});

describe('two-step sign-in', () => {
  it('asks for the code after a right password and signs in with it', async () => {
    const user = userEvent.setup();
    api.use(
      http.post(API_ROUTES.login.path, () => Response.json({ secondStep: 'code' })),
      http.post(API_ROUTES.loginCode.path, async ({ request }) => {
        const { code } = (await request.json()) as { code: string };
        return code === '123456'
          ? Response.json(SIGNED_IN)
          : Response.json(
              {
                error: 'wrong_code',
                message:
                  'That code is not right, or was used already. Enter the current code from your authenticator app, or a recovery code.',
              },
              { status: 401 },
            );
      }),
    );
    renderAdmin(<LoginScreen />, { route: '/admin/login' });
    await user.type(screen.getByLabelText('Username'), 'owner');
    await user.type(screen.getByLabelText('Password'), 'kennel-ledger-harbor-42');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const code = await screen.findByLabelText('Code');
    expect(screen.getByText('Two-step sign-in')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Simple Admin Login' }),
    ).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    await user.type(code, '12');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const rule = schemaMessage(loginCodeRequestSchema, { code: '12' });
    expect(await screen.findByRole('alert')).toHaveTextContent(rule);
    expectFieldError(code, rule);
    expect(callsTo('POST', API_ROUTES.loginCode.path)).toHaveLength(0);
    await user.clear(code);
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText(/That code is not right, or was used already/),
    ).toBeInTheDocument();
    expectFieldError(code, 'That code is not right, or was used already.');
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok-123');
  });

  it('shows the server’s refusal of the code (400) on the code field', async () => {
    const user = userEvent.setup();
    api.use(
      http.post(API_ROUTES.login.path, () => Response.json({ secondStep: 'code' })),
      http.post(API_ROUTES.loginCode.path, () =>
        Response.json(
          {
            error: 'bad_request',
            message: 'code: The server reads no code here.',
            details: [{ path: 'code', message: 'The server reads no code here.' }],
          },
          { status: 400 },
        ),
      ),
    );
    renderAdmin(<LoginScreen />, { route: '/admin/login' });
    await user.type(screen.getByLabelText('Username'), 'owner');
    await user.type(screen.getByLabelText('Password'), 'kennel-ledger-harbor-42');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const code = await screen.findByLabelText('Code');
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expectFieldError(code, 'The server reads no code here.'));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('goes back to the username and password when the sign-in expired', async () => {
    const user = userEvent.setup();
    api.use(
      http.post(API_ROUTES.login.path, () => Response.json({ secondStep: 'code' })),
      http.post(API_ROUTES.loginCode.path, () =>
        Response.json(
          {
            error: 'second_step_expired',
            message: 'Your sign-in has expired. Enter your username and password again.',
          },
          { status: 401 },
        ),
      ),
    );
    renderAdmin(<LoginScreen />, { route: '/admin/login' });
    await user.type(screen.getByLabelText('Username'), 'owner');
    await user.type(screen.getByLabelText('Password'), 'kennel-ledger-harbor-42');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await user.type(await screen.findByLabelText('Code'), 'abcd-efgh-ijkl-mnop');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await toasts().findByText(
        'Login failed: Your sign-in has expired. Enter your username and password again.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByLabelText('Password')).toBeInTheDocument();
  });
});
