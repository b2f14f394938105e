import { API_ROUTES } from '@cedar/api-contract';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DashboardScreen } from './dashboard-screen';
import { FilesScreen } from './files-screen';
import { LittersScreen } from './litters-screen';
import { inboxInquiry, serveInbox } from './test/inbox-api';
import { callsTo, renderAdmin, resetToasts, signIn } from './test/render-admin';

vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => localStorage.clear());
afterEach(resetToasts);

const OWNER_ONLY = 'This part of the admin is for the owner.';

describe('the admin screens for a helper (issue 39)', () => {
  it('the dashboard has no EDIT WEBSITE, only the quick actions a helper may use, and no Delete or export', async () => {
    signIn('sam', 'helper');
    serveInbox([inboxInquiry(1, { firstName: 'Maya', lastName: 'Turner' })]);
    renderAdmin(<DashboardScreen />);
    expect(await screen.findByRole('heading', { name: 'Welcome back, sam!' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'EDIT WEBSITE' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    const quick = within(screen.getByRole('region', { name: 'Quick Actions' }));
    expect(quick.getAllByRole('link').map((a) => a.textContent)).toEqual([
      'Waitlist',
      'Sessions and password',
    ]);
    expect(await screen.findByRole('article', { name: 'Maya Turner' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete the inquiry/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Export/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Export/ })).toBeNull();
  });

  it('the file editor and the litters refuse with the owner-only sentence and ask the server nothing', async () => {
    signIn('sam', 'helper');
    const { unmount } = renderAdmin(<FilesScreen />, { route: '/admin/files' });
    expect(await screen.findByText(OWNER_ONLY)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Admin' })).toHaveAttribute('href', '/admin');
    unmount();
    renderAdmin(<LittersScreen />, { route: '/admin/litters' });
    expect(await screen.findByRole('heading', { name: 'Litters' })).toBeInTheDocument();
    expect(screen.getByText(OWNER_ONLY)).toBeInTheDocument();
    expect(callsTo()).toHaveLength(0);
  });

  it('an owner — or a session stored before roles, whose user says admin — sees EDIT WEBSITE', async () => {
    localStorage.setItem('admin-token', 'tok');
    localStorage.setItem('admin-user', JSON.stringify({ username: 'kate', role: 'admin' }));
    serveInbox([inboxInquiry(1, { firstName: 'Maya', lastName: 'Turner' })]);
    renderAdmin(<DashboardScreen />);
    expect(await screen.findByRole('link', { name: 'EDIT WEBSITE' })).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Delete the inquiry from Maya Turner' }),
    ).toBeInTheDocument();
    expect(callsTo('GET', API_ROUTES.inquiryStats.path).length).toBeGreaterThan(0);
  });
});
