import { restoreUrl, revisionsUrl } from '@cedar/api-contract';
import { STORAGE_KEYS } from '@cedar/content';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PUBLISH_POLL_MS } from './api/publish-status';
import { EDITOR_WARNINGS } from './components/editor-warnings';
import { publishMessage, sandboxMessage } from './components/publish-status-note';
import { FilesScreen } from './files-screen';
import {
  HERO,
  HERO_URL,
  SHA_0,
  SHA_1,
  SHA_2,
  SOURCE,
  chooseFile,
  codeOf,
  openHero,
  publish,
  saved,
  serveEditor,
  setCode,
} from './test/editor-fixtures';
import { callsTo, deferred, renderAdmin, resetToasts, signIn, toasts } from './test/render-admin';

// Mantine's combobox and toasts make these slower than the 5 s default on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => localStorage.clear());
afterEach(() => {
  resetToasts();
  vi.useRealTimers();
});

describe('file editor gate', () => {
  it('without a stored session goes to /admin/login', async () => {
    renderAdmin(<FilesScreen />, { route: '/admin/files' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/login'));
    expect(callsTo()).toHaveLength(0);
  });

  it('with an unparseable stored user goes to /admin/login', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'tok');
    localStorage.setItem(STORAGE_KEYS.user, '{broken');
    renderAdmin(<FilesScreen />, { route: '/admin/files' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/login'));
    expect(callsTo()).toHaveLength(0);
  });
});

describe('file editor', () => {
  beforeEach(() => signIn());

  it('has Back to Admin, the four warnings and the seven files to choose from', async () => {
    serveEditor();
    const user = userEvent.setup();
    renderAdmin(<FilesScreen />, { route: '/admin/files' });
    expect(await screen.findByRole('link', { name: 'Back to Admin' })).toHaveAttribute(
      'href',
      '/admin',
    );
    for (const warning of EDITOR_WARNINGS) expect(screen.getByText(warning)).toBeInTheDocument();
    expect(EDITOR_WARNINGS.map((w) => w.split(/[.:]/)[0])).toEqual([
      'Test your changes on the website after every save',
      'Syntax errors can break the site',
      'Contact support for complex changes',
    ]);
    // The first says how soon a change is live (see 'the admin says what is true').
    expect(screen.getAllByRole('listitem')[0]).toHaveTextContent(/^Changes go live /);
    const select = screen.getByRole('combobox', { name: 'File to edit' });
    expect(select).toHaveAttribute('placeholder', 'Choose a file to edit...');
    await user.click(select);
    const options = await screen.findAllByRole('option', { hidden: true });
    expect(options.map((o) => o.textContent)).toEqual([
      'Hero Section',
      'About Section',
      'Puppies Section',
      'Contact Section',
      'Testimonials',
      'Facilities',
      'Health Testing',
    ]);
  });

  it('Save does nothing while no file is selected', async () => {
    serveEditor();
    renderAdmin(<FilesScreen />, { route: '/admin/files' });
    fireEvent.click(await screen.findByRole('button', { name: 'Save File' }));
    await new Promise((r) => setTimeout(r, 20));
    expect(callsTo('PUT')).toHaveLength(0);
  });

  it('in Code mode loads the chosen file into a code editor labelled with its path, with line numbers', async () => {
    serveEditor();
    const user = userEvent.setup();
    renderAdmin(<FilesScreen />, { route: '/admin/files' });
    const editor = await openHero(user);
    expect(editor).toHaveAttribute('spellcheck', 'false');
    expect(editor).toHaveAttribute('contenteditable', 'true');
    const lineNumbers = document.querySelector('.cm-lineNumbers');
    expect(lineNumbers).toHaveTextContent(/1.*2.*3/);
    expect(callsTo('GET', HERO_URL)[0]?.credentials).toBe('include');
    expect(HERO_URL).toBe('/api/admin/files/apps%2Fweb%2Fsrc%2Fsections%2Fhero-section.tsx');
    expect(await screen.findByText('Live: your change is on the site')).toBeInTheDocument();
  });

  it('toasts Failed to load file when loading fails', async () => {
    serveEditor({ words: () => new Response('gone', { status: 500 }) });
    const user = userEvent.setup();
    renderAdmin(<FilesScreen />, { route: '/admin/files' });
    await chooseFile(user, HERO.name);
    expect(await toasts().findByText('Failed to load file')).toBeInTheDocument();
    expect(toasts().getByText('Error')).toBeInTheDocument();
    expect(screen.queryByText(/no words to change/)).not.toBeInTheDocument();
  });

  it('saves as text/plain with If-Match, shows Saving... and toasts File saved successfully!', async () => {
    const answer = deferred<void>();
    serveEditor({
      save: async () => {
        await answer.promise;
        return saved('r2', SHA_2, '2026-05-10T10:00:00.000Z');
      },
    });
    const user = userEvent.setup();
    renderAdmin(<FilesScreen />, { route: '/admin/files' });
    const editor = await openHero(user);
    setCode(editor, SOURCE.replace('Cedar Bluff Labradors', 'Bluff Labs'));
    await user.click(screen.getByRole('button', { name: 'Save File' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();

    await waitFor(() => expect(callsTo('PUT', HERO_URL)).toHaveLength(1));
    const [call] = callsTo('PUT', HERO_URL);
    expect(call?.credentials).toBe('include');
    expect(call?.headers.get('Content-Type')).toBe('text/plain; charset=utf-8');
    expect(call?.headers.get('If-Match')).toBe(`"${SHA_1}"`);
    expect(await call?.text()).toBe(SOURCE.replace('Cedar Bluff Labradors', 'Bluff Labs'));
    await act(async () => answer.resolve());
    expect(await toasts().findByText('File saved successfully!')).toBeInTheDocument();
    expect(toasts().getByText('Success')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Save File' })).toBeEnabled();
    // The next save carries the new version's tag.
    await user.click(screen.getByRole('button', { name: 'Save File' }));
    await waitFor(() => expect(callsTo('PUT', HERO_URL)).toHaveLength(2));
    expect(callsTo('PUT', HERO_URL)[1]?.headers.get('If-Match')).toBe(`"${SHA_2}"`);
  });

  it('on a syntax error (422) shows its line and column and toasts Failed to save file', async () => {
    serveEditor({
      save: () =>
        Response.json(
          {
            error: 'syntax_error',
            message: 'Syntax error at line 3, column 7: Expected "}" but found ")"',
            line: 3,
            column: 7,
          },
          { status: 422 },
        ),
    });
    const user = userEvent.setup();
    renderAdmin(<FilesScreen />, { route: '/admin/files' });
    await openHero(user);
    await user.click(screen.getByRole('button', { name: 'Save File' }));
    const detail = await screen.findByText('Line 3, column 7: Expected "}" but found ")"');
    const alert = detail.closest<HTMLElement>('[role="alert"]');
    expect(alert).not.toBeNull();
    expect(
      within(alert as HTMLElement).getByText('Not saved: the file has a syntax error'),
    ).toBeInTheDocument();
    expect(await toasts().findByText('Failed to save file')).toBeInTheDocument();
  });

  it('on code a section may not use (422 forbidden_code) says so plainly, with its line and column', async () => {
    serveEditor({
      save: () =>
        Response.json(
          {
            error: 'forbidden_code',
            message: "Line 3, column 1: importing 'node:fs' is not allowed in a section.",
            line: 3,
            column: 1,
          },
          { status: 422 },
        ),
    });
    const user = userEvent.setup();
    renderAdmin(<FilesScreen />, { route: '/admin/files' });
    await openHero(user);
    await user.click(screen.getByRole('button', { name: 'Save File' }));
    const title = await screen.findByText('Not saved: this code is not allowed in a section');
    const alert = title.closest<HTMLElement>('[role="alert"]')!;
    expect(
      within(alert).getByText("Line 3, column 1: importing 'node:fs' is not allowed in a section."),
    ).toBeInTheDocument();
    expect(await toasts().findByText('Failed to save file')).toBeInTheDocument();
  });

  it('shows any other refusal (422) in its own words', async () => {
    serveEditor({
      save: () =>
        Response.json(
          {
            error: 'missing_export',
            message: 'The file must still export hero: the site uses it.',
          },
          { status: 422 },
        ),
    });
    const user = userEvent.setup();
    renderAdmin(<FilesScreen />, { route: '/admin/files' });
    await openHero(user);
    await user.click(screen.getByRole('button', { name: 'Save File' }));
    const alert = (await screen.findByText('Not saved')).closest<HTMLElement>('[role="alert"]')!;
    expect(
      within(alert).getByText('The file must still export hero: the site uses it.'),
    ).toBeInTheDocument();
  });

  it('on a conflict (409) explains that the file changed and offers to reload it', async () => {
    serveEditor({
      save: () => Response.json({ error: 'conflict', message: 'changed' }, { status: 409 }),
    });
    const user = userEvent.setup();
    renderAdmin(<FilesScreen />, { route: '/admin/files' });
    const editor = await openHero(user);
    setCode(editor, 'my edit');
    await user.click(screen.getByRole('button', { name: 'Save File' }));
    expect(await screen.findByText('This file changed since you loaded it')).toBeInTheDocument();
    expect(await toasts().findByText('Failed to save file')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reload file' }));
    await waitFor(() =>
      expect(codeOf(screen.getByRole('textbox', { name: HERO.path }))).toBe(SOURCE),
    );
    expect(callsTo('GET', HERO_URL)).toHaveLength(2);
    expect(screen.queryByText('This file changed since you loaded it')).not.toBeInTheDocument();
  });

  it('lists the revisions and restores one after confirmation', async () => {
    serveEditor({ restore: () => saved('r3', SHA_0, '2026-05-10T11:00:00.000Z') });
    const user = userEvent.setup();
    renderAdmin(<FilesScreen />, { route: '/admin/files' });
    await openHero(user);
    const history = within(screen.getByRole('region', { name: 'Revision history' }));
    expect(await history.findByText('aaaaaaa')).toBeInTheDocument();
    expect(history.getByText('ccccccc')).toBeInTheDocument();
    expect(history.getByText(/by setup/)).toBeInTheDocument();
    expect(history.getByText('Current')).toBeInTheDocument(); // r1 is what the editor holds

    await user.click(
      history.getByRole('button', { name: /^Restore the version saved .* \(ccccccc\)$/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Restore this version?' });
    expect(callsTo('POST', restoreUrl(HERO.path, 'r0'))).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));

    await waitFor(() => expect(callsTo('POST', restoreUrl(HERO.path, 'r0'))).toHaveLength(1));
    expect(await toasts().findByText(/^Restored the version saved /)).toBeInTheDocument();
    await waitFor(() => expect(callsTo('GET', HERO_URL)).toHaveLength(2));
    await waitFor(() => expect(callsTo('GET', revisionsUrl(HERO.path))).toHaveLength(2));
  });

  it('polls the publish state every 2 s while building, then stops once it is live', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const states = [publish('building'), publish('building'), publish('published')];
    serveEditor({ publish: () => Response.json(states.shift() ?? publish('published')) });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderAdmin(<FilesScreen />, { route: '/admin/files' });
    await openHero(user);
    expect(await screen.findByText('Publishing…')).toBeInTheDocument();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(PUBLISH_POLL_MS * 2);
    });
    expect(await screen.findByText('Live: your change is on the site')).toBeInTheDocument();
    const polls = callsTo('GET', '/api/admin/publish').length;
    expect(polls).toBe(3);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PUBLISH_POLL_MS * 5);
    });
    expect(callsTo('GET', '/api/admin/publish')).toHaveLength(polls);
  });

  it('after a publish the page gate refused, shows the file as the server took it back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const refused =
      'Not published: the page / has 2 <script> elements where the site’s own build writes 1: a section may not add or remove a script (from Hero Section). The live site is unchanged. Hero Section is back to the published version; the refused text is kept in the file’s history.';
    const states = [
      publish('published'),
      publish('building', { startedAt: '2026-05-10T11:00:01.000Z', finishedAt: null }),
      publish('failed', {
        error: refused,
        startedAt: '2026-05-10T11:00:01.000Z',
        finishedAt: '2026-05-10T11:00:09.000Z',
      }),
    ];
    serveEditor({
      publish: () => Response.json(states.length > 1 ? states.shift()! : states[0]!),
      save: () => saved('r2', SHA_2, '2026-05-10T11:00:00.000Z'),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderAdmin(<FilesScreen />, { route: '/admin/files' });
    const editor = await openHero(user);
    const loads = callsTo('GET', HERO_URL).length;
    setCode(editor, `${SOURCE}const more = 1;\n`);
    await user.click(screen.getByRole('button', { name: 'Save File' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PUBLISH_POLL_MS * 3);
    });
    expect(await screen.findByText(refused)).toBeInTheDocument();
    // The file as the server holds it now (its published version), and its history, again.
    await waitFor(() => expect(callsTo('GET', HERO_URL)).toHaveLength(loads + 1));
    await waitFor(() => expect(codeOf(editor)).toBe(SOURCE));
    await waitFor(() => expect(callsTo('GET', revisionsUrl(HERO.path)).length).toBeGreaterThan(2));
  });

  it('says why the site is being published when no save explains it', async () => {
    const reason =
      'No build is made from the saved files (hero-section.tsx changed since build b1): publishing them now, without waiting for a save.';
    serveEditor({ publish: () => Response.json(publish('building', { reason })) });
    const user = userEvent.setup();
    renderAdmin(<FilesScreen />, { route: '/admin/files' });
    await openHero(user);
    const note = screen.getByTestId('publish-status');
    await waitFor(() => expect(note).toHaveTextContent(`Publishing…${reason}`));
  });

  it('words every publish state', () => {
    expect(publishMessage(publish('building'), false)).toBe('Publishing…');
    expect(publishMessage(publish('published'), false)).toBe('Live: your change is on the site');
    expect(
      publishMessage(publish('failed', { error: 'prerender of /puppies failed' }), false),
    ).toBe('Publish failed: prerender of /puppies failed — the previous version is still live');
    const refused =
      'Not published: the page / has 2 <script> elements where the site’s own build writes 1: a section may not add or remove a script (from Hero Section). The live site is unchanged. Hero Section is back to the published version; the refused text is kept in the file’s history.';
    expect(publishMessage(publish('failed', { error: refused }), false)).toBe(refused);
    expect(publishMessage(publish('live-reload'), false)).toBe(
      'Development mode: changes show instantly',
    );
    expect(publishMessage(publish('idle'), false)).toBeNull();
    expect(publishMessage(publish('published'), true)).toBe('Publishing…');
  });

  it.each([
    ['bubblewrap', 'Rebuilds run in a sandbox (bubblewrap)'],
    ['node-permissions', 'Rebuilds run in a sandbox (Node permissions)'],
  ] as const)('with the publish state, says that rebuilds run in %s', async (sandbox, line) => {
    serveEditor({ publish: () => Response.json(publish('published', { sandbox })) });
    const user = userEvent.setup();
    renderAdmin(<FilesScreen />, { route: '/admin/files' });
    await openHero(user);
    expect(await screen.findByText(line)).toBeInTheDocument();
  });

  it('says nothing about a sandbox in development, where nothing is rebuilt', async () => {
    serveEditor({ publish: () => Response.json(publish('live-reload', { sandbox: null })) });
    const user = userEvent.setup();
    renderAdmin(<FilesScreen />, { route: '/admin/files' });
    await openHero(user);
    expect(await screen.findByText('Development mode: changes show instantly')).toBeInTheDocument();
    expect(screen.queryByText(/sandbox/)).not.toBeInTheDocument();
    expect(sandboxMessage(publish('live-reload', { sandbox: null }))).toBeNull();
  });

  it('a 401 on a file call clears the session and goes to /admin/login', async () => {
    serveEditor({ words: () => new Response('', { status: 401 }) });
    const user = userEvent.setup();
    renderAdmin(<FilesScreen />, { route: '/admin/files' });
    await chooseFile(user, HERO.name);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/login'));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });
});
