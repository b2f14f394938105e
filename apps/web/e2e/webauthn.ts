import type { Page } from '@playwright/test';

/**
 * Chromium's virtual authenticator on the page (Chrome DevTools Protocol): a platform
 * authenticator with resident keys whose user verification (fingerprint, PIN) always succeeds.
 * Answers how many passkeys it holds, to check what a ceremony stored.
 */
export async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () =>
      (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}
