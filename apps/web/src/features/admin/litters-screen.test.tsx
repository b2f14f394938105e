import {
  litterUpdateDraftSchema,
  API_ROUTES,
  litterNewsUrl,
  litterUpdateUrl,
  litterUrl,
  newsPhotoUrl,
  type LitterUpdate,
} from '@cedar/api-contract';
import { allLitters, type Litter } from '@cedar/content';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, type HttpResponseResolver } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LittersScreen } from './litters-screen';
import { publish } from './test/editor-fixtures';
import { expectFieldError, schemaMessage } from './test/fields';
import {
  api,
  callsTo,
  deferred,
  renderAdmin,
  resetToasts,
  signIn,
  toasts,
} from './test/render-admin';

// The form tests type many fields: slow on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const SHA = 'a'.repeat(64);
const SAVED_AT = '2026-11-22T17:00:00.000Z';
const [first] = allLitters;
const ARCHIVED: Litter = {
  ...first!,
  id: 'duke-maple-2025',
  name: 'Duke x Maple',
  sire: 'duke',
  dam: 'maple',
  archived: true,
};

function serve({
  litters = [...allLitters, ARCHIVED],
  list,
  save,
}: {
  litters?: Litter[];
  list?: HttpResponseResolver;
  save?: HttpResponseResolver;
} = {}) {
  const saved: HttpResponseResolver = async ({ request }) => {
    const draft = (await request.json()) as Omit<Litter, 'id' | 'name'>;
    return Response.json(
      {
        sha256: 'b'.repeat(64),
        savedAt: SAVED_AT,
        litter: { id: 'x', name: 'Duke x Clover', ...draft },
      },
      { status: 201 },
    );
  };
  api.use(
    http.get(API_ROUTES.litters.path, list ?? (() => Response.json({ sha256: SHA, litters }))),
    http.post(API_ROUTES.addLitter.path, save ?? saved),
    http.put(API_ROUTES.saveLitter.path, save ?? saved),
    http.get(API_ROUTES.publishStatus.path, () => Response.json(publish('idle'))),
    http.get(API_ROUTES.waitlist.path, () =>
      Response.json({
        version: 1,
        lists: [
          {
            key: first!.id,
            litterId: first!.id,
            name: 'Ranger x Juniper’s list',
            entries: [
              {
                id: 'e1',
                inquiryId: 'i1',
                name: 'The Whitakers',
                email: 'w@example.com',
                sex: 'Female',
                color: 'black',
                addedAt: SAVED_AT,
                puppyId: 'purple-collar',
                unsubscribed: false,
                bounced: false,
              },
            ],
          },
        ],
      }),
    ),
  );
}

/** The litters table's row of one litter, by its name (the first when several share it). */
async function rowOf(name: string) {
  const cell = (await screen.findAllByText(name, { selector: 'p' }))[0]!;
  return within(cell.closest('tr')!);
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: new RegExp(`^${label}`) }));
  await user.click(await screen.findByRole('option', { name: option, hidden: true }));
}

/** Fills every field of a litter born 35 days before 2026-11-22. */
async function fillNewLitter(user: ReturnType<typeof userEvent.setup>) {
  await choose(user, 'Sire', 'Duke');
  await choose(user, 'Dam', 'Clover');
  await user.type(screen.getByLabelText(/^Birth date/), '2026-10-18');
  await user.type(screen.getByLabelText(/^Number of puppies/), '7');
  await user.type(screen.getByLabelText(/^Available/), '7 of 7 available');
  await user.type(screen.getByLabelText(/^Ready date/), 'Ready mid-December 2026');
  await user.type(screen.getByLabelText(/^Description/), 'Seven sturdy yellow puppies.');
}

beforeEach(() => {
  localStorage.clear();
  signIn();
  // The clock alone: ages are those of 22 November 2026 at the kennel.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T17:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  resetToasts();
});

describe('Litters screen', () => {
  it('lists every litter with its age, badge and list on the public page today', async () => {
    serve();
    renderAdmin(<LittersScreen />, { route: '/admin/litters' });
    expect(screen.getByRole('heading', { level: 1, name: 'Litters' })).toBeInTheDocument();
    expect(await screen.findAllByTestId('litter-row')).toHaveLength(allLitters.length + 1);

    const ready = await rowOf('Ranger x Juniper');
    expect(ready.getByText('12 weeks old')).toBeInTheDocument();
    expect(ready.getByText('Trained')).toBeInTheDocument();
    expect(ready.getByText('Select Litters')).toBeInTheDocument();

    const young = await rowOf('Bourbon x Maple');
    expect(young.getByText('4 weeks old')).toBeInTheDocument();
    expect(young.getByText('Ready Soon')).toBeInTheDocument();
    expect(young.getByText('Upcoming Litters')).toBeInTheDocument();

    const due = await rowOf('Duke x Honey');
    expect(due.getByText('Mid-September')).toBeInTheDocument();
    expect(due.getByText('Upcoming', { selector: 'span *, span' })).toBeInTheDocument();

    const rows = screen.getAllByTestId('litter-row');
    expect(within(rows.at(-1)!).getByText('Archived')).toBeInTheDocument();
  });

  it('says so while loading, and offers to try again when the list cannot be loaded', async () => {
    let fail = true;
    serve({
      list: () =>
        fail
          ? Response.json({ error: 'internal_error', message: 'x' }, { status: 500 })
          : Response.json({ sha256: SHA, litters: allLitters }),
    });
    const user = userEvent.setup();
    renderAdmin(<LittersScreen />, { route: '/admin/litters' });
    expect(screen.getByText('Loading litters…')).toBeInTheDocument();
    expect(await screen.findByText('The litters could not be loaded')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('litter-row')).toHaveLength(allLitters.length);
  });

  it('marks each missing field inline, with the content schema’s words, and sends nothing', async () => {
    serve();
    const user = userEvent.setup();
    renderAdmin(<LittersScreen />, { route: '/admin/litters' });
    await user.click(await screen.findByRole('button', { name: 'Add a litter' }));
    await user.click(screen.getByRole('button', { name: 'Add and publish' }));
    expect(await screen.findByText('Choose the sire')).toBeInTheDocument();
    expect(screen.getByText('Choose the dam')).toBeInTheDocument();
    expect(
      screen.getByText('Give the birth date (YYYY-MM-DD) or the month it is due'),
    ).toBeInTheDocument();
    expect(screen.getByText('Availability is needed')).toBeInTheDocument();
    expect(screen.getByText('Add at least one photo')).toBeInTheDocument();
    expect(screen.getByText('Please check the marked fields')).toBeInTheDocument();
    expect(callsTo('POST')).toHaveLength(0);
  });

  it('previews the age, badge and list while the birth date is typed', async () => {
    serve();
    const user = userEvent.setup();
    renderAdmin(<LittersScreen />, { route: '/admin/litters' });
    await user.click(await screen.findByRole('button', { name: 'Add a litter' }));
    const preview = within(screen.getByTestId('litter-preview'));
    expect(preview.getByText(/Give the birth date to see/)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Birth date/), '2026-10-18');
    expect(preview.getByText('5 weeks old')).toBeInTheDocument();
    expect(preview.getByText('Ready Soon')).toBeInTheDocument();
    expect(preview.getByText('in Select Litters')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Due in' }));
    await choose(user, 'Due month', 'March');
    await user.type(screen.getByLabelText(/^Due year/), '2027');
    expect(preview.getByText('Upcoming')).toBeInTheDocument();
    expect(preview.getByText('in Upcoming Litters')).toBeInTheDocument();
  });

  it('adds a litter with a photo: uploads it with a progress bar, saves with If-Match, says it is publishing', async () => {
    serve();
    // The upload is held at the server until the test has seen the progress bar.
    const arrived = deferred<void>();
    const answer = deferred<void>();
    api.use(
      http.post(API_ROUTES.uploadLitterPhoto.path, async () => {
        arrived.resolve();
        await answer.promise;
        return Response.json({ path: '/images/litters/uploads/abc123.jpg' }, { status: 201 });
      }),
    );
    // jsdom has no object URLs: the thumbnail of the chosen file gets this one.
    URL.createObjectURL = vi.fn(() => 'blob:chosen-photo');
    const user = userEvent.setup();
    renderAdmin(<LittersScreen />, { route: '/admin/litters' });
    await user.click(await screen.findByRole('button', { name: 'Add a litter' }));
    await fillNewLitter(user);
    await user.upload(
      screen.getByLabelText('Photo to upload'),
      new File([new Uint8Array(2048)], 'IMG_0001.jpg', { type: 'image/jpeg' }),
    );
    expect(await screen.findByRole('progressbar', { name: 'Upload progress' })).toBeInTheDocument();
    await arrived.promise;
    answer.resolve();
    const listed = (await screen.findByText('abc123.jpg')).closest('li')!;
    expect(listed.querySelector('img')).toHaveAttribute('src', 'blob:chosen-photo');
    expect(screen.queryByRole('progressbar', { name: 'Upload progress' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add and publish' }));

    await waitFor(() => expect(callsTo('POST', API_ROUTES.addLitter.path)).toHaveLength(1));
    const request = callsTo('POST', API_ROUTES.addLitter.path)[0]!;
    expect(request.headers.get('if-match')).toBe(`"${SHA}"`);
    expect(await request.json()).toEqual({
      sire: 'duke',
      dam: 'clover',
      birthDate: '2026-10-18',
      puppiesCount: 7,
      available: '7 of 7 available',
      readyDate: 'Ready mid-December 2026',
      images: ['/images/litters/uploads/abc123.jpg'],
      status: 'Current',
      description: 'Seven sturdy yellow puppies.',
    });
    expect(await toasts().findByText(/Duke x Clover is saved/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add and publish' })).toBeNull();
    expect(await screen.findByText('Publishing…')).toBeInTheDocument();
  });

  it('shows why a photo was refused', async () => {
    serve();
    api.use(
      http.post(API_ROUTES.uploadLitterPhoto.path, () =>
        Response.json(
          {
            error: 'unsupported_media_type',
            message: 'This file is not a photo we can read. Send a JPEG, PNG, WebP or HEIC photo.',
          },
          { status: 415 },
        ),
      ),
    );
    const user = userEvent.setup({ applyAccept: false });
    renderAdmin(<LittersScreen />, { route: '/admin/litters' });
    await user.click(await screen.findByRole('button', { name: 'Add a litter' }));
    await user.upload(
      screen.getByLabelText('Photo to upload'),
      new File(['MZ'], 'setup.jpg', { type: 'image/jpeg' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This file is not a photo we can read. Send a JPEG, PNG, WebP or HEIC photo.',
    );
  });

  it('marks the field the server refused (422)', async () => {
    serve({
      save: () =>
        Response.json(
          { error: 'invalid_litter', field: 'dam', message: 'Choose one of our dames' },
          { status: 422 },
        ),
    });
    const user = userEvent.setup();
    renderAdmin(<LittersScreen />, { route: '/admin/litters' });
    await user.click(await screen.findByRole('button', { name: 'Edit Ranger x Juniper' }));
    await user.click(screen.getByRole('button', { name: 'Save and publish' }));
    expect(await screen.findByText('Choose one of our dames')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Edit Ranger x Juniper' })).toBeInTheDocument();
  });

  it('shows a refusal (422) of a due litter’s birth date on its month, until the month is changed', async () => {
    const message = 'Give the birth date (YYYY-MM-DD) or the month it is due';
    serve({
      save: () =>
        Response.json({ error: 'invalid_litter', field: 'birthDate', message }, { status: 422 }),
    });
    const user = userEvent.setup();
    renderAdmin(<LittersScreen />, { route: '/admin/litters' });
    await user.click(await screen.findByRole('button', { name: 'Edit Duke x Honey' }));
    await user.click(screen.getByRole('button', { name: 'Save and publish' }));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /^Due month/ })).toHaveAccessibleDescription(
        message,
      ),
    );
    expect(screen.getByText('Please check the marked fields')).toBeInTheDocument();
    await choose(user, 'Due month', 'March');
    expect(screen.queryByText(message)).toBeNull();
  });

  it('shows a refusal (422) of one puppy under the puppies, naming it', async () => {
    serve({
      save: () =>
        Response.json(
          { error: 'invalid_litter', field: 'puppies.1.color', message: 'Choose the colour' },
          { status: 422 },
        ),
    });
    const user = userEvent.setup();
    renderAdmin(<LittersScreen />, { route: '/admin/litters' });
    await user.click(await screen.findByRole('button', { name: 'Edit Ranger x Juniper' }));
    await user.click(screen.getByRole('button', { name: 'Save and publish' }));
    expect(await screen.findByText('Puppy 2: Choose the colour')).toHaveAttribute('role', 'alert');
  });

  it('keeps the form and says so when the litters changed meanwhile (409)', async () => {
    serve({
      save: () => Response.json({ error: 'conflict', message: 'changed' }, { status: 409 }),
    });
    const user = userEvent.setup();
    renderAdmin(<LittersScreen />, { route: '/admin/litters' });
    await user.click(await screen.findByRole('button', { name: 'Edit Ranger x Juniper' }));
    await user.click(screen.getByRole('button', { name: 'Save and publish' }));
    expect(
      await toasts().findByText(/The litters were changed since you opened this page/),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Edit Ranger x Juniper' })).toBeInTheDocument();
  });

  it('archives a litter: it is saved with archived set, and stays listed', async () => {
    serve();
    const user = userEvent.setup();
    renderAdmin(<LittersScreen />, { route: '/admin/litters' });
    await user.click(await screen.findByRole('button', { name: 'Edit Ranger x Juniper' }));
    await user.click(screen.getByRole('checkbox', { name: /^Archived/ }));
    expect(
      within(screen.getByTestId('litter-preview')).getByText('in Archived'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save and publish' }));
    await waitFor(() => expect(callsTo('PUT', litterUrl(first!.id))).toHaveLength(1));
    expect(await callsTo('PUT', litterUrl(first!.id))[0]!.json()).toMatchObject({ archived: true });
  });

  it('edits the puppies: adds one, marks what is missing, sets statuses, saves them with the count worked out', async () => {
    serve();
    const user = userEvent.setup();
    renderAdmin(<LittersScreen />, { route: '/admin/litters' });
    await user.click(await screen.findByRole('button', { name: 'Edit Ranger x Juniper' }));
    expect(screen.getAllByTestId('puppy-row')).toHaveLength(7);
    expect(
      await screen.findByText('Reserved for The Whitakers (on the waitlist)'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^Available/)).toHaveValue('2 of 7 available');

    await user.click(screen.getByRole('button', { name: 'Remove Red collar' }));
    await user.click(screen.getByRole('button', { name: 'Add a puppy' }));
    const rows = screen.getAllByTestId('puppy-row');
    expect(rows).toHaveLength(7);
    const added = within(rows.at(-1)!);
    await user.type(added.getByLabelText(/^Name or collar/), 'Grey collar');
    await user.click(screen.getByRole('button', { name: 'Save and publish' }));
    expect(await screen.findByText('Puppy 7: Choose male or female')).toBeInTheDocument();
    expect(callsTo('PUT')).toHaveLength(0);

    const pick = async (label: RegExp, option: string) => {
      const box = added.getByRole('combobox', { name: label });
      await user.click(box);
      await waitFor(() => expect(box).toHaveAttribute('aria-controls'));
      const list = document.getElementById(box.getAttribute('aria-controls')!)!;
      await user.click(within(list).getByRole('option', { name: option, hidden: true }));
    };
    await pick(/^Sex/, 'Female');
    await pick(/^Colour/, 'Black');
    await pick(/^Status/, 'Reserved');
    expect(screen.getByLabelText(/^Available/)).toHaveValue('2 of 7 available');

    await user.click(screen.getByRole('button', { name: 'Save and publish' }));
    await waitFor(() => expect(callsTo('PUT', litterUrl(first!.id))).toHaveLength(1));
    const sent = (await callsTo('PUT', litterUrl(first!.id))[0]!.json()) as Litter;
    expect(sent.puppies).toHaveLength(7);
    expect(sent.puppies!.some((p) => p.name === 'Red collar')).toBe(false);
    expect(sent.puppies!.at(-1)).toMatchObject({
      name: 'Grey collar',
      sex: 'Female',
      color: 'Black',
      status: 'reserved',
    });
    expect(sent.available).toBe('2 of 7 available');
  });
});

describe('a litter’s weekly news (issue 40)', () => {
  const PHOTO = { name: `${'a'.repeat(24)}.jpg`, width: 2400, height: 1800 };
  const update = (id: string, note: string, extra: Partial<LitterUpdate> = {}): LitterUpdate => ({
    id,
    litterId: first!.id,
    note,
    photos: [],
    createdAt: SAVED_AT,
    createdBy: 'owner',
    ...extra,
  });

  function serveNews(updates: LitterUpdate[] = []) {
    serve();
    let current = [...updates];
    api.use(
      http.get(API_ROUTES.litterNews.path, () => Response.json({ updates: current })),
      http.post(API_ROUTES.uploadNewsPhoto.path, () => Response.json(PHOTO, { status: 201 })),
      http.post(API_ROUTES.postLitterNews.path, async ({ request }) => {
        const draft = (await request.json()) as { note: string; photos: string[] };
        const made = update(`u${current.length + 1}`, draft.note, {
          photos: draft.photos.map(() => PHOTO),
        });
        current = [made, ...current];
        return Response.json({ update: made, recipients: 2 }, { status: 201 });
      }),
      http.put(API_ROUTES.editLitterNews.path, async ({ request, params }) => {
        const draft = (await request.json()) as { note: string; photos: string[] };
        current = current.map((u) =>
          u.id === params.id ? { ...u, note: draft.note, updatedAt: SAVED_AT } : u,
        );
        return Response.json({ update: current.find((u) => u.id === params.id) });
      }),
      http.delete(API_ROUTES.removeLitterNews.path, ({ params }) => {
        current = current.filter((u) => u.id !== params.id);
        return new Response(null, { status: 204 });
      }),
    );
  }

  const openNews = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.click(await screen.findByRole('button', { name: `News of ${first!.name}` }));
    return screen.findByRole('region', { name: `News of the ${first!.name} litter` });
  };

  it('posts an update with a photo, says how many families were e-mailed, and lists it', async () => {
    serveNews();
    URL.createObjectURL = vi.fn(() => 'blob:chosen-photo');
    const user = userEvent.setup();
    renderAdmin(<LittersScreen />, { route: '/admin/litters' });
    const news = await openNews(user);
    expect(await within(news).findByText('No update yet.')).toBeInTheDocument();
    await user.type(within(news).getByRole('textbox', { name: 'Note' }), 'Eyes open this week.');
    expect(within(news).getByText('20 of 2,000 characters')).toBeInTheDocument();
    await user.upload(
      within(news).getByLabelText('Photos to upload'),
      new File([new Uint8Array(2048)], 'IMG_0002.jpg', { type: 'image/jpeg' }),
    );
    expect(await within(news).findByText('Photos (1 of 12)')).toBeInTheDocument();
    expect(within(news).getByRole('button', { name: 'Remove photo 1' })).toBeInTheDocument();
    await user.click(within(news).getByRole('button', { name: 'Post update' }));
    await waitFor(() => expect(callsTo('POST', litterNewsUrl(first!.id))).toHaveLength(1));
    expect(await callsTo('POST', litterNewsUrl(first!.id))[0]!.json()).toEqual({
      note: 'Eyes open this week.',
      photos: [PHOTO.name],
    });
    expect(
      await toasts().findByText(/2 families were e-mailed a link to theirs/),
    ).toBeInTheDocument();
    const posted = await within(news).findByTestId('news-update');
    expect(posted).toHaveTextContent('Eyes open this week.');
    expect(posted.querySelector('img')).toHaveAttribute('src', newsPhotoUrl(PHOTO.name, 320));
    // The form is empty again.
    expect(within(news).getByRole('textbox', { name: 'Note' })).toHaveValue('');
  });

  it('asks for a note before sending anything, and shows the server’s refusal of a photo', async () => {
    serveNews();
    const user = userEvent.setup();
    renderAdmin(<LittersScreen />, { route: '/admin/litters' });
    const news = await openNews(user);
    await user.click(within(news).getByRole('button', { name: 'Post update' }));
    const rule = schemaMessage(litterUpdateDraftSchema, { note: ' ', photos: [] });
    expect(await within(news).findByText(rule)).toBeInTheDocument();
    const note = within(news).getByRole('textbox', { name: 'Note' });
    expectFieldError(note, rule);
    expect(callsTo('POST', litterNewsUrl(first!.id))).toHaveLength(0);
    api.use(
      http.post(API_ROUTES.uploadNewsPhoto.path, () =>
        Response.json(
          {
            error: 'unsupported_media_type',
            message: 'This file is not a photo we can read. Send a JPEG, PNG, WebP or HEIC photo.',
          },
          { status: 415 },
        ),
      ),
    );
    await user.upload(
      within(news).getByLabelText('Photos to upload'),
      new File([new Uint8Array(16)], 'notes.jpg', { type: 'image/jpeg' }),
    );
    expect(await within(news).findByRole('alert')).toHaveTextContent(
      'This file is not a photo we can read.',
    );
    expect(within(news).getByText('Photos (0 of 12)')).toBeInTheDocument();
    api.use(
      http.post(litterNewsUrl(first!.id), () =>
        Response.json(
          {
            error: 'bad_request',
            message: 'note: The server refuses this note',
            details: [{ path: 'note', message: 'The server refuses this note' }],
          },
          { status: 400 },
        ),
      ),
    );
    await user.type(note, 'Week one.');
    await user.click(within(news).getByRole('button', { name: 'Post update' }));
    await waitFor(() => expectFieldError(note, 'The server refuses this note'));
  });

  it('edits an update without a new e-mail, and removes one after asking', async () => {
    serveNews([update('u2', 'Week two.'), update('u1', 'Week one.', { photos: [PHOTO] })]);
    const user = userEvent.setup();
    renderAdmin(<LittersScreen />, { route: '/admin/litters' });
    const news = await openNews(user);
    const [second, firstUpdate] = await within(news).findAllByTestId('news-update');
    expect(second).toHaveTextContent('Week two.');
    await user.click(within(firstUpdate!).getByRole('button', { name: /^Edit the update/ }));
    const note = within(news).getByRole('textbox', { name: 'Edit the note' });
    expect(note).toHaveValue('Week one.');
    expect(within(news).getByText('Photos (1 of 12)')).toBeInTheDocument();
    await user.clear(note);
    await user.type(note, 'Week one, corrected.');
    await user.click(within(news).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(callsTo('PUT', litterUpdateUrl('u1'))).toHaveLength(1));
    expect(await callsTo('PUT', litterUpdateUrl('u1'))[0]!.json()).toEqual({
      note: 'Week one, corrected.',
      photos: [PHOTO.name],
    });
    expect(
      await toasts().findByText('The families’ pages show it as changed.'),
    ).toBeInTheDocument();
    expect(await within(news).findByText('Week one, corrected.')).toBeInTheDocument();
    expect(callsTo('POST', litterNewsUrl(first!.id))).toHaveLength(0);

    await user.click(
      within(within(news).getAllByTestId('news-update')[0]!).getByRole('button', {
        name: /^Remove the update/,
      }),
    );
    const ask = await screen.findByRole('dialog', { name: 'Remove this update?' });
    await user.click(within(ask).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(callsTo('DELETE', litterUpdateUrl('u2'))).toHaveLength(1));
    await waitFor(() => expect(within(news).getAllByTestId('news-update')).toHaveLength(1));
  });
});
