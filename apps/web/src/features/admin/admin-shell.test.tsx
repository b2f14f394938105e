import { API_ROUTES } from '@cedar/api-contract';
import { STORAGE_KEYS, site } from '@cedar/content';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { AdminLayout } from './admin-layout';
import { AdminGate } from './admin-session';
import { AdminShell } from './admin-shell';
import { saveSession } from './lib/session';
import { api, callsTo, LocationProbe, resetToasts, toasts } from './test/render-admin';

/** A stand-in for a screen: its gate, as every admin screen has, and its name as its heading. */
function Screen({ name }: { name: string }) {
  return (
    <>
      <AdminGate>{() => <h1>{name}</h1>}</AdminGate>
      <LocationProbe />
    </>
  );
}

/** The admin area as src/routes.ts lays it out: the login page outside the shell, the rest in it. */
function renderArea(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/admin" element={<AdminLayout />}>
        <Route
          path="login"
          element={
            <>
              <h1>Simple Admin Login</h1>
              <LocationProbe />
            </>
          }
        />
        <Route element={<AdminShell />}>
          <Route index element={<Screen name="Dashboard screen" />} />
          <Route path="files" element={<Screen name="File editor screen" />} />
          <Route path="litters" element={<Screen name="Litters screen" />} />
          <Route path="waitlist" element={<Screen name="Waitlist screen" />} />
          <Route path="security" element={<Screen name="Security screen" />} />
        </Route>
      </Route>
    </Routes>,
    { route },
  );
}

function signInAs(user: Record<string, unknown>) {
  saveSession({ token: 'tok', user: { username: 'owner', ...user } });
}

const navigation = () => screen.getByRole('navigation', { name: 'Admin' });
const navLinks = () =>
  within(navigation())
    .getAllByRole('link')
    .map((link) => link.textContent);

beforeEach(() => localStorage.clear());
afterEach(resetToasts);

describe('admin shell: the navigation shows the screens the role may open', () => {
  it.each([
    ['an owner', { role: 'owner' }],
    ['a user stored before roles (no role)', {}],
    ['a user stored with the old role "admin"', { role: 'admin' }],
  ])('%s gets every screen', async (_who, user) => {
    signInAs(user);
    renderArea('/admin');
    await screen.findByRole('heading', { name: 'Dashboard screen' });
    expect(navLinks()).toEqual(['Dashboard', 'File editor', 'Litters', 'Waitlist', 'Security']);
    expect(within(navigation()).getByRole('link', { name: 'File editor' })).toHaveAttribute(
      'href',
      '/admin/files',
    );
  });

  it('a helper gets the dashboard (inquiries), the waitlist and their own security only', async () => {
    signInAs({ username: 'sam', role: 'helper' });
    renderArea('/admin');
    await screen.findByRole('heading', { name: 'Dashboard screen' });
    expect(navLinks()).toEqual(['Dashboard', 'Waitlist', 'Security']);
    expect(within(screen.getByRole('banner')).getByText(/Signed in as/)).toHaveTextContent(
      'Signed in as sam (Helper)',
    );
  });
});

describe('admin shell: what it holds', () => {
  it("has a header with the site's name, who is signed in and Logout, a navigation and the screen in main", async () => {
    signInAs({ username: 'rosa', role: 'owner' });
    renderArea('/admin/litters');
    const main = await screen.findByRole('main');
    expect(within(main).getByRole('heading', { name: 'Litters screen' })).toBeInTheDocument();
    const banner = screen.getByRole('banner');
    expect(within(banner).getByText(site.brandName)).toBeInTheDocument();
    expect(within(banner).getByText(/Signed in as/)).toHaveTextContent('Signed in as rosa (Owner)');
    expect(within(banner).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(navigation()).toBeInTheDocument();
  });

  it('marks the screen shown as the current page, and only it', async () => {
    signInAs({ role: 'owner' });
    const user = userEvent.setup();
    renderArea('/admin/waitlist');
    await screen.findByRole('heading', { name: 'Waitlist screen' });
    const current = () =>
      within(navigation())
        .getAllByRole('link')
        .filter((link) => link.getAttribute('aria-current') === 'page')
        .map((link) => link.textContent);
    expect(current()).toEqual(['Waitlist']);

    await user.click(within(navigation()).getByRole('link', { name: 'Litters' }));
    expect(await screen.findByRole('heading', { name: 'Litters screen' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/litters$/);
    expect(current()).toEqual(['Litters']);

    await user.click(within(navigation()).getByRole('link', { name: 'Dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard screen' })).toBeInTheDocument();
    expect(current()).toEqual(['Dashboard']);
  });

  it("the burger opens and closes the phone's navigation, and choosing a screen closes it", async () => {
    signInAs({ role: 'owner' });
    const user = userEvent.setup();
    renderArea('/admin');
    await screen.findByRole('heading', { name: 'Dashboard screen' });
    const burger = screen.getByRole('button', { name: 'Open navigation menu' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    expect(burger).toHaveAttribute('aria-controls', navigation().id);
    expect(navigation()).toHaveAttribute('data-closed');

    await user.click(burger);
    expect(burger).toHaveAttribute('aria-expanded', 'true');
    expect(burger).toHaveAccessibleName('Close navigation menu');
    expect(navigation()).not.toHaveAttribute('data-closed');

    await user.click(burger);
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    expect(navigation()).toHaveAttribute('data-closed');

    await user.click(burger);
    await user.click(within(navigation()).getByRole('link', { name: 'Security' }));
    expect(await screen.findByRole('heading', { name: 'Security screen' })).toBeInTheDocument();
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    expect(navigation()).toHaveAttribute('data-closed');
  });

  it('Logout ends the server session, clears the stored one, says so and goes to /admin/login', async () => {
    signInAs({ role: 'owner' });
    api.use(http.post(API_ROUTES.logout.path, () => new Response(null, { status: 204 })));
    const user = userEvent.setup();
    renderArea('/admin/files');
    await screen.findByRole('heading', { name: 'File editor screen' });
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/login'));
    expect(callsTo('POST', API_ROUTES.logout.path)[0]?.credentials).toBe('include');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(toasts().getByText('Logged out')).toBeInTheDocument();
    expect(toasts().getByText('You have been logged out successfully.')).toBeInTheDocument();
    // The login page is outside the shell: no navigation, no header of the shell.
    expect(screen.getByRole('heading', { name: 'Simple Admin Login' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });
});

describe('admin shell: before sign-in', () => {
  it('shows no navigation at /admin/login', async () => {
    signInAs({ role: 'owner' });
    renderArea('/admin/login');
    expect(await screen.findByRole('heading', { name: 'Simple Admin Login' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it.each([
    ['no stored session', () => undefined],
    [
      'an unparseable stored user',
      () => {
        localStorage.setItem(STORAGE_KEYS.token, 'tok');
        localStorage.setItem(STORAGE_KEYS.user, '{not json');
      },
    ],
  ])('with %s, a screen goes to /admin/login and no shell is shown', async (_case, store) => {
    store();
    renderArea('/admin/litters');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/login'));
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });
});
