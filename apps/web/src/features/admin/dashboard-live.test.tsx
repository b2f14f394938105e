import { API_ROUTES, type InboxInquiry } from '@cedar/api-contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NEWS_INTERVAL_MS } from './api/inquiry-news';
import { DashboardScreen } from './dashboard-screen';
import { inboxInquiry, serveInbox } from './test/inbox-api';
import { callsTo, renderAdmin, resetToasts, signIn } from './test/render-admin';

vi.setConfig({ testTimeout: 30_000 });

const FAMILIES: InboxInquiry[] = [
  inboxInquiry(3, { firstName: 'Megan', lastName: 'Whitaker', preferredColor: 'yellow' }),
  inboxInquiry(2, { firstName: 'Tom', lastName: 'Gallagher', preferredColor: 'black' }),
  inboxInquiry(1, { firstName: 'Priya', lastName: 'Raman', preferredColor: 'yellow' }),
];
const zoe = inboxInquiry(10, {
  firstName: 'Zoe',
  lastName: 'Hart',
  preferredColor: 'yellow',
  answers: [{ name: 'fenced_yard', label: 'Fenced yard', value: 'Yes, four feet' }],
  form: { id: 'q', name: 'Puppy questionnaire' },
});
const ned = inboxInquiry(11, { firstName: 'Ned', lastName: 'Cole', preferredColor: 'black' });

const cardNames = () => screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'));
const newsCalls = () => callsTo('GET', API_ROUTES.inquiryNews.path);
const location = () => screen.getByTestId('location').textContent;

let visibility: DocumentVisibilityState = 'visible';
function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('visibilitychange'));
  });
}

/** Moves the clock on by `ms` (the dashboard's timers with it) and lets the answers come. */
async function wait(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  localStorage.clear();
  signIn();
});
afterEach(() => {
  resetToasts();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function dashboard(route = '/admin') {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  renderAdmin(<DashboardScreen />, { route });
  await screen.findByRole('heading', { name: 'Customer Inquiries' });
  return user;
}

describe('the open dashboard is live', () => {
  it('asks for news every 30 s while visible: new ones show as "N new" and join the list, filters, scroll and an open note kept', async () => {
    const inbox = serveInbox(FAMILIES);
    const user = await dashboard('/admin?color=yellow');
    expect(cardNames()).toEqual(['Megan Whitaker', 'Priya Raman']);
    // The owner is further down the page, writing a note on Priya's inquiry.
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(() => {});
    vi.spyOn(window, 'scrollY', 'get').mockReturnValue(900);
    const priya = within(screen.getByRole('article', { name: 'Priya Raman' }));
    await user.click(priya.getByRole('button', { name: 'Add a note' }));
    const note = priya.getByRole('textbox', { name: 'Private note' });
    await user.type(note, 'Call back after the spring litter');

    inbox.arrive(zoe, ned);
    // The 30 s, written out: the interval is checked, not just reused.
    expect(NEWS_INTERVAL_MS).toBe(30_000);
    await wait(29_000);
    expect(newsCalls()).toHaveLength(0);
    await wait(1000);
    await waitFor(() => expect(newsCalls()).toHaveLength(1));
    const asked = new URL(newsCalls()[0]!.url).searchParams;
    expect(asked.get('color')).toBe('yellow');
    expect(asked.get('since')).toMatch(/^\d{4}-\d\d-\d\dT/);

    // Zoe (yellow) joins at the top; Ned (black) is not in this list.
    await waitFor(() => expect(cardNames()).toEqual(['Zoe Hart', 'Megan Whitaker', 'Priya Raman']));
    expect(screen.getByRole('button', { name: /^1 new/ })).toBeInTheDocument();
    const card = within(screen.getByRole('article', { name: 'Zoe Hart' }));
    expect(card.getByText('Just arrived')).toBeInTheDocument();
    expect(card.getByText('Sent with the Puppy questionnaire')).toBeInTheDocument();
    expect(card.getByText('Fenced yard')).toBeInTheDocument();
    expect(card.getByText('Yes, four feet')).toBeInTheDocument();
    // Nothing else moved: the filter, the page (not reloaded), the scroll, the note being written.
    expect(location()).toBe('/admin?color=yellow');
    expect(callsTo('GET', API_ROUTES.inquiryPage.path)).toHaveLength(1);
    expect(scrollTo).not.toHaveBeenCalled();
    expect(scrollBy).not.toHaveBeenCalled();
    expect(priya.getByRole('textbox', { name: 'Private note' })).toHaveValue(
      'Call back after the spring litter',
    );
    expect(priya.getByRole('textbox', { name: 'Private note' })).toHaveFocus();
    // The figures follow.
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Total Inquiries' })).getByText('5'),
      ).toBeInTheDocument(),
    );

    // Another, 30 s later: "2 new"; asked from where the last answer left off.
    inbox.arrive(
      inboxInquiry(12, { firstName: 'Ava', lastName: 'Stone', preferredColor: 'yellow' }),
    );
    await wait(NEWS_INTERVAL_MS);
    await waitFor(() => expect(screen.getByRole('button', { name: /^2 new/ })).toBeInTheDocument());
    expect(cardNames()[0]).toBe('Ava Stone');
    expect(new Set(cardNames()).size).toBe(cardNames().length);

    // "2 new" takes the owner to the top of the list, and goes.
    const heading = screen.getByRole('heading', { name: 'Customer Inquiries' });
    await user.click(screen.getByRole('button', { name: /^2 new/ }));
    expect(heading.scrollIntoView).toHaveBeenCalled();
    expect(heading).toHaveFocus();
    expect(screen.queryByRole('button', { name: /new inquir/ })).not.toBeInTheDocument();
  });

  it('asks nothing while hidden, and at once when the tab is visible again', async () => {
    const inbox = serveInbox(FAMILIES);
    await dashboard();
    setVisibility('hidden');
    inbox.arrive(zoe);
    await wait(3 * NEWS_INTERVAL_MS);
    expect(newsCalls()).toHaveLength(0);
    setVisibility('visible');
    await waitFor(() => expect(newsCalls()).toHaveLength(1));
    await waitFor(() => expect(cardNames()[0]).toBe('Zoe Hart'));
    expect(screen.getByRole('button', { name: /^1 new/ })).toBeInTheDocument();
  });

  it('leaves every other query to the spec’s defaults: nothing else refetches on a timer or on return', async () => {
    serveInbox(FAMILIES);
    await dashboard();
    await wait(2 * NEWS_INTERVAL_MS);
    setVisibility('hidden');
    setVisibility('visible');
    await waitFor(() => expect(newsCalls()).toHaveLength(3));
    // The list itself is never asked for again: the news joins it.
    expect(callsTo('GET', API_ROUTES.inquiryPage.path)).toHaveLength(1);
    // The figures and the intake's state follow the news, one ask each per news.
    expect(callsTo('GET', API_ROUTES.inquiryStats.path)).toHaveLength(4);
    expect(callsTo('GET', API_ROUTES.intakeStatus.path)).toHaveLength(4);
  });

  it('starts afresh for another filter, without counting the last one’s news', async () => {
    const inbox = serveInbox(FAMILIES);
    const user = await dashboard();
    inbox.arrive(zoe);
    await wait(NEWS_INTERVAL_MS);
    await waitFor(() => expect(screen.getByRole('button', { name: /^1 new/ })).toBeInTheDocument());
    const colour = within(screen.getByRole('search', { name: 'Find inquiries' })).getByRole(
      'combobox',
      { name: 'Preferred colour' },
    );
    await user.selectOptions(colour, 'black');
    await waitFor(() => expect(cardNames()).toEqual(['Tom Gallagher']));
    expect(screen.queryByRole('button', { name: /new inquir/ })).not.toBeInTheDocument();
    inbox.arrive(ned);
    await wait(NEWS_INTERVAL_MS);
    await waitFor(() => expect(cardNames()).toEqual(['Ned Cole', 'Tom Gallagher']));
    expect(screen.getByRole('button', { name: /^1 new/ })).toBeInTheDocument();
  });
});

describe('the dashboard says what is wrong with the intake', () => {
  it('says when HubSpot refused the access token', async () => {
    const inbox = serveInbox(FAMILIES);
    inbox.intake.hubspot = {
      state: 'refused',
      problem:
        "HubSpot refused the access token (HTTP 401). Set HUBSPOT_ACCESS_TOKEN to a private app's token with the forms scope.",
      lastSuccessAt: null,
      intervalMs: 120_000,
    };
    await dashboard();
    const alert = await screen.findByRole('alert', { name: /HubSpot refused the access token/ });
    expect(alert).toHaveTextContent('forms scope');
  });

  it('says once, not per e-mail, that e-mail is stopped (a refused login), and that HubSpot’s daily limit is reached', async () => {
    const inbox = serveInbox(FAMILIES);
    inbox.intake.mail = {
      state: 'on',
      to: 'owner@example.com',
      problem:
        'E-mail is stopped: the mail server refused the login (the mail server answered 535 5.7.8 Authentication credentials invalid). Check the user and password in SMTP_URL; it is tried again every 15 minutes.',
      pending: 3,
      failed: [],
    };
    inbox.intake.hubspot = {
      ...inbox.intake.hubspot,
      state: 'limited',
      problem:
        "HubSpot's daily API limit for the account is reached (shared by every app of the account). Polling resumes after midnight (America/New_York), at 2026-05-11 04:01 UTC.",
    };
    await dashboard();
    const mail = await screen.findByRole('alert', { name: 'E-mail is not going out' });
    expect(mail).toHaveTextContent('535 5.7.8');
    expect(screen.getAllByRole('alert', { name: 'E-mail is not going out' })).toHaveLength(1);
    const hubspot = screen.getByRole('alert', { name: "HubSpot's daily limit is reached" });
    expect(hubspot).toHaveTextContent('Polling resumes after midnight (America/New_York)');
  });

  it('shows an e-mail given up on, and sends it again when asked', async () => {
    const inbox = serveInbox(FAMILIES);
    inbox.intake.mail = {
      state: 'on',
      to: 'owner@example.com',
      problem: null,
      pending: 0,
      failed: [
        {
          inquiryId: 'inq0002',
          name: 'Tom Gallagher',
          attempts: 1,
          failedAt: '2026-05-10T09:30:00.000Z',
          error: 'the mail server answered 550 Mailbox unavailable',
        },
      ],
    };
    const { http, HttpResponse } = await import('msw');
    const { api } = await import('./test/render-admin');
    api.use(
      http.post(API_ROUTES.retryMail.path, () => {
        inbox.intake.mail = { ...inbox.intake.mail, failed: [], pending: 1 };
        return HttpResponse.json({ queued: true });
      }),
    );
    const user = await dashboard();
    const alert = await screen.findByRole('alert', {
      name: 'An e-mail about new inquiries could not be sent',
    });
    expect(alert).toHaveTextContent(
      'Tom Gallagher: the mail server answered 550 Mailbox unavailable',
    );
    await user.click(
      within(alert).getByRole('button', { name: 'Send the e-mail about Tom Gallagher again' }),
    );
    await waitFor(() =>
      expect(callsTo('POST', '/api/admin/inquiries/inq0002/mail')).toHaveLength(1),
    );
    await waitFor(() =>
      expect(
        screen.queryByRole('alert', { name: 'An e-mail about new inquiries could not be sent' }),
      ).not.toBeInTheDocument(),
    );
    fireEvent.keyDown(window, { key: 'Escape' });
  });
});
