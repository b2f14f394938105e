import { API_ROUTES } from '@cedar/api-contract';
import type * as SimpleWebAuthnBrowser from '@simplewebauthn/browser';
import { http } from 'msw';
import type { SetupServer } from 'msw/node';
import { vi } from 'vitest';

/**
 * The browser's WebAuthn as a test sets it: whether it can make passkeys, and its prompts. jsdom
 * has none; a test file mocks the module with `mockedWebAuthn` and sets these:
 *
 *   vi.mock('@simplewebauthn/browser', async () => (await import('./test/webauthn')).mockedWebAuthn());
 */
export const webauthn = {
  supported: true,
  startRegistration: vi.fn(),
  startAuthentication: vi.fn(),
};

/** `@simplewebauthn/browser` with the support check and the prompts answered by `webauthn`. */
export async function mockedWebAuthn() {
  return {
    ...(await vi.importActual<typeof SimpleWebAuthnBrowser>('@simplewebauthn/browser')),
    browserSupportsWebAuthn: () => webauthn.supported,
    startRegistration: webauthn.startRegistration,
    startAuthentication: webauthn.startAuthentication,
  };
}

/** Before each test: the prompts forgotten, support as the file's tests start from. */
export function resetWebAuthn(supported: boolean) {
  webauthn.supported = supported;
  webauthn.startRegistration.mockReset();
  webauthn.startAuthentication.mockReset();
}

/** What the browser's prompt answers when a passkey is made. */
export const REGISTRATION = {
  id: 'new',
  rawId: 'new',
  type: 'public-key',
  response: {},
  clientExtensionResults: {},
};

/**
 * The server asks for the password before a passkey is added (the sign-in is over 15 minutes
 * old), and gives the prompt's options once it is confirmed. (The test's `api` is passed in: this
 * module is the mock's, and imports nothing of the admin, which imports the mocked module.)
 */
export function servePasswordFirst(api: SetupServer) {
  let confirmed = false;
  api.use(
    http.post(API_ROUTES.passkeyRegistrationOptions.path, () =>
      confirmed
        ? Response.json({ options: { challenge: 'abc' } })
        : Response.json(
            { error: 'confirmation_required', message: 'Please confirm your password first.' },
            { status: 403 },
          ),
    ),
    http.post(API_ROUTES.confirmPassword.path, () => {
      confirmed = true;
      return Response.json({ confirmedUntil: '2026-05-10T09:15:00.000Z' });
    }),
  );
}
