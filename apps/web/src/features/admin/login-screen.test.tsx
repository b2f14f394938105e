import { STORAGE_KEYS, TEST_LOGIN_DELAY_MS } from '@cedar/content';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATIONS_LABEL } from './admin-providers';
import { LoginScreen } from './login-screen';
import { callsTo, deferred, mockApi, renderAdmin, resetToasts } from './test/render-admin';

const DEMO = { username: 'demo-admin', password: 'demo-password-123' };
const noDemo = () => Response.json({ demoLogin: null });
const withDemo = () => Response.json({ demoLogin: DEMO });
const loginOk = () =>
  Response.json(
    { token: 'tok-123', user: { username: 'owner', role: 'admin' } },
    { headers: { 'Set-Cookie': 'x=y' } },
  );

function toasts() {
  return within(screen.getByRole('region', { name: NOTIFICATIONS_LABEL }));
}

// Mantine's combobox and toasts make these slower than the 5 s default on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => localStorage.clear());
afterEach(() => {
  resetToasts();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('admin login', () => {
  it('shows the title, the breeder, both fields and Login, without Test Login when demo login is off', async () => {
    const fetchMock = mockApi({ 'GET /api/auth/config': noDemo });
    renderAdmin(<LoginScreen />, { route: '/admin/login' });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Simple Admin Login' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Cedar Bluff Labradors')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/auth/config')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Test Login' })).not.toBeInTheDocument();
  });

  it('posts the credentials as JSON with cookies, stores the session, toasts and goes to /admin', async () => {
    const fetchMock = mockApi({ 'GET /api/auth/config': noDemo, 'POST /api/auth/login': loginOk });
    const user = userEvent.setup();
    renderAdmin(<LoginScreen />, { route: '/admin/login' });
    await user.type(screen.getByLabelText('Username'), 'owner');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/));
    const [call] = callsTo(fetchMock, 'POST', '/api/auth/login');
    expect(call?.[1]).toMatchObject({
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'owner', password: 'secret' }),
    });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok-123');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? 'null')).toEqual({
      username: 'owner',
      role: 'admin',
    });
    expect(toasts().getByText('Success')).toBeInTheDocument();
    expect(toasts().getByText('Logged in successfully!')).toBeInTheDocument();
  });

  it('shows Logging in... on a disabled button while the server answers', async () => {
    const answer = deferred<Response>();
    mockApi({ 'GET /api/auth/config': noDemo, 'POST /api/auth/login': () => answer.promise });
    const user = userEvent.setup();
    renderAdmin(<LoginScreen />, { route: '/admin/login' });
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('button', { name: 'Logging in...' })).toBeDisabled();
    await act(async () => answer.resolve(loginOk()));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/));
  });

  it('does no client-side validation: empty fields still go to the server', async () => {
    const fetchMock = mockApi({
      'GET /api/auth/config': noDemo,
      'POST /api/auth/login': () =>
        Response.json(
          { error: 'invalid_request', message: 'Username is required' },
          { status: 400 },
        ),
    });
    const user = userEvent.setup();
    renderAdmin(<LoginScreen />, { route: '/admin/login' });
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/auth/login')).toHaveLength(1));
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
    mockApi({ 'GET /api/auth/config': noDemo, 'POST /api/auth/login': answer });
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
    const fetchMock = mockApi({
      'GET /api/auth/config': withDemo,
      'POST /api/auth/login': loginOk,
    });
    renderAdmin(<LoginScreen />, { route: '/admin/login' });
    const testLogin = await screen.findByRole('button', { name: 'Test Login' });

    vi.useFakeTimers(); // from here on, time moves only when the test says so
    fireEvent.click(testLogin);
    expect(screen.getByLabelText('Username')).toHaveValue(DEMO.username);
    expect(screen.getByLabelText('Password')).toHaveValue(DEMO.password);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TEST_LOGIN_DELAY_MS - 1);
    });
    expect(callsTo(fetchMock, 'POST', '/api/auth/login')).toHaveLength(0);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    const [call] = callsTo(fetchMock, 'POST', '/api/auth/login');
    expect(call?.[1]?.body).toBe(JSON.stringify(DEMO));
    vi.useRealTimers();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/));
  });
});
