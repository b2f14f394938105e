import {
  API_ROUTES,
  familyLinkUrl,
  reservePuppyUrl,
  waitlistEntryUrl,
  waitlistOrderUrl,
  type Waitlist,
  type WaitlistEntry,
} from '@cedar/api-contract';
import { allLitters } from '@cedar/content';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DashboardScreen } from './dashboard-screen';
import { inboxInquiry, serveInbox } from './test/inbox-api';
import { api, callsTo, renderAdmin, resetToasts, signIn, toasts } from './test/render-admin';
import { WaitlistScreen } from './waitlist-screen';

vi.setConfig({ testTimeout: 30_000 });

const LITTER = allLitters[0]!; // Ranger x Juniper: 7 puppies, 2 available
const available = LITTER.puppies!.filter((p) => p.status === 'available');

const entry = (n: number, extra: Partial<WaitlistEntry> = {}): WaitlistEntry => ({
  id: `e${n}`,
  inquiryId: `inq${n}`,
  name: `Family ${n}`,
  email: `family${n}@example.com`,
  sex: 'Female',
  color: 'black',
  addedAt: '2026-11-01T12:00:00.000Z',
  unsubscribed: false,
  bounced: false,
  ...extra,
});

const LISTS: Waitlist = {
  version: 4,
  lists: [
    { key: 'general', litterId: null, name: 'the general list', entries: [entry(9)] },
    {
      key: LITTER.id,
      litterId: LITTER.id,
      name: `${LITTER.name}’s list`,
      entries: [
        entry(1, { puppyId: available[0]!.id }),
        entry(2),
        entry(3, { sex: 'Either', color: '' }),
      ],
    },
  ],
};

const LINK_AT = '2026-11-20T15:00:00.000Z';

function serve(lists: Waitlist = LISTS) {
  let current = structuredClone(lists);
  const links = new Map<string, { url: string; createdAt: string }>();
  let made_ = 0;
  const answer = (next: Waitlist) => {
    current = { ...next, version: current.version + 1 };
    return HttpResponse.json(current);
  };
  const stale = (request: Request) => request.headers.get('if-match') !== `"${current.version}"`;
  api.use(
    http.get(API_ROUTES.waitlist.path, () => HttpResponse.json(current)),
    http.get(API_ROUTES.litters.path, () =>
      HttpResponse.json({ sha256: 'a'.repeat(64), litters: allLitters }),
    ),
    http.get(API_ROUTES.announcements.path, () => HttpResponse.json({ announcements: [] })),
    // Issue 40: the families' page links.
    http.get(API_ROUTES.familyLinks.path, () =>
      HttpResponse.json({
        links: [...links].map(([entryId, l]) => ({ entryId, createdAt: l.createdAt })),
      }),
    ),
    http.post(API_ROUTES.familyLink.path, async ({ request, params }) => {
      const id = String(params.id);
      const { reissue } = (await request.json()) as { reissue?: boolean };
      const had = links.get(id);
      if (had && !reissue) return HttpResponse.json({ entryId: id, ...had });
      const made = {
        url: `http://localhost/family/${'T'.repeat(42)}${++made_}`,
        createdAt: LINK_AT,
      };
      links.set(id, made);
      return HttpResponse.json({ entryId: id, ...made }, { status: 201 });
    }),
    http.post(API_ROUTES.emailFamilyLink.path, ({ params }) =>
      HttpResponse.json({ entryId: params.id, createdAt: LINK_AT }, { status: 202 }),
    ),
    http.delete(API_ROUTES.revokeFamilyLink.path, ({ params }) => {
      links.delete(String(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
    http.put(API_ROUTES.orderWaitlist.path, async ({ request, params }) => {
      if (stale(request))
        return HttpResponse.json({ error: 'conflict', message: 'changed' }, { status: 409 });
      const { entryIds } = (await request.json()) as { entryIds: string[] };
      return answer({
        ...current,
        lists: current.lists.map((l) =>
          l.key === params.key
            ? { ...l, entries: entryIds.map((id) => l.entries.find((e) => e.id === id)!) }
            : l,
        ),
      });
    }),
    http.put(API_ROUTES.reservePuppy.path, async ({ request, params }) => {
      const { puppyId } = (await request.json()) as { puppyId: string | null };
      return answer({
        ...current,
        lists: current.lists.map((l) => ({
          ...l,
          entries: l.entries.map((e) =>
            e.id === params.id ? { ...e, ...(puppyId ? { puppyId } : { puppyId: undefined }) } : e,
          ),
        })),
      });
    }),
    http.delete(API_ROUTES.removeFromWaitlist.path, ({ params }) =>
      answer({
        ...current,
        lists: current.lists.map((l) => ({
          ...l,
          entries: l.entries.filter((e) => e.id !== params.id),
        })),
      }),
    ),
  );
  return {
    links,
    /** Another tab changes the lists. */
    bump: () => {
      current = { ...current, version: current.version + 1 };
    },
  };
}

const namesIn = (key: string) =>
  within(screen.getByTestId(`waitlist-${key}`))
    .getAllByTestId('waitlist-entry')
    .map((row) => within(row).getAllByRole('cell')[1]!.textContent);

beforeEach(() => {
  localStorage.clear();
  signIn();
});
afterEach(resetToasts);

describe('Waitlist screen', () => {
  it('shows each list in order with the families’ wishes and the puppy reserved for them', async () => {
    serve();
    renderAdmin(<WaitlistScreen />, { route: '/admin/waitlist' });
    expect(await screen.findByRole('heading', { name: 'General list' })).toBeInTheDocument();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings.slice(0, 2)).toEqual(['General list', LITTER.name]);
    expect(namesIn(LITTER.id)).toEqual([
      'Family 1family1@example.com',
      'Family 2family2@example.com',
      'Family 3family3@example.com',
    ]);
    expect(screen.getByText('Either sex, any colour')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Puppy reserved for Family 1' })).toHaveValue(
      `${available[0]!.name} (${available[0]!.sex.toLowerCase()}, ${available[0]!.color.toLowerCase()})`,
    );
  });

  it('marks a family who unsubscribed, and one whose address bounced', async () => {
    serve({
      ...LISTS,
      lists: LISTS.lists.map((l) =>
        l.key === LITTER.id
          ? {
              ...l,
              entries: [entry(1, { unsubscribed: true }), entry(2, { bounced: true }), entry(3)],
            }
          : l,
      ),
    });
    renderAdmin(<WaitlistScreen />, { route: '/admin/waitlist' });
    const rows = await screen.findAllByTestId('waitlist-entry');
    const row = (name: string) => rows.find((r) => r.textContent?.includes(name))!;
    expect(row('Family 1')).toHaveTextContent('No announcements');
    expect(row('Family 1')).not.toHaveTextContent('E-mail bounces');
    expect(row('Family 2')).toHaveTextContent('E-mail bounces');
    expect(row('Family 3')).not.toHaveTextContent(/No announcements|E-mail bounces/);
  });

  it('moves a family up with If-Match, and says so when another tab changed the list (409)', async () => {
    const server = serve();
    const user = userEvent.setup();
    renderAdmin(<WaitlistScreen />, { route: '/admin/waitlist' });
    await user.click(await screen.findByRole('button', { name: 'Move Family 3 up' }));
    await waitFor(() => expect(namesIn(LITTER.id)[1]).toContain('Family 3'));
    const [put] = callsTo('PUT', waitlistOrderUrl(LITTER.id));
    expect(put!.headers.get('if-match')).toBe('"4"');
    expect(await put!.json()).toEqual({ entryIds: ['e1', 'e3', 'e2'] });

    server.bump();
    await user.click(screen.getByRole('button', { name: 'Move Family 2 up' }));
    expect(await toasts().findByText(/changed in another tab/)).toBeInTheDocument();
    // Asked for again: the next move is made on the version the server has.
    await waitFor(() => expect(callsTo('GET', API_ROUTES.waitlist.path).length).toBeGreaterThan(1));
    expect(namesIn(LITTER.id).map((n) => n!.slice(0, 8))).toEqual([
      'Family 1',
      'Family 3',
      'Family 2',
    ]);
  });

  it('reserves a puppy: one reserved for another family cannot be chosen', async () => {
    serve();
    const user = userEvent.setup();
    renderAdmin(<WaitlistScreen />, { route: '/admin/waitlist' });
    const select = await screen.findByRole('combobox', { name: 'Puppy reserved for Family 2' });
    await user.click(select);
    const list = document.getElementById(select.getAttribute('aria-controls')!)!;
    const taken = within(list).getByRole('option', {
      name: new RegExp(`^${available[0]!.name}.*reserved for Family 1`),
      hidden: true,
    });
    expect(taken).toHaveAttribute('data-combobox-disabled', 'true');
    await user.click(
      within(list).getByRole('option', {
        name: new RegExp(`^${available[1]!.name}`),
        hidden: true,
      }),
    );
    await waitFor(() => expect(callsTo('PUT', reservePuppyUrl('e2'))).toHaveLength(1));
    expect(await callsTo('PUT', reservePuppyUrl('e2'))[0]!.json()).toEqual({
      puppyId: available[1]!.id,
    });
  });

  it('takes a family off after asking', async () => {
    serve();
    const user = userEvent.setup();
    renderAdmin(<WaitlistScreen />, { route: '/admin/waitlist' });
    await user.click(await screen.findByRole('button', { name: 'Take off Family 1' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('the puppy reserved for them is available again');
    await user.click(within(dialog).getByRole('button', { name: 'Take off' }));
    await waitFor(() => expect(callsTo('DELETE', waitlistEntryUrl('e1'))).toHaveLength(1));
    await waitFor(() => expect(namesIn(LITTER.id)).toHaveLength(2));
  });

  it('previews an announcement, then sends it', async () => {
    serve();
    api.use(
      http.post(API_ROUTES.previewAnnouncement.path, () =>
        HttpResponse.json({
          recipients: [
            { name: 'Family 1', email: 'family1@example.com' },
            { name: 'Family 2', email: 'family2@example.com' },
          ],
          skipped: [{ name: 'Family 3', email: 'family3@example.com', reason: 'unsubscribed' }],
          sample: {
            to: 'family1@example.com',
            subject: 'Ranger x Juniper puppies are here!',
            text: 'Dear Family 1,\n…',
          },
        }),
      ),
      http.post(API_ROUTES.sendAnnouncement.path, () =>
        HttpResponse.json({ id: 'a1', recipients: 2 }, { status: 201 }),
      ),
    );
    const user = userEvent.setup();
    renderAdmin(<WaitlistScreen />, { route: '/admin/waitlist' });
    const litter = await screen.findByRole('combobox', { name: 'Litter' });
    await user.click(litter);
    const options = document.getElementById(litter.getAttribute('aria-controls')!)!;
    // A litter not born yet cannot be announced.
    expect(
      within(options).queryByRole('option', { name: 'Duke x Honey', hidden: true }),
    ).toBeNull();
    await user.click(within(options).getByRole('option', { name: LITTER.name, hidden: true }));
    expect(screen.queryByRole('button', { name: /^Send/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByTestId('announcement-preview');
    expect(preview).toHaveTextContent('To: Family 1, Family 2');
    expect(preview).toHaveTextContent('Family 3 (family3@example.com): unsubscribed');
    expect(preview).toHaveTextContent('Dear Family 1,');
    await user.click(screen.getByRole('button', { name: 'Send to 2 families' }));
    await waitFor(() => expect(callsTo('POST', API_ROUTES.sendAnnouncement.path)).toHaveLength(1));
    expect(await callsTo('POST', API_ROUTES.sendAnnouncement.path)[0]!.json()).toMatchObject({
      litterId: LITTER.id,
      includeGeneral: false,
      subject: '{litter} puppies are here!',
    });
    expect(await toasts().findByText(/on its way to 2 families/)).toBeInTheDocument();
  });
});

describe('a family’s page link', () => {
  const menuOf = async (name: string) => {
    await userEvent.click(await screen.findByRole('button', { name: `Family page of ${name}` }));
    return screen.findByRole('menu');
  };

  it('makes the link when first asked for and shows it to copy; the same link after', async () => {
    const server = serve();
    renderAdmin(<WaitlistScreen />, { route: '/admin/waitlist' });
    const row = (await screen.findAllByTestId('waitlist-entry'))[1]!;
    expect(within(row).getByText('No link yet')).toBeInTheDocument();
    await userEvent.click(
      within(await menuOf('Family 1')).getByRole('menuitem', { name: 'Copy the link' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Family 1’s page' });
    const url = server.links.get('e1')!.url;
    expect(within(dialog).getByRole('textbox', { name: 'Link' })).toHaveValue(url);
    expect(within(dialog).getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    expect(callsTo('POST', familyLinkUrl('e1'))).toHaveLength(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(within(row).getByText(/^Link since /)).toBeInTheDocument());
    // Asked again: the same link, not a new one.
    await userEvent.click(
      within(await menuOf('Family 1')).getByRole('menuitem', { name: 'Copy the link' }),
    );
    expect(
      within(await screen.findByRole('dialog', { name: 'Family 1’s page' })).getByRole('textbox', {
        name: 'Link',
      }),
    ).toHaveValue(url);
  });

  it('e-mails the link, and says so', async () => {
    serve();
    renderAdmin(<WaitlistScreen />, { route: '/admin/waitlist' });
    await userEvent.click(
      within(await menuOf('Family 2')).getByRole('menuitem', { name: 'E-mail the link' }),
    );
    await waitFor(() => expect(callsTo('POST', `${familyLinkUrl('e2')}/email`)).toHaveLength(1));
    expect(
      await toasts().findByText('Family 2 will get their page link at family2@example.com.'),
    ).toBeInTheDocument();
  });

  it('makes a new link or revokes it only after asking, and only when there is one', async () => {
    const server = serve();
    server.links.set('e3', { url: 'http://localhost/family/old', createdAt: LINK_AT });
    renderAdmin(<WaitlistScreen />, { route: '/admin/waitlist' });
    // Family 2 has no link: nothing to replace or revoke.
    const menu2 = await menuOf('Family 2');
    expect(within(menu2).getByRole('menuitem', { name: 'Revoke the link' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(
      within(await menuOf('Family 3')).getByRole('menuitem', { name: 'Make a new link' }),
    );
    const ask = await screen.findByRole('dialog', { name: 'Make a new link?' });
    expect(ask).toHaveTextContent('The link Family 3 has stops working at once');
    await userEvent.click(within(ask).getByRole('button', { name: 'Make a new link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Family 3’s page' });
    expect(within(dialog).getByRole('textbox', { name: 'Link' })).not.toHaveValue(
      'http://localhost/family/old',
    );
    expect(await callsTo('POST', familyLinkUrl('e3'))[0]!.json()).toEqual({ reissue: true });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await userEvent.click(
      within(await menuOf('Family 3')).getByRole('menuitem', { name: 'Revoke the link' }),
    );
    const revoke = await screen.findByRole('dialog', { name: 'Revoke this link?' });
    await userEvent.click(within(revoke).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(callsTo('DELETE', familyLinkUrl('e3'))).toHaveLength(1));
    expect(
      await toasts().findByText('Family 3’s page no longer opens with the old link.'),
    ).toBeInTheDocument();
    expect(server.links.has('e3')).toBe(false);
  });

  it('says why an e-mail could not be sent', async () => {
    serve();
    api.use(
      http.post(API_ROUTES.emailFamilyLink.path, () =>
        HttpResponse.json(
          {
            error: 'mail_off',
            message: 'E-mail is not set up on this server: copy the link instead',
          },
          { status: 409 },
        ),
      ),
    );
    renderAdmin(<WaitlistScreen />, { route: '/admin/waitlist' });
    await userEvent.click(
      within(await menuOf('Family 1')).getByRole('menuitem', { name: 'E-mail the link' }),
    );
    expect(
      await toasts().findByText('E-mail is not set up on this server: copy the link instead'),
    ).toBeInTheDocument();
  });
});

describe('the announcement form', () => {
  async function chooseLitter(user: ReturnType<typeof userEvent.setup>) {
    const litter = await screen.findByRole('combobox', { name: 'Litter' });
    await user.click(litter);
    const options = document.getElementById(litter.getAttribute('aria-controls')!)!;
    await user.click(within(options).getByRole('option', { name: LITTER.name, hidden: true }));
  }

  it('asks for a subject with the API’s words, and asks the server nothing', async () => {
    serve();
    const user = userEvent.setup();
    renderAdmin(<WaitlistScreen />, { route: '/admin/waitlist' });
    await chooseLitter(user);
    await user.clear(screen.getByRole('textbox', { name: 'Subject' }));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveAccessibleDescription(
      'A subject is needed',
    );
    expect(callsTo('POST', API_ROUTES.previewAnnouncement.path)).toHaveLength(0);
  });

  it('shows a refusal (422) on the litter it names', async () => {
    serve();
    const message = `${LITTER.name} is not born yet: give its birth date on the Litters screen first`;
    api.use(
      http.post(API_ROUTES.previewAnnouncement.path, () =>
        HttpResponse.json({ error: 'not_born', message, field: 'litterId' }, { status: 422 }),
      ),
    );
    const user = userEvent.setup();
    renderAdmin(<WaitlistScreen />, { route: '/admin/waitlist' });
    await chooseLitter(user);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Litter' })).toHaveAccessibleDescription(message),
    );
  });
});

describe('an inquiry’s card and the waitlist', () => {
  it('puts the family on a litter’s list, then shows their place', async () => {
    const inbox = serveInbox([inboxInquiry(1, { firstName: 'Megan', lastName: 'Whitaker' })]);
    inbox.waitlist.lists = inbox.waitlist.lists.map((l) =>
      l.key === LITTER.id ? { ...l, entries: [entry(7), entry(8)] } : l,
    );
    const user = userEvent.setup();
    renderAdmin(<DashboardScreen />, { route: '/admin' });
    const card = await screen.findByRole('article', { name: 'Megan Whitaker' });
    const select = await within(card).findByRole('combobox', {
      name: 'Waitlist for Megan Whitaker',
    });
    // Nothing to put them on until a list is chosen.
    expect(within(card).getByRole('button', { name: 'Put on the list' })).toBeDisabled();
    expect(within(select).getByRole('option', { name: 'Choose a list' })).toBeDisabled();
    await user.selectOptions(select, `${LITTER.name}’s list`);
    await user.click(within(card).getByRole('button', { name: 'Put on the list' }));
    expect(await within(card).findByTestId('waitlist-place')).toHaveTextContent(
      `3rd on ${LITTER.name}’s list`,
    );
    const [post] = callsTo('POST', API_ROUTES.addToWaitlist.path);
    expect(post!.headers.get('if-match')).toBe('"0"');
    expect(await post!.json()).toEqual({ inquiryId: 'inq0001', litterId: LITTER.id });
  });
});
