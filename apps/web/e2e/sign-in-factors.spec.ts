import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, request, test } from '@playwright/test';
import { generateSync } from 'otplib';
import { E2E_PORTS } from '../playwright.config';
import { lookAtBothWidths } from './axe';
import { virtualAuthenticator } from './webauthn';

// Passkeys and two-step sign-in, in Chromium, against the e2e server's demo admin. A passkey's
// relying party is PUBLIC_URL's host (localhost on this server), so these pages are opened at
// localhost, not 127.0.0.1. Each test puts the demo admin back as it found it: no passkey, codes
// off (the other specs sign in with its password alone).
const ORIGIN = `http://localhost:${E2E_PORTS.accounts}`;
test.use({ baseURL: ORIGIN });
test.describe.configure({ mode: 'serial' });

const SCREENSHOTS = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  'artifacts/screenshots',
);

async function demoAdmin(page: Page): Promise<{ username: string; password: string }> {
  const res = await page.request.get('/api/auth/config');
  const { demoLogin } = (await res.json()) as {
    demoLogin: { username: string; password: string } | null;
  };
  expect(demoLogin, 'the e2e server runs with demo login on').not.toBeNull();
  return demoLogin!;
}

async function testLogin(page: Page) {
  await page.goto('/admin/login');
  await page.getByRole('button', { name: 'Test Login' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome back, .+!$/ })).toBeVisible();
}

async function logout(page: Page) {
  await page.goto('/admin');
  // The shell's Logout, in the page's header (the dashboard has the spec's own as well).
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
}

test('adds a passkey on the Security screen, signs out, and signs in with "Sign in with a passkey"', async ({
  page,
}) => {
  // Two sign-ins, a passkey ceremony and a sign-out: about 16 s on a quiet machine, several
  // times that beside the public pages' tests on a busy one.
  test.setTimeout(120_000);
  const authenticator = await virtualAuthenticator(page);
  try {
    await testLogin(page);
    await page.goto('/admin/security');
    const passkeys = page.getByRole('region', { name: 'Passkeys' });
    await expect(passkeys.getByText('You have no passkeys yet.')).toBeVisible();
    await passkeys.getByLabel('Name of the new passkey').fill('Test laptop');
    await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(page.getByText('Test laptop can now sign you in.')).toBeVisible();
    const item = passkeys.getByRole('listitem').filter({ hasText: 'Test laptop' });
    await expect(item).toContainText('Not used yet');
    const credentials = await authenticator.credentials();
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'passkey-added.png'), fullPage: true });

    // Renamed inline: an empty name is refused on the field with the API's own words.
    await item.getByRole('button', { name: 'Rename passkey Test laptop' }).click();
    const rename = item.getByRole('form', { name: 'Rename passkey Test laptop' });
    await rename.getByLabel('New name').fill('');
    await rename.getByRole('button', { name: 'Save name' }).click();
    await expect(rename.getByText('Give the passkey a name.')).toBeVisible();
    await lookAtBothWidths(page, 'passkey-rename');
    await rename.getByLabel('New name').fill('Work laptop');
    await rename.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByText('Test laptop is now called Work laptop.')).toBeVisible();
    await expect(passkeys.getByRole('listitem')).toHaveText([/Work laptop/]);
    await expect(rename).toHaveCount(0);
    const renamed = passkeys.getByRole('listitem').filter({ hasText: 'Work laptop' });

    await logout(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'login-with-passkey.png') });
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByText('Logged in successfully!')).toBeVisible();
    await page.goto('/admin/security');
    await expect(renamed).toContainText('Last used');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'passkey-used.png'), fullPage: true });

    await renamed.getByRole('button', { name: 'Remove passkey Work laptop' }).click();
    await page
      .getByRole('dialog', { name: 'Remove this passkey?' })
      .getByRole('button', { name: 'Remove passkey' })
      .click();
    await expect(passkeys.getByText('You have no passkeys yet.')).toBeVisible();

    // The removed passkey no longer signs in.
    await logout(page);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(
      page.getByText(/^Login failed: This passkey is not registered here/),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login$/);
  } finally {
    // Whatever happened above, the demo admin is left without a passkey.
    const admin = await demoAdmin(page);
    const signIn = await page.request.post('/api/auth/login', {
      data: admin,
      headers: { origin: ORIGIN },
    });
    if (signIn.ok()) {
      const factors = (await (await page.request.get('/api/admin/factors')).json()) as {
        passkeys: { id: string }[];
      };
      for (const { id } of factors.passkeys)
        await page.request.delete(`/api/admin/passkeys/${encodeURIComponent(id)}`, {
          headers: { origin: ORIGIN },
        });
    }
  }
});

// What the authenticator-app test turned on, for `test.afterAll` to turn off.
let totpSecret = '';
let totpAdmin: { username: string; password: string } | undefined;

// Codes off whatever happened, so the accounts project's later specs sign in with a password alone.
// In `afterAll`, not in the test's `finally` or an `afterEach`: those share the test's timeout, so a
// test that runs out of time would leave the codes on (Playwright's docs: only `beforeAll` and
// `afterAll` have a timeout of their own). Its own request context: the test's page may be gone.
test.afterAll(async () => {
  if (!totpSecret || !totpAdmin) return;
  const api = await request.newContext({ baseURL: ORIGIN, extraHTTPHeaders: { origin: ORIGIN } });
  try {
    const signIn = await api.post('/api/auth/login', { data: totpAdmin });
    // With codes on, the password leads to the code step: a code of the app finishes the sign-in
    // (the test spent some of the last minute's codes, so the next ones are tried too).
    for (const shift of [0, 30, 60]) {
      if (!signIn.ok()) break;
      const code = generateSync({
        secret: totpSecret,
        epoch: Math.floor(Date.now() / 1000) + shift,
      });
      if ((await api.post('/api/auth/login/code', { data: { code } })).ok()) break;
    }
    const off = await api.post('/api/admin/totp/disable', {
      data: { password: totpAdmin.password },
    });
    // 204: turned off now; 409: the test had turned them off already.
    expect([204, 409]).toContain(off.status());
  } finally {
    await api.dispose();
  }
});

test('turns on two-step sign-in with an authenticator app, then signs in with its code and with a recovery code', async ({
  page,
}) => {
  // Four sign-ins, each with a password and a code: about 25 s on a quiet machine, 98-108 s in
  // the suite on a busy 2-core one, where one run at 120 s ran out before its last step (turning
  // the codes off again), and every later sign-in of the accounts project failed with it.
  test.setTimeout(240_000);
  const admin = await demoAdmin(page);
  totpAdmin = admin;
  const passwordStep = async () => {
    await page.getByLabel('Username').fill(admin.username);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Two-step sign-in', { exact: true })).toBeVisible();
  };
  // At the code step: a code that must be refused, then one that signs in.
  const refusedThenSignedIn = async (refused: string, accepted: string) => {
    await page.getByLabel('Code', { exact: true }).fill(refused);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText(/^That code is not right, or was used already\./)).toBeVisible();
    await page.getByLabel('Code', { exact: true }).fill(accepted);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/admin$/);
  };
  // Whatever happens below, `test.afterAll` above turns the codes off again.
  await testLogin(page);
  await page.goto('/admin/security');
  const card = page.getByRole('region', { name: 'Two-step sign-in' });
  await card.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(card.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await card.getByLabel('Secret key').innerText()).replace(/\s/g, '');
  totpSecret = secret;
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'totp-setup.png'), fullPage: true });
  await card.getByLabel('Code from the app').fill(generateSync({ secret }));
  await card.getByRole('button', { name: 'Turn on' }).click();
  const list = card.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = await list.getByRole('listitem').allInnerTexts();
  await page.screenshot({
    path: path.join(SCREENSHOTS, 'totp-recovery-codes.png'),
    fullPage: true,
  });
  await card.getByRole('button', { name: 'I have saved them' }).click();
  await expect(card.getByText(/Recovery codes left: 10 of 10/)).toBeVisible();

  // A right password alone no longer signs in: the code of the app does. (The code used to
  // turn codes on is spent; the app's next one, 30 seconds on, is within the allowed drift.)
  await logout(page);
  await passwordStep();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'totp-code-step.png'), fullPage: true });
  const next = generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
  await page.getByLabel('Code', { exact: true }).fill(next);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin$/);

  // Once used, that code is refused; a recovery code signs in, once.
  await logout(page);
  await passwordStep();
  await refusedThenSignedIn(next, recoveryCodes[0]!);

  await page.goto('/admin/security');
  await expect(card.getByText(/Recovery codes left: 9 of 10/)).toBeVisible();

  // Ten new recovery codes, codes staying on (a sign-in a moment ago stands for the password).
  await card.getByRole('button', { name: 'Make new recovery codes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Make new recovery codes?' });
  await expect(dialog).toContainText('stop working at once');
  await lookAtBothWidths(page, 'totp-new-codes-question');
  await dialog.getByRole('button', { name: 'Make new codes' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const newCodes = await list.getByRole('listitem').allInnerTexts();
  expect(newCodes.filter((c) => recoveryCodes.includes(c))).toEqual([]);
  await lookAtBothWidths(page, 'totp-new-codes');
  await card.getByRole('button', { name: 'I have saved them' }).click();
  await expect(card.getByText(/Recovery codes left: 10 of 10/)).toBeVisible();
  const audit = page.getByRole('region', { name: 'Audit log' });
  await page.reload();
  await expect(audit.getByRole('table', { name: 'Audit log entries' })).toContainText(
    'Making new recovery codes',
  );

  // The old codes no longer sign in; a new one does.
  await logout(page);
  await passwordStep();
  await refusedThenSignedIn(recoveryCodes[1]!, newCodes[0]!);

  await page.goto('/admin/security');
  await expect(card.getByText(/Recovery codes left: 9 of 10/)).toBeVisible();
  await card.getByRole('button', { name: 'Turn off' }).click();
  await card.getByLabel('Your password').fill(admin.password);
  await card.getByRole('button', { name: 'Turn off two-step sign-in' }).click();
  await expect(card.getByText('Off. Your password alone signs you in.')).toBeVisible();
  await logout(page);
});
