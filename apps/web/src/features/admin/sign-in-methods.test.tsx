import {
  API_ROUTES,
  disableTotpRequestSchema,
  enableTotpRequestSchema,
  type Factors,
  passkeyUrl,
  renamePasskeyRequestSchema,
} from '@cedar/api-contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SignInMethods } from './components/sign-in-methods';
import { formatDateTime } from './lib/dates';
import { expectFieldError, schemaMessage } from './test/fields';
import { api, callsTo, renderAdmin, resetToasts, signIn, toasts } from './test/render-admin';
import { REGISTRATION, resetWebAuthn, servePasswordFirst, webauthn } from './test/webauthn';

// jsdom has no WebAuthn: the browser's is the test's (test/webauthn.ts).
vi.mock('@simplewebauthn/browser', async () => (await import('./test/webauthn')).mockedWebAuthn());

vi.setConfig({ testTimeout: 20_000 });

const LAPTOP = {
  id: 'Y3JlZC1h',
  name: 'Laptop',
  createdAt: '2026-05-10T09:00:00.000Z',
  lastUsedAt: '2026-05-11T08:15:00.000Z',
  synced: true,
  backedUp: true,
};
const KEY = { ...LAPTOP, id: 'Y3JlZC1i', name: 'Security key', lastUsedAt: null, synced: false };
const OFF: Factors = {
  passkeys: [],
  totp: { enabled: false, recoveryCodesLeft: 0 },
  required: false,
};
const CODES = Array.from({ length: 10 }, (_, i) =>
  `abcd-efgh-ijkl-mn${'234567ab'[i % 8]}${i}`.slice(0, 19),
);

let factors: Factors;
beforeEach(() => {
  signIn();
  factors = structuredClone(OFF);
  resetWebAuthn(true);
  api.use(http.get(API_ROUTES.factors.path, () => Response.json(factors)));
});
afterEach(resetToasts);

describe('passkeys on the Security screen', () => {
  it('lists each passkey with its name, when it was added and last used, or that it was not used yet', async () => {
    factors.passkeys = [LAPTOP, KEY];
    renderAdmin(<SignInMethods />, { route: '/admin/security' });
    const list = await screen.findByRole('list', { name: 'Your passkeys' });
    const [laptop, key] = within(list).getAllByRole('listitem');
    expect(laptop).toHaveTextContent('Laptop');
    expect(within(laptop!).getByText('Synced')).toBeInTheDocument();
    expect(laptop).toHaveTextContent(`Last used ${formatDateTime(LAPTOP.lastUsedAt)}`);
    expect(key).toHaveTextContent('Security key');
    expect(key).toHaveTextContent('Not used yet');
  });

  it('adds a named passkey through the browser prompt and lists it', async () => {
    const user = userEvent.setup();
    webauthn.startRegistration.mockResolvedValue(REGISTRATION);
    api.use(
      http.post(API_ROUTES.passkeyRegistrationOptions.path, () =>
        Response.json({ options: { challenge: 'abc' } }),
      ),
      http.post(API_ROUTES.addPasskey.path, () => {
        factors.passkeys = [LAPTOP];
        return Response.json(LAPTOP, { status: 201 });
      }),
    );
    renderAdmin(<SignInMethods />, { route: '/admin/security' });
    expect(await screen.findByText('You have no passkeys yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByText('Give the passkey a name.')).toBeInTheDocument();
    expect(callsTo('POST', API_ROUTES.passkeyRegistrationOptions.path)).toHaveLength(0);
    await user.type(screen.getByLabelText(/Name of the new passkey/), 'Laptop');
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByRole('list', { name: 'Your passkeys' })).toHaveTextContent('Laptop');
    expect(webauthn.startRegistration).toHaveBeenCalledWith({ optionsJSON: { challenge: 'abc' } });
    const [added] = callsTo('POST', API_ROUTES.addPasskey.path);
    expect(await added!.json()).toEqual({ name: 'Laptop', response: REGISTRATION });
    expect(toasts().getByText('Laptop can now sign you in.')).toBeInTheDocument();
  });

  it('asks for the password first when the server wants it confirmed, then goes on', async () => {
    const user = userEvent.setup();
    webauthn.startRegistration.mockResolvedValue(REGISTRATION);
    servePasswordFirst(api);
    api.use(http.post(API_ROUTES.addPasskey.path, () => Response.json(LAPTOP, { status: 201 })));
    renderAdmin(<SignInMethods />, { route: '/admin/security' });
    await user.type(await screen.findByLabelText(/Name of the new passkey/), 'Laptop');
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(
      await screen.findByText('Confirm your password to add a sign-in method'),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Your password'), 'kennel-ledger-harbor-42');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(callsTo('POST', API_ROUTES.addPasskey.path)).toHaveLength(1));
  });

  it('says so when the prompt was closed, and the server’s reason when it refused', async () => {
    const user = userEvent.setup();
    api.use(
      http.post(API_ROUTES.passkeyRegistrationOptions.path, () =>
        Response.json({ options: { challenge: 'abc' } }),
      ),
      http.post(API_ROUTES.addPasskey.path, () =>
        Response.json(
          { error: 'passkey_exists', message: 'This passkey is registered already.' },
          { status: 409 },
        ),
      ),
    );
    webauthn.startRegistration.mockRejectedValueOnce(
      Object.assign(new Error('closed'), { name: 'NotAllowedError' }),
    );
    renderAdmin(<SignInMethods />, { route: '/admin/security' });
    await user.type(await screen.findByLabelText(/Name of the new passkey/), 'Laptop');
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(
      await toasts().findByText('No passkey was added: the prompt was closed.'),
    ).toBeInTheDocument();
    webauthn.startRegistration.mockResolvedValue(REGISTRATION);
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(await toasts().findByText('This passkey is registered already.')).toBeInTheDocument();
  });

  it('says the API’s rule for a new passkey’s name on its field, and the server’s refusal of it there', async () => {
    const user = userEvent.setup();
    webauthn.startRegistration.mockResolvedValue(REGISTRATION);
    api.use(
      http.post(API_ROUTES.passkeyRegistrationOptions.path, () =>
        Response.json({ options: { challenge: 'abc' } }),
      ),
      http.post(API_ROUTES.addPasskey.path, () =>
        Response.json(
          {
            error: 'bad_request',
            message: 'name: The server says no to this name.',
            details: [{ path: 'name', message: 'The server says no to this name.' }],
          },
          { status: 400 },
        ),
      ),
    );
    renderAdmin(<SignInMethods />, { route: '/admin/security' });
    const field = await screen.findByLabelText(/Name of the new passkey/);
    await user.type(field, '   ');
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    await waitFor(() =>
      expectFieldError(field, schemaMessage(renamePasskeyRequestSchema, { name: '   ' })),
    );
    expect(callsTo('POST', API_ROUTES.passkeyRegistrationOptions.path)).toHaveLength(0);
    await user.type(field, 'Laptop');
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    await waitFor(() => expectFieldError(field, 'The server says no to this name.'));
  });

  it('removes a passkey after asking', async () => {
    const user = userEvent.setup();
    factors.passkeys = [LAPTOP];
    api.use(
      http.delete(passkeyUrl(LAPTOP.id), () => {
        factors.passkeys = [];
        return new Response(null, { status: 204 });
      }),
    );
    renderAdmin(<SignInMethods />, { route: '/admin/security' });
    await user.click(await screen.findByRole('button', { name: 'Remove passkey Laptop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this passkey?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove passkey' }));
    expect(await screen.findByText('You have no passkeys yet.')).toBeInTheDocument();
    expect(callsTo('DELETE', passkeyUrl(LAPTOP.id))).toHaveLength(1);
  });

  it('renames a passkey inline: the API’s rule on the field before asking, its refusal on the field after', async () => {
    const user = userEvent.setup();
    factors.passkeys = [LAPTOP];
    api.use(
      http.patch(passkeyUrl(LAPTOP.id), async ({ request }) => {
        const { name } = (await request.json()) as { name: string };
        if (name === 'Taken')
          return Response.json(
            {
              error: 'bad_request',
              message: 'name: The server says no to this name.',
              details: [{ path: 'name', message: 'The server says no to this name.' }],
            },
            { status: 400 },
          );
        factors.passkeys = [{ ...LAPTOP, name }];
        return Response.json({ ...LAPTOP, name });
      }),
    );
    renderAdmin(<SignInMethods />, { route: '/admin/security' });
    await user.click(await screen.findByRole('button', { name: 'Rename passkey Laptop' }));
    const form = screen.getByRole('form', { name: 'Rename passkey Laptop' });
    const field = within(form).getByLabelText('New name');
    expect(field).toHaveValue('Laptop');
    expect(field).toHaveFocus();
    await user.clear(field);
    await user.type(field, '   ');
    await user.click(within(form).getByRole('button', { name: 'Save name' }));
    expect(await within(form).findByText('Give the passkey a name.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo('PATCH', passkeyUrl(LAPTOP.id))).toHaveLength(0);
    await user.clear(field);
    await user.type(field, 'Taken');
    await user.click(within(form).getByRole('button', { name: 'Save name' }));
    expect(await within(form).findByText('The server says no to this name.')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '  Work laptop ');
    await user.click(within(form).getByRole('button', { name: 'Save name' }));
    expect(await toasts().findByText('Laptop is now called Work laptop.')).toBeInTheDocument();
    const calls = callsTo('PATCH', passkeyUrl(LAPTOP.id));
    expect(await calls.at(-1)!.json()).toEqual({ name: 'Work laptop' });
    const list = await screen.findByRole('list', { name: 'Your passkeys' });
    await waitFor(() => expect(list).toHaveTextContent('Work laptop'));
    expect(screen.queryByRole('form', { name: /Rename passkey/ })).not.toBeInTheDocument();
  });

  it('leaves the name as it was on Cancel', async () => {
    const user = userEvent.setup();
    factors.passkeys = [LAPTOP];
    renderAdmin(<SignInMethods />, { route: '/admin/security' });
    await user.click(await screen.findByRole('button', { name: 'Rename passkey Laptop' }));
    await user.type(screen.getByLabelText('New name'), ' 2');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('New name')).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Your passkeys' })).toHaveTextContent('Laptop');
    expect(callsTo('PATCH', passkeyUrl(LAPTOP.id))).toHaveLength(0);
  });

  it('offers no passkey to add where the browser cannot make one', async () => {
    webauthn.supported = false;
    renderAdmin(<SignInMethods />, { route: '/admin/security' });
    expect(await screen.findByText('This browser cannot make passkeys.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).not.toBeInTheDocument();
  });
});

describe('two-step sign-in on the Security screen', () => {
  it('sets up an authenticator app: QR code, the key as text, a first code, then the recovery codes once', async () => {
    const user = userEvent.setup();
    api.use(
      http.post(API_ROUTES.totpSetup.path, () =>
        Response.json({
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          uri: 'otpauth://totp/x',
          qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
        }),
      ),
      http.post(API_ROUTES.enableTotp.path, async ({ request }) => {
        const { code } = (await request.json()) as { code: string };
        if (code !== '123456')
          return Response.json(
            {
              error: 'wrong_code',
              message: 'That code is not right. Enter the code your authenticator app shows now.',
            },
            { status: 422 },
          );
        factors.totp = { enabled: true, recoveryCodesLeft: 10 };
        return Response.json({ recoveryCodes: CODES });
      }),
    );
    renderAdmin(<SignInMethods />, { route: '/admin/security' });
    expect(await screen.findByText('Off. Your password alone signs you in.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set up an authenticator app' }));
    expect(
      await screen.findByRole('img', { name: 'QR code for your authenticator app' }),
    ).toHaveAttribute('src', 'data:image/svg+xml;base64,PHN2Zy8+');
    expect(screen.getByLabelText('Secret key')).toHaveTextContent(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );
    const code = screen.getByLabelText('Code from the app');
    await user.type(code, '12');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const rule = schemaMessage(enableTotpRequestSchema, { code: '12' });
    expect(await screen.findByText(rule)).toBeInTheDocument();
    expectFieldError(code, rule);
    expect(callsTo('POST', API_ROUTES.enableTotp.path)).toHaveLength(0);
    await user.type(code, '0000');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText(/That code is not right/)).toBeInTheDocument();
    expectFieldError(code, 'That code is not right.');
    await user.clear(screen.getByLabelText('Code from the app'));
    await user.type(screen.getByLabelText('Code from the app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(await screen.findByText(/Recovery codes left: 10 of 10/)).toBeInTheDocument();
  });

  it('turns two-step sign-in off with the password, and shows the server’s answer to a wrong one', async () => {
    const user = userEvent.setup();
    factors.totp = { enabled: true, recoveryCodesLeft: 7 };
    api.use(
      http.post(API_ROUTES.disableTotp.path, async ({ request }) => {
        const { password } = (await request.json()) as { password: string };
        if (password !== 'kennel-ledger-harbor-42')
          return Response.json(
            { error: 'wrong_password', message: 'That is not your current password.' },
            { status: 403 },
          );
        factors.totp = { enabled: false, recoveryCodesLeft: 0 };
        return new Response(null, { status: 204 });
      }),
    );
    renderAdmin(<SignInMethods />, { route: '/admin/security' });
    expect(await screen.findByText(/Recovery codes left: 7 of 10/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    const password = screen.getByLabelText('Your password');
    await user.click(screen.getByRole('button', { name: 'Turn off two-step sign-in' }));
    const rule = schemaMessage(disableTotpRequestSchema.options[0], { password: '' });
    expect(await screen.findByText(rule)).toBeInTheDocument();
    expectFieldError(password, rule);
    expect(callsTo('POST', API_ROUTES.disableTotp.path)).toHaveLength(0);
    await user.type(password, 'wrong');
    await user.click(screen.getByRole('button', { name: 'Turn off two-step sign-in' }));
    expect(await screen.findByText('That is not your current password.')).toBeInTheDocument();
    expectFieldError(password, 'That is not your current password.');
    await user.clear(screen.getByLabelText('Your password'));
    await user.type(screen.getByLabelText('Your password'), 'kennel-ledger-harbor-42');
    await user.click(screen.getByRole('button', { name: 'Turn off two-step sign-in' }));
    expect(await screen.findByText('Off. Your password alone signs you in.')).toBeInTheDocument();
  });

  it('makes ten new recovery codes after asking, shows them once, and asks for the password first when the server wants it', async () => {
    const user = userEvent.setup();
    factors.totp = { enabled: true, recoveryCodesLeft: 2 };
    let confirmed = false;
    const NEW = CODES.map((c) => c.replace('abcd', 'wxyz'));
    api.use(
      http.post(API_ROUTES.newRecoveryCodes.path, () => {
        if (!confirmed)
          return Response.json(
            { error: 'confirmation_required', message: 'Please confirm your password first.' },
            { status: 403 },
          );
        factors.totp = { enabled: true, recoveryCodesLeft: 10 };
        return Response.json({ recoveryCodes: NEW });
      }),
      http.post(API_ROUTES.confirmPassword.path, () => {
        confirmed = true;
        return Response.json({ confirmedUntil: '2026-05-10T09:15:00.000Z' });
      }),
    );
    renderAdmin(<SignInMethods />, { route: '/admin/security' });
    expect(await screen.findByText(/Recovery codes left: 2 of 10/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Make new recovery codes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make new recovery codes?' });
    expect(dialog).toHaveTextContent('stop working at once');
    await user.click(within(dialog).getByRole('button', { name: 'Make new codes' }));
    expect(
      await screen.findByText('Confirm your password to make new recovery codes'),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Your password'), 'kennel-ledger-harbor-42');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(NEW);
    expect(callsTo('POST', API_ROUTES.newRecoveryCodes.path)).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(await screen.findByText(/Recovery codes left: 10 of 10/)).toBeInTheDocument();
  });

  it('makes no new codes when the question is cancelled', async () => {
    const user = userEvent.setup();
    factors.totp = { enabled: true, recoveryCodesLeft: 4 };
    renderAdmin(<SignInMethods />, { route: '/admin/security' });
    await user.click(await screen.findByRole('button', { name: 'Make new recovery codes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make new recovery codes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('POST', API_ROUTES.newRecoveryCodes.path)).toHaveLength(0);
    expect(screen.getByText(/Recovery codes left: 4 of 10/)).toBeInTheDocument();
  });
});
