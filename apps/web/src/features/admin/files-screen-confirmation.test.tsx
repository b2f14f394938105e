import { API_ROUTES, CONFIRMATION_REQUIRED, restoreUrl } from '@cedar/api-contract';
import { STORAGE_KEYS } from '@cedar/content';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, type HttpResponseResolver } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FilesScreen } from './files-screen';
import {
  HERO,
  HERO_URL,
  SHA_0,
  SHA_2,
  codeOf,
  openHero,
  saved,
  serveEditor,
  setCode,
} from './test/editor-fixtures';
import {
  api,
  callsTo,
  deferred,
  renderAdmin,
  resetToasts,
  signIn,
  toasts,
} from './test/render-admin';

const EDITED = "export const hero = {\n  headline: 'Bluff Labs',\n};\n";
const PASSWORD = 'correct horse battery staple';
const needsConfirmation = () =>
  Response.json(
    {
      error: CONFIRMATION_REQUIRED,
      message: 'Confirm your password to save code. It is asked again after 15 minutes.',
    },
    { status: 403 },
  );
const confirmedUntil = () => Response.json({ confirmedUntil: '2026-05-10T10:15:00.000Z' });
const wrongPassword = () =>
  Response.json(
    { error: 'wrong_password', message: 'That is not your current password.' },
    { status: 403 },
  );

/** Answers each call with the next resolver of the list, the last one from then on. */
function inTurn(...resolvers: HttpResponseResolver[]): HttpResponseResolver {
  let call = 0;
  return (info) => resolvers[Math.min(call++, resolvers.length - 1)]!(info);
}

function serveConfirm(resolver: HttpResponseResolver) {
  api.use(http.post(API_ROUTES.confirmPassword.path, resolver));
}

async function editAndSave(user: ReturnType<typeof userEvent.setup>) {
  const editor = await openHero(user);
  setCode(editor, EDITED);
  await user.click(screen.getByRole('button', { name: 'Save File' }));
  return editor;
}

async function prompt() {
  return within(await screen.findByRole('form', { name: /^Confirm your password to / }));
}

vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  localStorage.clear();
  signIn();
});
afterEach(resetToasts);

describe('file editor: password confirmation for code saves', () => {
  it('asks for the password inline, keeps the text, and saves it once confirmed', async () => {
    serveEditor({
      save: inTurn(needsConfirmation, () => saved('r2', SHA_2, '2026-05-10T10:00:00.000Z')),
    });
    serveConfirm(confirmedUntil);
    const user = userEvent.setup();
    renderAdmin(<FilesScreen />, { route: '/admin/files' });
    const editor = await editAndSave(user);

    const form = await prompt();
    expect(form.getByText('Confirm your password to save this file')).toBeInTheDocument();
    expect(
      form.getByText(
        'Code in this file runs on the server when the site is rebuilt, so saving it needs your password again after 15 minutes.',
      ),
    ).toBeInTheDocument();
    const password = form.getByLabelText('Your password');
    await waitFor(() => expect(password).toHaveFocus());
    expect(codeOf(editor)).toBe(EDITED);
    expect(toasts().queryByText('Failed to save file')).not.toBeInTheDocument();

    await user.type(password, PASSWORD);
    await user.click(form.getByRole('button', { name: 'Confirm' }));

    expect(await toasts().findByText('File saved successfully!')).toBeInTheDocument();
    const [confirm] = callsTo('POST', API_ROUTES.confirmPassword.path);
    expect(confirm?.credentials).toBe('include');
    expect(confirm?.headers.get('Content-Type')).toBe('application/json');
    expect(await confirm?.json()).toEqual({ password: PASSWORD });
    const saves = callsTo('PUT', HERO_URL);
    expect(saves).toHaveLength(2);
    expect(await saves[1]?.text()).toBe(EDITED);
    expect(screen.queryByRole('form', { name: /^Confirm your password/ })).not.toBeInTheDocument();
    expect(codeOf(editor)).toBe(EDITED);
  });

  it('says "That is not your current password." inline and saves nothing until it is right', async () => {
    serveEditor({
      save: inTurn(needsConfirmation, () => saved('r2', SHA_2, '2026-05-10T10:00:00.000Z')),
    });
    serveConfirm(inTurn(wrongPassword, confirmedUntil));
    const user = userEvent.setup();
    renderAdmin(<FilesScreen />, { route: '/admin/files' });
    const editor = await editAndSave(user);
    const form = await prompt();
    const password = form.getByLabelText('Your password');

    await user.type(password, 'not it');
    await user.click(form.getByRole('button', { name: 'Confirm' }));
    expect(await form.findByText('That is not your current password.')).toBeInTheDocument();
    expect(password).toHaveAccessibleDescription('That is not your current password.');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo('PUT', HERO_URL)).toHaveLength(1);
    expect(codeOf(editor)).toBe(EDITED);

    await user.clear(password);
    await user.type(password, `${PASSWORD}{Enter}`);
    expect(await toasts().findByText('File saved successfully!')).toBeInTheDocument();
    expect(callsTo('PUT', HERO_URL)).toHaveLength(2);
  });

  it('saves the text as it is when the confirmation answers, even if typed meanwhile', async () => {
    const answer = deferred<void>();
    serveEditor({
      save: inTurn(needsConfirmation, () => saved('r2', SHA_2, '2026-05-10T10:00:00.000Z')),
    });
    serveConfirm(async () => {
      await answer.promise;
      return confirmedUntil();
    });
    const user = userEvent.setup();
    renderAdmin(<FilesScreen />, { route: '/admin/files' });
    const editor = await editAndSave(user);
    const form = await prompt();
    await user.type(form.getByLabelText('Your password'), PASSWORD);
    await user.click(form.getByRole('button', { name: 'Confirm' }));
    expect(await form.findByRole('button', { name: 'Confirming...' })).toBeDisabled();
    setCode(editor, `${EDITED}// and one more line\n`);
    answer.resolve();
    expect(await toasts().findByText('File saved successfully!')).toBeInTheDocument();
    expect(await callsTo('PUT', HERO_URL)[1]?.text()).toBe(`${EDITED}// and one more line\n`);
  });

  it("after too many wrong tries shows the server's message", async () => {
    serveEditor({ save: needsConfirmation });
    serveConfirm(() =>
      Response.json(
        {
          error: 'too_many_attempts',
          message: 'Too many failed logins. Try again in 15 minutes.',
        },
        { status: 429, headers: { 'Retry-After': '900' } },
      ),
    );
    const user = userEvent.setup();
    renderAdmin(<FilesScreen />, { route: '/admin/files' });
    await editAndSave(user);
    const form = await prompt();
    await user.type(form.getByLabelText('Your password'), 'guess{Enter}');
    expect(
      await form.findByText('Too many failed logins. Try again in 15 minutes.'),
    ).toBeInTheDocument();
    expect(callsTo('PUT', HERO_URL)).toHaveLength(1);
  });

  it('shows a refusal naming the password field on it, in the server’s words', async () => {
    serveEditor({ save: needsConfirmation });
    serveConfirm(() =>
      Response.json(
        {
          error: 'bad_request',
          message: 'Invalid body: password: Too big: expected string to have <=256 characters',
          details: [
            { path: 'password', message: 'Too big: expected string to have <=256 characters' },
          ],
        },
        { status: 400 },
      ),
    );
    const user = userEvent.setup();
    renderAdmin(<FilesScreen />, { route: '/admin/files' });
    await editAndSave(user);
    const form = await prompt();
    const password = form.getByLabelText('Your password');
    await user.type(password, 'guess{Enter}');
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription(
        'Too big: expected string to have <=256 characters',
      ),
    );
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo('PUT', HERO_URL)).toHaveLength(1);
  });

  it('asks for the password when Confirm is pressed with none, without asking the server', async () => {
    serveEditor({ save: needsConfirmation });
    const user = userEvent.setup();
    renderAdmin(<FilesScreen />, { route: '/admin/files' });
    await editAndSave(user);
    const form = await prompt();
    await user.click(form.getByRole('button', { name: 'Confirm' }));
    expect(await form.findByText('Enter your password.')).toBeInTheDocument();
    expect(callsTo('POST', API_ROUTES.confirmPassword.path)).toHaveLength(0);
  });

  it('Cancel closes the prompt; the text stays and nothing is saved', async () => {
    serveEditor({ save: needsConfirmation });
    const user = userEvent.setup();
    renderAdmin(<FilesScreen />, { route: '/admin/files' });
    const editor = await editAndSave(user);
    const form = await prompt();
    await user.click(form.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: /^Confirm your password/ })).not.toBeInTheDocument();
    expect(codeOf(editor)).toBe(EDITED);
    expect(callsTo('PUT', HERO_URL)).toHaveLength(1);
  });

  it('retries once: a server that still wants a confirmation gets the prompt again, not a loop', async () => {
    serveEditor({ save: needsConfirmation });
    serveConfirm(confirmedUntil);
    const user = userEvent.setup();
    renderAdmin(<FilesScreen />, { route: '/admin/files' });
    await editAndSave(user);
    await user.type((await prompt()).getByLabelText('Your password'), `${PASSWORD}{Enter}`);
    await waitFor(() => expect(callsTo('PUT', HERO_URL)).toHaveLength(2));
    expect(await prompt()).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(callsTo('PUT', HERO_URL)).toHaveLength(2);
  });

  it('restoring a version asks too, and restores once confirmed', async () => {
    serveEditor({
      restore: inTurn(needsConfirmation, () => saved('r3', SHA_0, '2026-05-10T11:00:00.000Z')),
    });
    serveConfirm(confirmedUntil);
    const user = userEvent.setup();
    renderAdmin(<FilesScreen />, { route: '/admin/files' });
    await openHero(user);
    await user.click(
      await screen.findByRole('button', { name: /^Restore the version saved .* \(ccccccc\)$/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Restore this version?' });
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));

    const form = await prompt();
    expect(form.getByText('Confirm your password to restore this version')).toBeInTheDocument();
    expect(
      form.getByText(
        'Code in this file runs on the server when the site is rebuilt, so restoring a version needs your password again after 15 minutes.',
      ),
    ).toBeInTheDocument();
    expect(toasts().queryByText('Failed to restore the revision')).not.toBeInTheDocument();
    await user.type(form.getByLabelText('Your password'), `${PASSWORD}{Enter}`);

    expect(await toasts().findByText(/^Restored the version saved /)).toBeInTheDocument();
    expect(callsTo('POST', restoreUrl(HERO.path, 'r0'))).toHaveLength(2);
  });

  it('a 401 while confirming means the session ended: it goes to the login page', async () => {
    serveEditor({ save: needsConfirmation });
    serveConfirm(() => new Response('', { status: 401 }));
    const user = userEvent.setup();
    renderAdmin(<FilesScreen />, { route: '/admin/files' });
    await editAndSave(user);
    await user.type((await prompt()).getByLabelText('Your password'), `${PASSWORD}{Enter}`);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/login'));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });
});
