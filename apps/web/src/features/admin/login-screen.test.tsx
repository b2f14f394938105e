import { API_ROUTES } from '@cedar/api-contract';
import { STORAGE_KEYS, TEST_LOGIN_DELAY_MS } from '@cedar/content';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, type HttpResponseResolver } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginScreen } from './login-screen';
import { api, callsTo, deferred, renderAdmin, resetToasts, toasts } from './test/render-admin';

const DEMO = { username: 'demo-admin', password: 'demo-password-123' };
const noDemo = () => Response.json({ demoLogin: null });
const withDemo = () => Response.json({ demoLogin: DEMO });
const loginOk = () =>
  Response.json(
    { token: 'tok-123', user: { username: 'owner', role: 'owner' } },
    { headers: { 'Set-Cookie': 'x=y' } },
  );

function serve(config: HttpResponseResolver, login?: HttpResponseResolver) {
  api.use(http.get(API_ROUTES.authConfig.path, config));
  if (login) api.use(http.post(API_ROUTES.login.path, login));
}

// Mantine's combobox and toasts make these slower than the 5 s default on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => localStorage.clear());
afterEach(() => {
  resetToasts();
  vi.useRealTimers();
});

describe('admin login', () => {
  it('shows the title, the breeder, both fields and Login, without Test Login when demo login is off', async () => {
    serve(noDemo);
    renderAdmin(<LoginScreen />, { route: '/admin/login' });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Simple Admin Login' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Cedar Bluff Labradors')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    await waitFor(() => expect(callsTo('GET', '/api/auth/config')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Test Login' })).not.toBeInTheDocument();
  });

  it('posts the credentials as JSON with cookies, stores the session, toasts and goes to /admin', async () => {
    serve(noDemo, loginOk);
    const user = userEvent.setup();
    renderAdmin(<LoginScreen />, { route: '/admin/login' });
    await user.type(screen.getByLabelText('Username'), 'owner');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/));
    const [call] = callsTo('POST', '/api/auth/login');
    expect(call?.credentials).toBe('include');
    expect(call?.headers.get('Content-Type')).toBe('application/json');
    expect(await call?.text()).toBe(JSON.stringify({ username: 'owner', password: 'secret' }));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok-123');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? 'null')).toEqual({
      username: 'owner',
      role: 'owner',
    });
    expect(toasts().getByText('Success')).toBeInTheDocument();
    expect(toasts().getByText('Logged in successfully!')).toBeInTheDocument();
  });

  it('shows Logging in... on a disabled button while the server answers', async () => {
    const answer = deferred<Response>();
    serve(noDemo, () => answer.promise);
    const user = userEvent.setup();
    renderAdmin(<LoginScreen />, { route: '/admin/login' });
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('button', { name: 'Logging in...' })).toBeDisabled();
    await act(async () => answer.resolve(loginOk()));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/));
  });

  it('does no client-side validation: empty fields still go to the server', async () => {
    serve(noDemo, () =>
      Response.json({ error: 'invalid_request', message: 'Username is required' }, { status: 400 }),
    );
    const user = userEvent.setup();
    renderAdmin(<LoginScreen />, { route: '/admin/login' });
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(callsTo('POST', '/api/auth/login')).toHaveLength(1));
    expect(await toasts().findByText('Login failed: Username is required')).toBeInTheDocument();
  });

  it.each([
    [
      'the message of the JSON error',
      () =>
        Response.json(
          { error: 'invalid_credentials', message: 'Invalid username or password' },
          { status: 401 },
        ),
      'Login failed: Invalid username or password',
    ],
    [
      'the raw response text',
      () => new Response('Service temporarily down', { status: 503 }),
      'Login failed: Service temporarily down',
    ],
    [
      'nothing when the body is empty',
      () => new Response('', { status: 500, statusText: 'Internal Server Error' }),
      'Login failed',
    ],
  ])('on failure toasts Error with %s', async (_label, answer, text) => {
    serve(noDemo, answer);
    const user = userEvent.setup();
    renderAdmin(<LoginScreen />, { route: '/admin/login' });
    await user.type(screen.getByLabelText('Username'), 'owner');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await toasts().findByText(text)).toBeInTheDocument();
    expect(toasts().getByText('Error')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/login');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it('offers Test Login with demo login on: it fills the demo credentials and submits after 100 ms', async () => {
    serve(withDemo, loginOk);
    renderAdmin(<LoginScreen />, { route: '/admin/login' });
    const testLogin = await screen.findByRole('button', { name: 'Test Login' });

    vi.useFakeTimers(); // from here on, time moves only when the test says so
    fireEvent.click(testLogin);
    expect(screen.getByLabelText('Username')).toHaveValue(DEMO.username);
    expect(screen.getByLabelText('Password')).toHaveValue(DEMO.password);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TEST_LOGIN_DELAY_MS - 1);
    });
    expect(callsTo('POST', '/api/auth/login')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    vi.useRealTimers();
    await waitFor(() => expect(callsTo('POST', '/api/auth/login')).toHaveLength(1));
    expect(await callsTo('POST', '/api/auth/login')[0]?.text()).toBe(JSON.stringify(DEMO));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/));
  });
});
