import { API_ROUTES, inquiryUrl, type InboxInquiry } from '@cedar/api-contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DashboardScreen } from './dashboard-screen';
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

/**
 * 12 inquiries, newest (12) first, served 5 to a page: pages of 5, 5 and 2. The page size is the
 * server's (50); a small one keeps these tests quick, and the dashboard asks for none.
 */
const MANY = Array.from({ length: 12 }, (_, i) =>
  inboxInquiry(i + 1, { preferredColor: i % 3 === 0 ? 'black' : 'yellow' }),
);
const PAGED = { pageSize: 5 };

const FAMILIES: InboxInquiry[] = [
  inboxInquiry(5, {
    firstName: 'Megan',
    lastName: 'Whitaker',
    email: 'megan.whitaker@example.com',
    phone: '(518) 555-0142',
    preferredColor: 'yellow',
  }),
  inboxInquiry(4, {
    firstName: 'Daniel',
    lastName: 'Okafor',
    email: 'd.okafor@example.net',
    phone: '(802) 555-0117',
    preferredColor: 'chocolate',
    status: 'contacted',
  }),
  inboxInquiry(3, {
    firstName: 'Priya',
    lastName: 'Raman',
    email: 'priya.raman@example.org',
    phone: '(413) 555-0188',
    preferredColor: 'fox-red',
    status: 'waitlist',
    note: 'Wants a female from the spring litter.',
  }),
  inboxInquiry(2, {
    firstName: 'Tom',
    lastName: 'Gallagher',
    email: 'tgallagher@example.com',
    phone: '(518) 555-0163',
    preferredColor: 'black',
  }),
];

const cardNames = () => screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'));
const card = (name: string) => within(screen.getByRole('article', { name }));
const filters = () => within(screen.getByRole('search', { name: 'Find inquiries' }));
const stat = (label: string) => within(screen.getByRole('region', { name: label }));
const location = () => screen.getByTestId('location').textContent;
const queryOf = (request: Request | undefined) =>
  request ? Object.fromEntries(new URL(request.url).searchParams) : null;

async function dashboard(route = '/admin') {
  const user = userEvent.setup();
  renderAdmin(<DashboardScreen />, { route });
  await screen.findByRole('heading', { name: 'Customer Inquiries' });
  return user;
}

// Mantine's dialogs and toasts make these slower than the 5 s default on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  localStorage.clear();
  signIn();
});
afterEach(resetToasts);

describe('an inquiry’s e-mail address', () => {
  it('shows one that is not one address as text, marked, never as a link to write to; and marks one that bounces', async () => {
    serveInbox([
      inboxInquiry(3, {
        firstName: 'Eve',
        lastName: 'Two',
        email: 'ada@x.example,"y" <z@x.example>',
        emailInvalid: true,
      }),
      inboxInquiry(2, {
        firstName: 'Bo',
        lastName: 'Gone',
        email: 'bo@example.com',
        emailBounce: { at: '2026-05-10T09:30:00.000Z', reply: '550 5.1.1 No such user' },
      }),
      inboxInquiry(1, { firstName: 'Ada', lastName: 'Fine', email: 'ada@example.com' }),
    ]);
    await dashboard();
    await screen.findByRole('article', { name: 'Eve Two' });
    const eve = card('Eve Two');
    expect(eve.getByText('Not a valid e-mail address')).toBeInTheDocument();
    expect(eve.queryByRole('link', { name: /x\.example/ })).toBeNull();
    const bo = card('Bo Gone');
    expect(bo.getByText('E-mail bounces')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Bo Gone' })).toHaveTextContent(
      'The mail server answered: 550 5.1.1 No such user',
    );
    expect(bo.getByRole('link', { name: 'bo@example.com' })).toHaveAttribute(
      'href',
      'mailto:bo@example.com',
    );
    expect(card('Ada Fine').queryByText(/Not a valid|bounces/)).toBeNull();
  });
});

describe('the inbox, page by page', () => {
  it("shows the server's first page, then loads the next pages with the cursor until all are shown", async () => {
    serveInbox(MANY, PAGED);
    const user = await dashboard();
    expect(screen.getAllByRole('article')).toHaveLength(5);
    expect(cardNames()[0]).toBe('Ada Lane12');
    expect(screen.getByText('Showing the newest 5.')).toBeInTheDocument();
    expect(queryOf(callsTo('GET', API_ROUTES.inquiryPage.path)[0])).toEqual({});

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(10));
    expect(queryOf(callsTo('GET', API_ROUTES.inquiryPage.path).at(-1))).toEqual({
      cursor: 'inq0008',
    });
    expect(screen.getByText('Showing the newest 10.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(12));
    expect(cardNames().at(-1)).toBe('Ada Lane1');
    expect(new Set(cardNames()).size).toBe(12);
    expect(screen.getByText('Showing all 12.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    // The figures are the server's over every inquiry, asked for once.
    expect(stat('Total Inquiries').getByText('12')).toBeInTheDocument();
    expect(callsTo('GET', API_ROUTES.inquiryStats.path)).toHaveLength(1);
  });

  it('says Loading more... while the next page comes', async () => {
    serveInbox(MANY, PAGED);
    const user = await dashboard();
    const next = deferred<Response>();
    api.use(http.get(API_ROUTES.inquiryPage.path, () => next.promise, { once: true }));
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('button', { name: 'Loading more...' })).toBeInTheDocument();
    next.resolve(Response.json({ items: [inboxInquiry(500)], nextCursor: null }));
    expect(await screen.findByRole('article', { name: 'Ada Lane500' })).toBeInTheDocument();
  });

  it('keeps what it shows when the next page fails, says so, and tries again', async () => {
    serveInbox(MANY, PAGED);
    const user = await dashboard();
    api.use(
      http.get(API_ROUTES.inquiryPage.path, () => new Response('busy', { status: 503 }), {
        once: true,
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(
      await screen.findByText('More inquiries could not be loaded. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(5);
    expect(screen.queryByText('Error loading inquiries')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(10));
    expect(
      screen.queryByText('More inquiries could not be loaded. Please try again.'),
    ).not.toBeInTheDocument();
  });
});

describe('filters and search', () => {
  it('filters by status, with the counts of each, and puts the filter in the address', async () => {
    serveInbox(FAMILIES);
    const user = await dashboard();
    const status = filters().getByRole('combobox', { name: 'Status' });
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'All statuses (4)',
      'New (2)',
      'Contacted (1)',
      'Waitlist (1)',
      'Placed (0)',
      'Closed (0)',
    ]);
    await user.selectOptions(status, 'waitlist');
    await waitFor(() => expect(cardNames()).toEqual(['Priya Raman']));
    expect(queryOf(callsTo('GET', API_ROUTES.inquiryPage.path).at(-1))).toEqual({
      status: 'waitlist',
    });
    expect(location()).toBe('/admin?status=waitlist');
    expect(screen.getByText('Showing the only one.')).toBeInTheDocument();

    await user.selectOptions(status, '');
    await waitFor(() => expect(cardNames()).toHaveLength(4));
    expect(location()).toBe('/admin');
  });

  it('filters by the colours families asked for, most asked first', async () => {
    serveInbox([...FAMILIES, inboxInquiry(1, { firstName: 'Ivy', preferredColor: 'yellow' })]);
    const user = await dashboard();
    const color = filters().getByRole('combobox', { name: 'Preferred colour' });
    expect(
      within(color)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All colours', 'Yellow (2)', 'Black (1)', 'Chocolate (1)', 'Fox Red (1)']);
    await user.selectOptions(color, 'yellow');
    await waitFor(() => expect(cardNames()).toEqual(['Megan Whitaker', 'Ivy Lane1']));
    expect(location()).toBe('/admin?color=yellow');
  });

  it('searches by name, e-mail or phone once typing pauses, not at every key', async () => {
    serveInbox(FAMILIES);
    const user = await dashboard();
    const search = filters().getByRole('searchbox', { name: 'Search' });
    const before = callsTo('GET', API_ROUTES.inquiryPage.path).length;
    await user.type(search, 'okafor');
    await waitFor(() => expect(cardNames()).toEqual(['Daniel Okafor']));
    const asked = callsTo('GET', API_ROUTES.inquiryPage.path).slice(before);
    expect(asked.map(queryOf)).toEqual([{ q: 'okafor' }]);
    expect(location()).toBe('/admin?q=okafor');

    await user.clear(search);
    await user.type(search, '518 555-01');
    await waitFor(() => expect(cardNames()).toEqual(['Megan Whitaker', 'Tom Gallagher']));
    await user.clear(search);
    await user.type(search, 'example.org{Enter}');
    await waitFor(() => expect(cardNames()).toEqual(['Priya Raman']));
  });

  it('keeps a trailing space while typing goes on after a pause', async () => {
    serveInbox(FAMILIES);
    const user = await dashboard();
    const search = filters().getByRole('searchbox', { name: 'Search' });
    await user.type(search, 'tom ');
    await waitFor(() => expect(location()).toBe('/admin?q=tom'));
    await user.type(search, 'g');
    expect(search).toHaveValue('tom g');
    await waitFor(() => expect(location()).toBe('/admin?q=tom+g'));
    expect(cardNames()).toEqual(['Tom Gallagher']);
  });

  it('starts from the filters in the address and ignores values the server would refuse', async () => {
    serveInbox(FAMILIES);
    await dashboard('/admin?status=new&color=black&q=tom');
    expect(cardNames()).toEqual(['Tom Gallagher']);
    expect(filters().getByRole('searchbox', { name: 'Search' })).toHaveValue('tom');
    expect(filters().getByRole('combobox', { name: 'Status' })).toHaveValue('new');
    expect(filters().getByRole('combobox', { name: 'Preferred colour' })).toHaveValue('black');
    expect(queryOf(callsTo('GET', API_ROUTES.inquiryPage.path)[0])).toEqual({
      status: 'new',
      color: 'black',
      q: 'tom',
    });
  });

  it('ignores an unknown status or a malformed colour in the address', async () => {
    serveInbox(FAMILIES);
    // A colour a family wrote ('Fox Red') is a colour; one longer than any is not.
    await dashboard(`/admin?status=archived&color=${'x'.repeat(61)}`);
    expect(cardNames()).toHaveLength(4);
    expect(queryOf(callsTo('GET', API_ROUTES.inquiryPage.path)[0])).toEqual({});
  });

  it('keeps a colour chosen in the address in the list even when nobody asked for it', async () => {
    serveInbox(FAMILIES);
    await dashboard('/admin?color=silver');
    expect(screen.getByText('No inquiries match these filters.')).toBeInTheDocument();
    expect(filters().getByRole('combobox', { name: 'Preferred colour' })).toHaveValue('silver');
    expect(screen.getByRole('option', { name: 'Silver (0)' })).toBeInTheDocument();
  });

  it('says when nothing matches, and Clear filters empties the search box and shows everyone', async () => {
    serveInbox(FAMILIES);
    const user = await dashboard('/admin?status=placed&q=nobody');
    expect(screen.getByText('No inquiries match these filters.')).toBeInTheDocument();
    expect(screen.queryByText('No inquiries yet')).not.toBeInTheDocument();
    await user.click(filters().getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(cardNames()).toHaveLength(4));
    expect(location()).toBe('/admin');
    expect(filters().getByRole('searchbox', { name: 'Search' })).toHaveValue('');
    expect(filters().queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('shows the previous list, marked as updating, while another filter loads', async () => {
    serveInbox(FAMILIES);
    const user = await dashboard();
    const held = deferred<Response>();
    api.use(http.get(API_ROUTES.inquiryPage.path, () => held.promise, { once: true }));
    await user.selectOptions(filters().getByRole('combobox', { name: 'Status' }), 'contacted');
    expect(await screen.findByText('Updating the list...')).toBeInTheDocument();
    expect(cardNames()).toHaveLength(4);
    held.resolve(Response.json({ items: [FAMILIES[1]], nextCursor: null }));
    await waitFor(() => expect(cardNames()).toEqual(['Daniel Okafor']));
    expect(screen.queryByText('Updating the list...')).not.toBeInTheDocument();
  });

  it('says Error loading inquiries under the filters when a filtered list fails', async () => {
    serveInbox(FAMILIES);
    const user = await dashboard();
    api.use(http.get(API_ROUTES.inquiryPage.path, () => new Response('', { status: 500 })));
    await user.selectOptions(filters().getByRole('combobox', { name: 'Status' }), 'closed');
    expect(await screen.findByText('Error loading inquiries')).toBeInTheDocument();
    // The filters stay, to choose another.
    expect(filters().getByRole('combobox', { name: 'Status' })).toHaveValue('closed');
  });
});

describe('status', () => {
  it('changes on the card at once, is saved, and the counts follow', async () => {
    const inbox = serveInbox(FAMILIES);
    const user = await dashboard();
    const select = card('Megan Whitaker').getByRole('combobox', { name: 'Status' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['New', 'Contacted', 'Waitlist', 'Placed', 'Closed']);
    await user.selectOptions(select, 'placed');
    expect(select).toHaveValue('placed');
    const [patch] = callsTo('PATCH', inquiryUrl(FAMILIES[0]!.id));
    expect(await patch?.json()).toEqual({ status: 'placed' });
    await waitFor(() =>
      expect(screen.getByRole('option', { name: 'Placed (1)' })).toBeInTheDocument(),
    );
    expect(inbox.items.find((i) => i.firstName === 'Megan')?.status).toBe('placed');
    expect(callsTo('GET', API_ROUTES.inquiryStats.path)).toHaveLength(2);
  });

  it('stays on the card in a list filtered by the old status, which is asked for again when shown next', async () => {
    serveInbox(FAMILIES);
    const user = await dashboard('/admin?status=new');
    await user.selectOptions(
      card('Megan Whitaker').getByRole('combobox', { name: 'Status' }),
      'contacted',
    );
    await waitFor(() =>
      expect(screen.getByRole('option', { name: 'Contacted (2)' })).toBeInTheDocument(),
    );
    expect(cardNames()).toEqual(['Megan Whitaker', 'Tom Gallagher']);

    const status = filters().getByRole('combobox', { name: 'Status' });
    await user.selectOptions(status, 'contacted');
    await waitFor(() => expect(cardNames()).toEqual(['Megan Whitaker', 'Daniel Okafor']));
    await user.selectOptions(status, 'new');
    await waitFor(() => expect(cardNames()).toEqual(['Tom Gallagher']));
  });

  it('goes back to the saved status and says so when the change fails', async () => {
    serveInbox(FAMILIES);
    const user = await dashboard();
    api.use(http.patch(API_ROUTES.updateInquiry.path, () => HttpResponse.error()));
    const select = card('Tom Gallagher').getByRole('combobox', { name: 'Status' });
    await user.selectOptions(select, 'closed');
    expect(
      await toasts().findByText('The status could not be changed. Please try again.'),
    ).toBeInTheDocument();
    expect(select).toHaveValue('new');
  });

  it('removes the card when the inquiry was deleted meanwhile', async () => {
    const inbox = serveInbox(FAMILIES);
    const user = await dashboard();
    inbox.items = inbox.items.filter((i) => i.firstName !== 'Tom');
    await user.selectOptions(
      card('Tom Gallagher').getByRole('combobox', { name: 'Status' }),
      'closed',
    );
    expect(
      await toasts().findByText('This inquiry has been deleted, so its status cannot change.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Tom Gallagher' })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(stat('Total Inquiries').getByText('3')).toBeInTheDocument());
  });
});

describe('private note', () => {
  it('is added, saved with a clear word, and shown on the card', async () => {
    const inbox = serveInbox(FAMILIES);
    const user = await dashboard();
    const megan = card('Megan Whitaker');
    await user.click(megan.getByRole('button', { name: 'Add a note' }));
    const box = megan.getByRole('textbox', { name: 'Private note' });
    expect(box).toHaveFocus();
    await user.type(box, 'Called Tuesday; call back after the litter is born.');
    expect(megan.getByText('51 / 5,000')).toBeInTheDocument();
    await user.click(megan.getByRole('button', { name: 'Save note' }));

    expect(await megan.findByText('Note saved.')).toBeInTheDocument();
    expect(megan.queryByRole('textbox', { name: 'Private note' })).not.toBeInTheDocument();
    expect(megan.getByText('Called Tuesday; call back after the litter is born.')).toBeVisible();
    expect(megan.getByRole('button', { name: 'Edit note' })).toHaveFocus();
    const [patch] = callsTo('PATCH', inquiryUrl(FAMILIES[0]!.id));
    expect(await patch?.json()).toEqual({
      note: 'Called Tuesday; call back after the litter is born.',
    });
    expect(inbox.items[0]?.note).toBe('Called Tuesday; call back after the litter is born.');
    // A note changes no figure.
    expect(callsTo('GET', API_ROUTES.inquiryStats.path)).toHaveLength(1);
  });

  it('is edited from what was saved, and Cancel (or Escape) keeps the saved note', async () => {
    serveInbox(FAMILIES);
    const user = await dashboard();
    const priya = card('Priya Raman');
    expect(priya.getByText('Private note:')).toBeInTheDocument();
    await user.click(priya.getByRole('button', { name: 'Edit note' }));
    const box = priya.getByRole('textbox', { name: 'Private note' });
    expect(box).toHaveValue('Wants a female from the spring litter.');
    await user.clear(box);
    await user.type(box, 'Changed my mind');
    await user.click(priya.getByRole('button', { name: 'Cancel' }));
    expect(priya.getByText('Wants a female from the spring litter.')).toBeInTheDocument();
    await user.click(priya.getByRole('button', { name: 'Edit note' }));
    await user.keyboard('{Escape}');
    expect(priya.queryByRole('textbox')).not.toBeInTheDocument();
    expect(callsTo('PATCH')).toHaveLength(0);
  });

  it('saves with Ctrl+Enter, and an emptied note is saved as none', async () => {
    serveInbox(FAMILIES);
    const user = await dashboard();
    const priya = card('Priya Raman');
    await user.click(priya.getByRole('button', { name: 'Edit note' }));
    await user.clear(priya.getByRole('textbox', { name: 'Private note' }));
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(await priya.findByText('Note saved.')).toBeInTheDocument();
    expect(priya.queryByText('Private note:')).not.toBeInTheDocument();
    expect(priya.getByRole('button', { name: 'Add a note' })).toBeInTheDocument();
  });

  it('keeps every word in the box when saving fails, says it was not saved, and saves on retry', async () => {
    serveInbox(FAMILIES);
    const user = await dashboard();
    api.use(
      http.patch(API_ROUTES.updateInquiry.path, () => new Response('', { status: 500 }), {
        once: true,
      }),
    );
    const tom = card('Tom Gallagher');
    await user.click(tom.getByRole('button', { name: 'Add a note' }));
    const box = tom.getByRole('textbox', { name: 'Private note' });
    await user.type(box, 'Weekend visit, Albany');
    await user.click(tom.getByRole('button', { name: 'Save note' }));

    const alert = await tom.findByRole('alert');
    expect(alert).toHaveTextContent('Your note was not saved');
    expect(alert).toHaveTextContent('Your text is still here: please try again in a moment.');
    expect(box).toHaveValue('Weekend visit, Albany');
    expect(tom.queryByText('Note saved.')).not.toBeInTheDocument();

    await user.click(tom.getByRole('button', { name: 'Save note' }));
    expect(await tom.findByText('Note saved.')).toBeInTheDocument();
    expect(tom.getByText('Weekend visit, Albany')).toBeInTheDocument();
  });

  it('shows a refusal naming the note under the box, in the server’s words, and keeps the text', async () => {
    serveInbox(FAMILIES);
    const user = await dashboard();
    const message = 'The note fits in 5,000 characters';
    api.use(
      http.patch(
        API_ROUTES.updateInquiry.path,
        () =>
          Response.json(
            {
              error: 'bad_request',
              message: `Invalid body: note: ${message}`,
              details: [{ path: 'note', message }],
            },
            { status: 400 },
          ),
        { once: true },
      ),
    );
    const tom = card('Tom Gallagher');
    await user.click(tom.getByRole('button', { name: 'Add a note' }));
    const box = tom.getByRole('textbox', { name: 'Private note' });
    await user.type(box, 'Weekend visit, Albany');
    await user.click(tom.getByRole('button', { name: 'Save note' }));
    await waitFor(() => expect(box).toHaveAccessibleDescription(expect.stringContaining(message)));
    expect(box).toHaveValue('Weekend visit, Albany');
    expect(await tom.findByRole('alert')).toHaveTextContent('Your note was not saved');
  });

  it('says Saving... while the server saves it', async () => {
    serveInbox(FAMILIES);
    const user = await dashboard();
    const held = deferred<Response>();
    api.use(http.patch(API_ROUTES.updateInquiry.path, () => held.promise, { once: true }));
    const tom = card('Tom Gallagher');
    await user.click(tom.getByRole('button', { name: 'Add a note' }));
    await user.type(tom.getByRole('textbox', { name: 'Private note' }), 'Hi');
    await user.click(tom.getByRole('button', { name: 'Save note' }));
    expect(await tom.findByRole('button', { name: 'Saving...' })).toBeInTheDocument();
    held.resolve(Response.json({ ...FAMILIES[3], note: 'Hi' }));
    expect(await tom.findByText('Note saved.')).toBeInTheDocument();
  });
});

describe('CSV export', () => {
  let saved: { href: string; download: string }[];
  let blobs: Map<string, Blob>;
  beforeEach(() => {
    saved = [];
    blobs = new Map();
    vi.stubGlobal(
      'URL',
      Object.assign(class extends URL {}, {
        createObjectURL: (blob: Blob) => {
          const url = `blob:test/${blobs.size}`;
          blobs.set(url, blob);
          return url;
        },
        revokeObjectURL: () => {},
      }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("downloads the server's CSV of the filtered list, under the server's file name", async () => {
    serveInbox(FAMILIES);
    const user = await dashboard('/admin?color=black');
    await user.click(screen.getByRole('button', { name: 'Export these to CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.download).toBe('cedar-bluff-inquiries-2026-05-10.csv');
    expect(queryOf(callsTo('GET', API_ROUTES.inquiryExport.path)[0])).toEqual({ color: 'black' });
    // The file is the server's bytes, byte-order mark included (Blob.text() would drop it).
    const bytes = await blobs.get(saved[0]!.href)!.arrayBuffer();
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(
      '\uFEFF"First name","Last name","Status"\r\n"Tom","Gallagher","new"',
    );
  });

  it('exports everything when nothing is filtered', async () => {
    serveInbox(FAMILIES);
    const user = await dashboard();
    await user.click(screen.getByRole('button', { name: 'Export all to CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(queryOf(callsTo('GET', API_ROUTES.inquiryExport.path)[0])).toEqual({});
  });

  it('says Exporting... meanwhile, and says so when the file could not be made', async () => {
    serveInbox(FAMILIES);
    const user = await dashboard();
    const held = deferred<Response>();
    api.use(http.get(API_ROUTES.inquiryExport.path, () => held.promise, { once: true }));
    await user.click(screen.getByRole('button', { name: 'Export all to CSV' }));
    expect(await screen.findByRole('button', { name: 'Exporting...' })).toBeInTheDocument();
    held.resolve(new Response('', { status: 500 }));
    expect(
      await toasts().findByText('The CSV file could not be made. Please try again.'),
    ).toBeInTheDocument();
    expect(saved).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Export all to CSV' })).toBeInTheDocument();
  });
});

describe('deleting an inquiry', () => {
  it('asks first, and Cancel keeps it', async () => {
    const inbox = serveInbox(FAMILIES);
    const user = await dashboard();
    await user.click(
      card('Daniel Okafor').getByRole('button', { name: 'Delete the inquiry from Daniel Okafor' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete this inquiry?' }));
    expect(
      dialog.getByText(
        'This removes the inquiry from Daniel Okafor for good, with its status and note. It cannot be undone.',
      ),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(cardNames()).toHaveLength(4);
    expect(inbox.items).toHaveLength(4);
    expect(callsTo('DELETE')).toHaveLength(0);
  });

  it('removes it for good once confirmed: gone from the list and the figures', async () => {
    const inbox = serveInbox(FAMILIES);
    const user = await dashboard();
    await user.click(
      card('Daniel Okafor').getByRole('button', { name: 'Delete the inquiry from Daniel Okafor' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete this inquiry?' }));
    await user.click(dialog.getByRole('button', { name: 'Delete for good' }));
    expect(
      await toasts().findByText('The inquiry from Daniel Okafor has been deleted.'),
    ).toBeInTheDocument();
    expect(cardNames()).toEqual(['Megan Whitaker', 'Priya Raman', 'Tom Gallagher']);
    expect(callsTo('DELETE', inquiryUrl(FAMILIES[1]!.id))).toHaveLength(1);
    expect(inbox.items).toHaveLength(3);
    await waitFor(() => expect(stat('Total Inquiries').getByText('3')).toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Customer Inquiries' })).toHaveFocus(),
    );
  });

  it('keeps it, and the dialog, when deleting fails', async () => {
    serveInbox(FAMILIES);
    const user = await dashboard();
    const held = deferred<Response>();
    api.use(http.delete(API_ROUTES.deleteInquiry.path, () => held.promise, { once: true }));
    await user.click(
      card('Tom Gallagher').getByRole('button', { name: 'Delete the inquiry from Tom Gallagher' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete this inquiry?' }));
    await user.click(dialog.getByRole('button', { name: 'Delete for good' }));
    expect(await dialog.findByRole('button', { name: 'Deleting...' })).toBeDisabled();
    await act(async () => held.resolve(new Response('', { status: 500 })));
    expect(
      await toasts().findByText('The inquiry could not be deleted. Please try again.'),
    ).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Delete for good' })).toBeEnabled();
    expect(cardNames()).toHaveLength(4);
  });

  it('takes the card away when it had already been deleted elsewhere', async () => {
    const inbox = serveInbox(FAMILIES);
    const user = await dashboard();
    inbox.items = inbox.items.filter((i) => i.firstName !== 'Tom');
    await user.click(
      card('Tom Gallagher').getByRole('button', { name: 'Delete the inquiry from Tom Gallagher' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete this inquiry?' }));
    await user.click(dialog.getByRole('button', { name: 'Delete for good' }));
    expect(
      await toasts().findByText('The inquiry from Tom Gallagher had already been deleted.'),
    ).toBeInTheDocument();
    expect(cardNames()).toHaveLength(3);
  });
});
