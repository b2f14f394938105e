import { wordsUrl } from '@cedar/api-contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditorView } from '@uiw/react-codemirror';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PUBLISH_POLL_MS } from './api/publish-status';
import { formatDuration, progressMessage } from './components/publish-status-note';
import { wordLabel } from './components/words-form';
import { FilesScreen } from './files-screen';
import {
  HERO,
  HERO_URL,
  SHA_1,
  SHA_2,
  SOURCE,
  WORDS,
  chooseFile,
  codeOf,
  openHero,
  openHeroWords,
  publish,
  saved,
  serveEditor,
  setCode,
} from './test/editor-fixtures';
import { callsTo, renderAdmin, resetToasts, signIn, toasts } from './test/render-admin';

vi.setConfig({ testTimeout: 20_000 });

const WORDS_URL = wordsUrl(HERO.path);

beforeEach(() => {
  localStorage.clear();
  signIn();
});
afterEach(() => {
  resetToasts();
  vi.useRealTimers();
});

describe('words mode', () => {
  it('is what the editor opens in: one labelled field per word, in order, one line or several by length', async () => {
    serveEditor();
    const user = userEvent.setup();
    renderAdmin(<FilesScreen />, { route: '/admin/files' });
    const headline = await openHeroWords(user);
    expect(screen.getByRole('radio', { name: 'Words' })).toBeChecked();
    expect(headline.tagName).toBe('INPUT');
    const step = screen.getByRole('textbox', { name: 'Step 1: Text' });
    expect(step.tagName).toBe('TEXTAREA');
    expect(step).toHaveValue(WORDS[1]!.value);
    const fields = screen.getAllByRole('textbox');
    expect(fields.indexOf(headline)).toBeLessThan(fields.indexOf(step));
    // The code editor is not loaded, nor the file's text asked for.
    expect(screen.queryByRole('textbox', { name: HERO.path })).not.toBeInTheDocument();
    expect(callsTo('GET', HERO_URL)).toHaveLength(0);
  });

  it('labels a word from its key', () => {
    expect(wordLabel('headline')).toBe('Headline');
    expect(wordLabel('primaryButton')).toBe('Primary button');
    expect(wordLabel('steps.1.title')).toBe('Step 2: Title');
    expect(wordLabel('paragraphs.0')).toBe('Paragraph 1');
    expect(wordLabel('places.2.imageAlt')).toBe('Place 3: Image alt');
    expect(wordLabel('address.0')).toBe('Address 1');
  });

  it('saves only the changed words as JSON with If-Match, without asking for the password', async () => {
    serveEditor({ saveWords: () => saved('r2', SHA_2, '2026-05-10T10:00:00.000Z') });
    const user = userEvent.setup();
    renderAdmin(<FilesScreen />, { route: '/admin/files' });
    const headline = await openHeroWords(user);
    const typed = `It's "ours" 🐶 \${x} </script> <b>`;
    await user.clear(headline);
    await user.type(headline, typed.replace(/[{[]/g, '$&$&'));
    expect(headline).toHaveValue(typed);
    await user.click(screen.getByRole('button', { name: 'Save File' }));

    expect(await toasts().findByText('File saved successfully!')).toBeInTheDocument();
    const [call] = callsTo('PUT', WORDS_URL);
    expect(call?.headers.get('Content-Type')).toBe('application/json');
    expect(call?.headers.get('If-Match')).toBe(`"${SHA_1}"`);
    expect(await call?.json()).toEqual({ words: [{ key: 'headline', value: typed }] });
    expect(screen.queryByRole('form', { name: /^Confirm your password/ })).not.toBeInTheDocument();
    expect(callsTo('PUT', HERO_URL)).toHaveLength(0);

    // Saved: nothing is left to send, and the next save carries the new version's tag.
    await user.click(screen.getByRole('button', { name: 'Save File' }));
    await waitFor(() => expect(callsTo('PUT', WORDS_URL)).toHaveLength(2));
    const second = callsTo('PUT', WORDS_URL)[1]!;
    expect(second.headers.get('If-Match')).toBe(`"${SHA_2}"`);
    expect(await second.json()).toEqual({ words: [] });
  });

  it('shows a refusal of the words in its own words', async () => {
    serveEditor({
      saveWords: () =>
        Response.json(
          {
            error: 'unknown_word',
            message: 'This file has no word headline. Reload the file, then save again.',
            keys: ['headline'],
          },
          { status: 422 },
        ),
    });
    const user = userEvent.setup();
    renderAdmin(<FilesScreen />, { route: '/admin/files' });
    await user.type(await openHeroWords(user), '!');
    await user.click(screen.getByRole('button', { name: 'Save File' }));
    const alert = (await screen.findByText('Not saved: the file changed its words')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(
      within(alert).getByText('This file has no word headline. Reload the file, then save again.'),
    ).toBeInTheDocument();
    expect(await toasts().findByText('Failed to save file')).toBeInTheDocument();
  });

  it('on a conflict (409) offers to reload the words, which replaces the fields', async () => {
    serveEditor({
      saveWords: () => Response.json({ error: 'conflict', message: 'changed' }, { status: 409 }),
    });
    const user = userEvent.setup();
    renderAdmin(<FilesScreen />, { route: '/admin/files' });
    const headline = await openHeroWords(user);
    await user.type(headline, ' and more');
    await user.click(screen.getByRole('button', { name: 'Save File' }));
    expect(await screen.findByText('This file changed since you loaded it')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reload file' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Headline' })).toHaveValue(WORDS[0]!.value),
    );
    expect(callsTo('GET', WORDS_URL)).toHaveLength(2);
  });

  it('says when a file has no words, and Code is the way to edit it', async () => {
    serveEditor({ words: () => Response.json({ sha256: SHA_1, words: [] }) });
    const user = userEvent.setup();
    renderAdmin(<FilesScreen />, { route: '/admin/files' });
    await chooseFile(user, HERO.name);
    expect(
      await screen.findByText(
        'This file has no words to change here. Choose Code to edit it as code.',
      ),
    ).toBeInTheDocument();
  });

  it('asks before switching modes drops unsaved changes; Cancel keeps them', async () => {
    serveEditor();
    const user = userEvent.setup();
    renderAdmin(<FilesScreen />, { route: '/admin/files' });
    const headline = await openHeroWords(user);
    await user.type(headline, ' (new)');
    await user.click(screen.getByRole('radio', { name: 'Code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switch to Code?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('textbox', { name: 'Headline' })).toHaveValue(
      `${WORDS[0]!.value} (new)`,
    );
    expect(screen.getByRole('radio', { name: 'Words' })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'Code' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Switch to Code?' })).getByRole('button', {
        name: 'Switch and discard',
      }),
    );
    const editor = await screen.findByRole('textbox', { name: HERO.path });
    await waitFor(() => expect(codeOf(editor)).toBe(SOURCE));
  });
});

describe('code mode', () => {
  it('is off, saying why, where the server cannot build edited code in its sandbox; words still work', async () => {
    const why =
      'Code mode is off on this server: bubblewrap cannot run here (bwrap cannot be started (ENOENT)), and edited code is built only inside it. Words, litters and photos still publish.';
    serveEditor({ publish: () => Response.json(publish('idle', { codeOff: why })) });
    const user = userEvent.setup();
    renderAdmin(<FilesScreen />, { route: '/admin/files' });
    const headline = await openHeroWords(user);
    expect(await screen.findByText(why)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Code' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Words' })).toBeChecked();
    expect(headline).toBeEnabled();
  });

  it('marks the line of a refused save and moves the cursor to its line and column', async () => {
    serveEditor({
      save: () =>
        Response.json(
          {
            error: 'syntax_error',
            message: 'Syntax error at line 2, column 13: Unterminated string literal.',
            line: 2,
            column: 13,
          },
          { status: 422 },
        ),
    });
    const user = userEvent.setup();
    renderAdmin(<FilesScreen />, { route: '/admin/files' });
    const editor = await openHero(user);
    setCode(editor, "const copy = {\n  headline: 'Cedar Bluff,\n};\n");
    expect(document.querySelector('.cm-refused-line')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save File' }));
    expect(await screen.findByText('Not saved: the file has a syntax error')).toBeInTheDocument();

    await waitFor(() => expect(document.querySelector('.cm-refused-line')).not.toBeNull());
    const lines = [...editor.querySelectorAll('.cm-line')];
    expect(lines.map((l) => l.classList.contains('cm-refused-line'))).toEqual([
      false,
      true,
      false,
      false,
    ]);
    const view = EditorView.findFromDOM(editor)!;
    const head = view.state.selection.main.head;
    expect(view.state.doc.lineAt(head).number).toBe(2);
    expect(head - view.state.doc.line(2).from).toBe(12);
    expect(view.hasFocus).toBe(true);
  });
});

describe('publishing as the owner sees it', () => {
  it('words durations', () => {
    expect(formatDuration(42_400)).toBe('42 s');
    expect(formatDuration(70_000)).toBe('1 min 10 s');
    expect(formatDuration(120_000)).toBe('2 min');
    expect(progressMessage(5000, null)).toBe('5 s so far');
    expect(progressMessage(null, 90_000)).toBe('usually about 1 min 30 s');
    expect(progressMessage(null, null)).toBeNull();
  });

  it('counts the running build up each second beside the usual duration, then links to the changed page', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const states = [
      publish('published', { startedAt: '2026-05-10T09:00:00.000Z', usualMs: 70_000 }),
      publish('building', {
        startedAt: '2026-05-10T10:00:01.000Z',
        elapsedMs: 42_000,
        usualMs: 70_000,
      }),
      publish('published', { startedAt: '2026-05-10T10:00:01.000Z', usualMs: 70_000 }),
    ];
    serveEditor({
      publish: () => Response.json(states.length > 1 ? states.shift() : states[0]),
      saveWords: () => saved('r2', SHA_2, '2026-05-10T10:00:00.000Z'),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderAdmin(<FilesScreen />, { route: '/admin/files' });
    await user.type(await openHeroWords(user), '!');
    expect(screen.queryByRole('link', { name: /^View page/ })).not.toBeInTheDocument();
    // The save refreshes the publish state: the build of the change is running.
    await user.click(screen.getByRole('button', { name: 'Save File' }));
    const progress = await screen.findByTestId('publish-progress');
    expect(progress).toHaveTextContent(/^4\d s so far, usually about 1 min 10 s$/);
    const before = Number(/^(\d+)/.exec(progress.textContent!)![1]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(Number(/^(\d+)/.exec(progress.textContent!)![1])).toBe(before + 1);
    expect(screen.getByTestId('publish-status')).toHaveTextContent('Publishing…');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(PUBLISH_POLL_MS);
    });
    expect(await screen.findByText('Live: your change is on the site')).toBeInTheDocument();
    expect(screen.queryByTestId('publish-progress')).not.toBeInTheDocument();
    const link = screen.getByRole('link', { name: /^View page/ });
    expect(link).toHaveTextContent(/^View page\s*\(opens in a new tab\)$/);
    expect(link).toHaveAttribute('href', '/');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('after a save that changed nothing, says nothing about publishing', async () => {
    serveEditor({
      publish: () => Response.json(publish('idle', { startedAt: null, finishedAt: null })),
      saveWords: () => saved('r1', SHA_1, '2026-05-10T09:00:00.000Z', false),
    });
    const user = userEvent.setup();
    renderAdmin(<FilesScreen />, { route: '/admin/files' });
    await openHeroWords(user);
    await user.click(screen.getByRole('button', { name: 'Save File' }));
    expect(await toasts().findByText('File saved successfully!')).toBeInTheDocument();
    await waitFor(() => expect(callsTo('GET', '/api/admin/publish')).toHaveLength(2));
    expect(screen.getByTestId('publish-status')).toHaveTextContent(/^$/);
  });

  it('offers no View page link for a publish the owner did not start here', async () => {
    serveEditor();
    const user = userEvent.setup();
    renderAdmin(<FilesScreen />, { route: '/admin/files' });
    await openHeroWords(user);
    expect(await screen.findByText('Live: your change is on the site')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^View page/ })).not.toBeInTheDocument();
  });
});
