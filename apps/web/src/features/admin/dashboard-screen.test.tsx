import { API_ROUTES, KNOWN_PREFERRED_COLORS, type InboxInquiry } from '@cedar/api-contract';
import { STORAGE_KEYS } from '@cedar/content';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DashboardScreen } from './dashboard-screen';
import { formatDateTime } from './lib/dates';
import { inboxInquiry, serveInbox } from './test/inbox-api';
import {
  api,
  callsTo,
  deferred,
  renderAdmin,
  resetToasts,
  signIn,
  toasts,
} from './test/render-admin';

const INQUIRIES: InboxInquiry[] = [
  inboxInquiry(4, {
    firstName: 'Maya',
    lastName: 'Turner',
    email: 'maya@example.com',
    phone: '(518) 555-0100',
    preferredColor: 'fox-red',
    createdAt: '2026-05-10T09:30:00.000Z',
    message: 'Hoping for a calm female.',
  }),
  inboxInquiry(3, { firstName: 'Ben', lastName: 'Ortiz', preferredColor: 'black' }),
  inboxInquiry(2, { firstName: 'Lena', lastName: 'Park', preferredColor: 'fox-red' }),
  inboxInquiry(1, { firstName: 'Sam', lastName: 'Reed', preferredColor: 'chocolate' }),
];

function stat(label: string) {
  return within(screen.getByRole('region', { name: label }));
}

// Mantine's combobox and toasts make these slower than the 5 s default on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => localStorage.clear());
afterEach(resetToasts);

describe('admin dashboard', () => {
  it('without a stored session says Redirecting to login... and goes to /admin/login without asking for inquiries', async () => {
    renderAdmin(<DashboardScreen />);
    expect(await screen.findByText('Redirecting to login...')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/login');
    expect(callsTo()).toHaveLength(0);
  });

  it('counts a stored user that is not parseable as no session', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'tok');
    localStorage.setItem(STORAGE_KEYS.user, 'not json');
    renderAdmin(<DashboardScreen />);
    expect(await screen.findByText('Redirecting to login...')).toBeInTheDocument();
    expect(callsTo()).toHaveLength(0);
  });

  it('shows Loading inquiries... until both the figures and the first page have come', async () => {
    signIn();
    serveInbox([]);
    const stats = deferred<Response>();
    const page = deferred<Response>();
    api.use(
      http.get(API_ROUTES.inquiryStats.path, () => stats.promise),
      http.get(API_ROUTES.inquiryPage.path, () => page.promise),
    );
    renderAdmin(<DashboardScreen />);
    expect(await screen.findByText('Loading inquiries...')).toBeInTheDocument();
    // Both calls leave at once: the page does not wait for the figures.
    await waitFor(() => expect(callsTo('GET')).toHaveLength(2));
    page.resolve(Response.json({ items: [], nextCursor: null }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('Loading inquiries...')).toBeInTheDocument();
    stats.resolve(
      Response.json({
        total: 0,
        recent: 0,
        mostRequested: null,
        byStatus: { new: 0, contacted: 0, waitlist: 0, placed: 0, closed: 0 },
        byColor: [],
      }),
    );
    expect(await screen.findByText('No inquiries yet')).toBeInTheDocument();
    expect(screen.queryByText('Loading inquiries...')).not.toBeInTheDocument();
  });

  it('when the list fails says Error loading inquiries, and Try Again reloads the page', async () => {
    signIn();
    serveInbox(INQUIRIES);
    api.use(http.get(API_ROUTES.inquiryPage.path, () => new Response('boom', { status: 500 })));
    const reload = vi.fn();
    const user = userEvent.setup();
    renderAdmin(<DashboardScreen reload={reload} />);
    expect(await screen.findByText('Error loading inquiries')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('when the figures fail says Error loading inquiries too', async () => {
    signIn();
    serveInbox(INQUIRIES);
    api.use(http.get(API_ROUTES.inquiryStats.path, () => HttpResponse.error()));
    const reload = vi.fn();
    const user = userEvent.setup();
    renderAdmin(<DashboardScreen reload={reload} />);
    expect(await screen.findByText('Error loading inquiries')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Total Inquiries' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("greets the user and shows the server's figures beside the first page", async () => {
    signIn('kate');
    serveInbox(INQUIRIES, { recent: 2 });
    renderAdmin(<DashboardScreen />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back, kate!' }),
    ).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Customer Inquiries' });
    const [page] = callsTo('GET', API_ROUTES.inquiryPage.path);
    expect(page?.credentials).toBe('include');
    expect(callsTo('GET', API_ROUTES.inquiryStats.path)[0]?.credentials).toBe('include');
    // The spec's list of every inquiry is not asked for.
    expect(callsTo('GET', API_ROUTES.inquiries.path)).toHaveLength(0);

    expect(stat('Total Inquiries').getByText('4')).toBeInTheDocument();
    expect(stat('Recent (24h)').getByText('2')).toBeInTheDocument();
    expect(stat('Most Requested').getByText('Fox Red')).toBeInTheDocument();
    expect(stat('Most Requested').getByText('2 requests')).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'EDIT WEBSITE' })).toHaveAttribute(
      'href',
      '/admin/files',
    );
    const quick = within(screen.getByRole('region', { name: 'Quick Actions' }));
    expect(quick.getByRole('link', { name: 'Edit website files' })).toHaveAttribute(
      'href',
      '/admin/files',
    );
    expect(quick.getByRole('link', { name: 'Sessions and password' })).toHaveAttribute(
      'href',
      '/admin/security',
    );
  });

  it('writes large figures with thousands separators', async () => {
    signIn();
    serveInbox([inboxInquiry(1)]);
    api.use(
      http.get(API_ROUTES.inquiryStats.path, () =>
        HttpResponse.json({
          total: 10_000,
          recent: 1_250,
          mostRequested: { color: 'yellow', count: 1_250, tiedWith: [] },
          byStatus: { new: 9_000, contacted: 1_000, waitlist: 0, placed: 0, closed: 0 },
          byColor: [{ color: 'yellow', count: 1_250 }],
        }),
      ),
    );
    renderAdmin(<DashboardScreen />);
    await screen.findByRole('heading', { name: 'Customer Inquiries' });
    expect(stat('Total Inquiries').getByText('10,000')).toBeInTheDocument();
    expect(stat('Recent (24h)').getByText('1,250')).toBeInTheDocument();
    expect(stat('Most Requested').getByText('1,250 requests')).toBeInTheDocument();
  });

  it('says which colour won a tie: the most recently requested one', async () => {
    signIn();
    serveInbox([
      inboxInquiry(2, { preferredColor: 'chocolate' }),
      inboxInquiry(1, { preferredColor: 'silver' }),
    ]);
    api.use(
      http.get(API_ROUTES.inquiryStats.path, () =>
        HttpResponse.json({
          total: 2,
          recent: 0,
          mostRequested: { color: 'chocolate', count: 1, tiedWith: ['silver', 'fox-red'] },
          byStatus: { new: 2, contacted: 0, waitlist: 0, placed: 0, closed: 0 },
          byColor: [],
        }),
      ),
    );
    renderAdmin(<DashboardScreen />);
    await screen.findByRole('heading', { name: 'Customer Inquiries' });
    expect(stat('Most Requested').getByText('Chocolate')).toBeInTheDocument();
    expect(
      stat('Most Requested').getByText(
        '1 request each, tied with Silver, Fox Red; most recently requested shown',
      ),
    ).toBeInTheDocument();
  });

  it("shows 'No inquiries yet', zero counts and '—' as Most Requested when there are none, without filters or export", async () => {
    signIn();
    serveInbox([]);
    renderAdmin(<DashboardScreen />);
    expect(await screen.findByText('No inquiries yet')).toBeInTheDocument();
    expect(stat('Total Inquiries').getByText('0')).toBeInTheDocument();
    expect(stat('Recent (24h)').getByText('0')).toBeInTheDocument();
    expect(stat('Most Requested').getByText('—')).toBeInTheDocument();
    expect(stat('Most Requested').getByText('No colour requested yet')).toBeInTheDocument();
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Export/ })).not.toBeInTheDocument();
  });

  it('shows each inquiry with its name, colour badge, e-mail, phone, date, the message only when present, and its status', async () => {
    signIn();
    serveInbox(INQUIRIES);
    renderAdmin(<DashboardScreen />);
    const maya = within(await screen.findByRole('article', { name: 'Maya Turner' }));
    expect(maya.getByRole('heading', { name: 'Maya Turner' })).toBeInTheDocument();
    expect(maya.getByRole('link', { name: 'maya@example.com' })).toHaveAttribute(
      'href',
      'mailto:maya@example.com',
    );
    expect(maya.getByRole('link', { name: '(518) 555-0100' })).toHaveAttribute(
      'href',
      'tel:5185550100',
    );
    expect(maya.getByText(formatDateTime('2026-05-10T09:30:00.000Z'))).toBeInTheDocument();
    expect(formatDateTime('2026-05-10T09:30:00.000Z')).toMatch(
      /^May 10, 2026, \d{1,2}:\d{2}\s?[AP]M$/,
    );
    expect(maya.getByText('Message:')).toBeInTheDocument();
    expect(maya.getByText('Hoping for a calm female.')).toBeInTheDocument();
    expect(maya.getByText('Fox Red')).toBeInTheDocument();
    expect(maya.getByRole('combobox', { name: 'Status' })).toHaveValue('new');

    const ben = within(screen.getByRole('article', { name: 'Ben Ortiz' }));
    expect(ben.queryByText('Message:')).not.toBeInTheDocument();
    // Newest first, as the server sends them.
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      'Maya Turner',
      'Ben Ortiz',
      'Lena Park',
      'Sam Reed',
    ]);
  });

  it('gives each known colour its own badge and anything else a neutral one', async () => {
    signIn();
    const colors = [...KNOWN_PREFERRED_COLORS, 'dudley-blue'];
    serveInbox(
      colors.map((color, i) =>
        inboxInquiry(colors.length - i, {
          firstName: 'Pat',
          lastName: color,
          preferredColor: color,
        }),
      ),
    );
    const { container } = renderAdmin(<DashboardScreen />);
    await screen.findByRole('article', { name: 'Pat yellow' });
    const badges = [...container.querySelectorAll('article [data-color]')].map((el) => [
      el.getAttribute('data-color'),
      el.textContent,
    ]);
    expect(badges).toEqual([
      ['yellow', 'Preferred colour: Yellow'],
      ['black', 'Preferred colour: Black'],
      ['chocolate', 'Preferred colour: Chocolate'],
      ['silver', 'Preferred colour: Silver'],
      ['fox-red', 'Preferred colour: Fox Red'],
      ['charcoal', 'Preferred colour: Charcoal'],
      ['champagne', 'Preferred colour: Champagne'],
      ['no-preference', 'Preferred colour: No Preference'],
      ['other', 'Preferred colour: Dudley Blue'],
    ]);
  });

  it('Logout calls the server, clears the stored session, toasts and goes to /admin/login', async () => {
    signIn();
    serveInbox([]);
    api.use(http.post(API_ROUTES.logout.path, () => new Response(null, { status: 204 })));
    const user = userEvent.setup();
    renderAdmin(<DashboardScreen />);
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/login'));
    expect(callsTo('POST', '/api/auth/logout')[0]?.credentials).toBe('include');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(toasts().getByText('Logged out')).toBeInTheDocument();
    expect(toasts().getByText('You have been logged out successfully.')).toBeInTheDocument();
  });

  it('Logout still signs out locally when the server cannot be reached', async () => {
    signIn();
    serveInbox([]);
    api.use(http.post(API_ROUTES.logout.path, () => HttpResponse.error()));
    const user = userEvent.setup();
    renderAdmin(<DashboardScreen />);
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/login'));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('a 401 from the server clears the stored session and goes to /admin/login', async () => {
    signIn();
    serveInbox([]);
    const unauthorized = () =>
      HttpResponse.json({ error: 'unauthorized', message: 'Please sign in' }, { status: 401 });
    api.use(
      http.get(API_ROUTES.inquiryStats.path, unauthorized),
      http.get(API_ROUTES.inquiryPage.path, unauthorized),
    );
    renderAdmin(<DashboardScreen />);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/login'));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    // The screen here stays mounted after the redirect: it may ask once more, but never loops.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(callsTo('GET', API_ROUTES.inquiryPage.path).length).toBeLessThanOrEqual(2);
    expect(callsTo('GET', API_ROUTES.inquiryStats.path).length).toBeLessThanOrEqual(2);
  });
});
