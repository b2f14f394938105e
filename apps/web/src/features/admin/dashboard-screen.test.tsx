import { API_ROUTES, KNOWN_PREFERRED_COLORS, type Inquiry } from '@cedar/api-contract';
import { STORAGE_KEYS } from '@cedar/content';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http, type HttpResponseResolver } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DashboardScreen } from './dashboard-screen';
import { formatDateTime } from './lib/dates';
import {
  api,
  callsTo,
  deferred,
  renderAdmin,
  resetToasts,
  signIn,
  toasts,
} from './test/render-admin';

const NOW = new Date('2026-05-10T12:00:00.000Z');
const fixedNow = () => NOW;

function inquiry(id: string, overrides: Partial<Inquiry> = {}): Inquiry {
  return {
    id,
    firstName: 'Ada',
    lastName: `Lane${id}`,
    email: `ada${id}@example.com`,
    phone: '(518) 555-0100',
    preferredColor: 'yellow',
    createdAt: '2026-05-01T10:00:00.000Z',
    ...overrides,
  };
}

const INQUIRIES: Inquiry[] = [
  inquiry('1', {
    firstName: 'Maya',
    lastName: 'Turner',
    preferredColor: 'fox-red',
    createdAt: '2026-05-10T09:30:00.000Z',
    message: 'Hoping for a calm female.',
  }),
  inquiry('2', {
    firstName: 'Ben',
    lastName: 'Ortiz',
    preferredColor: 'black',
    createdAt: '2026-05-09T20:00:00.000Z',
  }),
  inquiry('3', {
    firstName: 'Lena',
    lastName: 'Park',
    preferredColor: 'fox-red',
    createdAt: '2026-05-02T08:00:00.000Z',
  }),
  inquiry('4', {
    firstName: 'Sam',
    lastName: 'Reed',
    preferredColor: 'chocolate',
    createdAt: '2026-04-20T08:00:00.000Z',
  }),
];

function serveInquiries(resolver: HttpResponseResolver) {
  api.use(http.get(API_ROUTES.inquiries.path, resolver));
}

function stat(label: string) {
  return within(screen.getByRole('region', { name: label }));
}

// Mantine's combobox and toasts make these slower than the 5 s default on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => localStorage.clear());
afterEach(resetToasts);

describe('admin dashboard', () => {
  it('without a stored session says Redirecting to login... and goes to /admin/login without asking for inquiries', async () => {
    renderAdmin(<DashboardScreen now={fixedNow} />);
    expect(await screen.findByText('Redirecting to login...')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/login');
    expect(callsTo()).toHaveLength(0);
  });

  it('counts a stored user that is not parseable as no session', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'tok');
    localStorage.setItem(STORAGE_KEYS.user, 'not json');
    renderAdmin(<DashboardScreen now={fixedNow} />);
    expect(await screen.findByText('Redirecting to login...')).toBeInTheDocument();
    expect(callsTo()).toHaveLength(0);
  });

  it('shows Loading inquiries... while they load', async () => {
    signIn();
    const answer = deferred<Response>();
    serveInquiries(() => answer.promise);
    renderAdmin(<DashboardScreen now={fixedNow} />);
    expect(await screen.findByText('Loading inquiries...')).toBeInTheDocument();
    answer.resolve(Response.json([]));
    expect(await screen.findByText('No inquiries yet')).toBeInTheDocument();
    expect(screen.queryByText('Loading inquiries...')).not.toBeInTheDocument();
  });

  it('on error says Error loading inquiries and Try Again reloads the page', async () => {
    signIn();
    serveInquiries(() => new Response('boom', { status: 500 }));
    const reload = vi.fn();
    const user = userEvent.setup();
    renderAdmin(<DashboardScreen now={fixedNow} reload={reload} />);
    expect(await screen.findByText('Error loading inquiries')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('greets the user and shows the stats, computed with the injected clock', async () => {
    signIn('kate');
    serveInquiries(() => Response.json(INQUIRIES));
    renderAdmin(<DashboardScreen now={fixedNow} />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back, kate!' }),
    ).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Customer Inquiries' });
    expect(callsTo('GET', '/api/inquiries')[0]?.credentials).toBe('include');

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

  it('says which colour won a tie: the most recently requested one', async () => {
    signIn();
    serveInquiries(() =>
      Response.json([
        inquiry('1', { preferredColor: 'chocolate', createdAt: '2026-05-09T00:00:00.000Z' }),
        inquiry('2', { preferredColor: 'silver', createdAt: '2026-05-08T00:00:00.000Z' }),
      ]),
    );
    renderAdmin(<DashboardScreen now={fixedNow} />);
    await screen.findByRole('heading', { name: 'Customer Inquiries' });
    expect(stat('Most Requested').getByText('Chocolate')).toBeInTheDocument();
    expect(
      stat('Most Requested').getByText(/tied with Silver; most recently requested shown/),
    ).toBeInTheDocument();
  });

  it("shows 'No inquiries yet', zero counts and '—' as Most Requested when there are none", async () => {
    signIn();
    serveInquiries(() => Response.json([]));
    renderAdmin(<DashboardScreen now={fixedNow} />);
    expect(await screen.findByText('No inquiries yet')).toBeInTheDocument();
    expect(stat('Total Inquiries').getByText('0')).toBeInTheDocument();
    expect(stat('Recent (24h)').getByText('0')).toBeInTheDocument();
    expect(stat('Most Requested').getByText('—')).toBeInTheDocument();
  });

  it('shows each inquiry with its name, colour badge, e-mail, phone, date and the message only when present', async () => {
    signIn();
    serveInquiries(() => Response.json(INQUIRIES));
    renderAdmin(<DashboardScreen now={fixedNow} />);
    const maya = within(await screen.findByRole('article', { name: 'Maya Turner' }));
    expect(maya.getByRole('heading', { name: 'Maya Turner' })).toBeInTheDocument();
    expect(maya.getByRole('link', { name: 'ada1@example.com' })).toHaveAttribute(
      'href',
      'mailto:ada1@example.com',
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

    const ben = within(screen.getByRole('article', { name: 'Ben Ortiz' }));
    expect(ben.queryByText('Message:')).not.toBeInTheDocument();
  });

  it('gives each known colour its own badge and anything else a neutral one', async () => {
    signIn();
    const all = [...KNOWN_PREFERRED_COLORS, 'dudley-blue'].map((color, i) =>
      inquiry(String(i), { firstName: 'Pat', lastName: color, preferredColor: color }),
    );
    serveInquiries(() => Response.json(all));
    const { container } = renderAdmin(<DashboardScreen now={fixedNow} />);
    await screen.findByRole('article', { name: 'Pat yellow' });
    const badges = [...container.querySelectorAll('[data-color]')].map((el) => [
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
    serveInquiries(() => Response.json([]));
    api.use(http.post(API_ROUTES.logout.path, () => new Response(null, { status: 204 })));
    const user = userEvent.setup();
    renderAdmin(<DashboardScreen now={fixedNow} />);
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
    serveInquiries(() => Response.json([]));
    api.use(http.post(API_ROUTES.logout.path, () => HttpResponse.error()));
    const user = userEvent.setup();
    renderAdmin(<DashboardScreen now={fixedNow} />);
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/login'));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('a 401 from the server clears the stored session and goes to /admin/login', async () => {
    signIn();
    serveInquiries(() =>
      Response.json({ error: 'unauthorized', message: 'Please sign in' }, { status: 401 }),
    );
    renderAdmin(<DashboardScreen now={fixedNow} />);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/login'));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    // The screen here stays mounted after the redirect: it may ask once more, but never loops.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(callsTo('GET', '/api/inquiries').length).toBeLessThanOrEqual(2);
  });
});
