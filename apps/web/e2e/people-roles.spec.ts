import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { E2E_PORTS } from '../playwright.config';
import { expectAccessible, lookAtBothWidths } from './axe';
import { virtualAuthenticator } from './webauthn';

// Issue 39: the owner invites a helper, the helper sets a password and a passkey from the link in
// a browser of their own (Chromium's virtual authenticator), signs in again with the passkey, and
// works on the waitlist but is refused the file editor; the owner sees it all in
// the audit log, suspends the helper and finally removes them, so no other spec finds a helper,
// a session or an entry of theirs for the other owner specs on its server (the accounts project).
const SCREENSHOTS = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  'artifacts/screenshots',
);
const HELPER = `helper-${Date.now().toString(36)}`;
const HELPER_PASSWORD = 'meadow-kettle-ribbon-58';

/** A passkey's relying party is PUBLIC_URL's host: the helper's browser opens localhost. */
const HELPER_ORIGIN = `http://localhost:${E2E_PORTS.accounts}`;

async function ownerSignsIn(page: Page) {
  await page.goto('/admin/login');
  await page.getByRole('button', { name: 'Test Login' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome back, .+!$/ })).toBeVisible();
}

test('the owner invites a helper, who sets a password from the link, keeps the waitlist but not the website; the owner sees it in the audit log and suspends them', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await ownerSignsIn(page);
  await page.goto('/admin/security');
  const people = page.getByRole('region', { name: 'People' });
  await people.getByLabel(/Username/).fill(HELPER);
  await people.getByRole('button', { name: 'Invite helper' }).click();
  const linkField = people.getByLabel('Invitation link');
  await expect(linkField).toHaveValue(/\/admin\/invite#[A-Za-z0-9_-]{43}$/);
  const link = await linkField.inputValue();
  await expect(people.getByRole('list', { name: 'Pending invitations' })).toContainText(HELPER);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'people-invited.png'), fullPage: true });
  await expectAccessible(page, 'security with an invitation');

  // The helper, in a browser of their own, with a passkey-capable device.
  const helperContext = await browser.newContext({ baseURL: HELPER_ORIGIN });
  const helper = await helperContext.newPage();
  const authenticator = await virtualAuthenticator(helper);
  try {
    await helper.goto(new URL(link).pathname + new URL(link).hash);
    await expect(helper.getByText(`You are invited as ${HELPER}.`)).toBeVisible();
    await helper.screenshot({
      path: path.join(SCREENSHOTS, 'people-invite-page.png'),
      fullPage: true,
    });
    await expectAccessible(helper, 'invitation page');
    await helper.getByLabel(/^Password/).fill(HELPER_PASSWORD);
    await helper.getByLabel(/Repeat the password/).fill(HELPER_PASSWORD);
    await helper.getByRole('button', { name: 'Set password and sign in' }).click();

    // Signed in; next, a passkey on this device (or "Skip for now").
    const offer = helper.getByRole('form', { name: 'Add a passkey' });
    await expect(offer).toContainText(`You are signed in as ${HELPER}.`);
    await expect(offer.getByRole('button', { name: 'Skip for now' })).toBeVisible();
    await lookAtBothWidths(helper, 'people-invite-passkey');
    await offer.getByLabel(/Name of the passkey/).fill('Kennel laptop');
    await offer.getByRole('button', { name: 'Add a passkey on this device' }).click();
    // The toast first: it shows for 5 s from the moment the passkey is added, while the dashboard
    // may take longer than that to load on a busy machine.
    await expect(helper.getByText('Kennel laptop can now sign you in.')).toBeVisible();
    await expect(helper).toHaveURL(/\/admin$/);
    expect(await authenticator.credentials()).toHaveLength(1);

    // The passkey signs the helper in again, with no username typed.
    await helper.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    await expect(helper).toHaveURL(/\/admin\/login$/);
    await helper.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(helper).toHaveURL(/\/admin$/);
    await expect(
      helper.getByRole('heading', { level: 1, name: `Welcome back, ${HELPER}!` }),
    ).toBeVisible();
    await expect(helper.getByRole('link', { name: 'EDIT WEBSITE' })).toHaveCount(0);
    await helper.screenshot({
      path: path.join(SCREENSHOTS, 'people-helper-dashboard.png'),
      fullPage: true,
    });

    // The waitlist is theirs to keep.
    await helper
      .getByRole('region', { name: 'Quick Actions' })
      .getByRole('link', { name: 'Waitlist' })
      .click();
    await expect(helper).toHaveURL(/\/admin\/waitlist$/);
    await expect(helper.getByRole('heading', { level: 1, name: 'Waitlist' })).toBeVisible();
    await expect(helper.getByText('This part of the admin is for the owner.')).toHaveCount(0);
    await helper.screenshot({
      path: path.join(SCREENSHOTS, 'people-helper-waitlist.png'),
      fullPage: true,
    });

    // The file editor is not: the screen says so, and so does the server.
    await helper.goto('/admin/files');
    await expect(helper.getByText('This part of the admin is for the owner.')).toBeVisible();
    await helper.screenshot({
      path: path.join(SCREENSHOTS, 'people-helper-files.png'),
      fullPage: true,
    });
    const refused = await helper.request.get(
      `/api/admin/files/${encodeURIComponent('apps/web/src/sections/hero-section.tsx')}`,
    );
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({
      error: 'owner_only',
      message: 'This part of the admin is for the owner.',
    });

    // The owner's audit log has the invitation, the helper's sign-up and the refusal.
    await page.reload();
    const audit = page.getByRole('region', { name: 'Audit log' });
    const entries = audit.getByRole('table', { name: 'Audit log entries' });
    await expect(entries.getByText('Invitation', { exact: true })).toBeVisible();
    await expect(entries).toContainText('Invitation acceptance');
    await expect(entries).toContainText('Adding a passkey');
    await expect(entries).toContainText('Owner-only call');
    await audit.getByPlaceholder('Everyone').click();
    await page.getByRole('option', { name: HELPER }).click();
    // The header; the refusal, the passkey sign-in, the sign-out, the passkey, the sign-up.
    await expect(entries.getByRole('row')).toHaveCount(6);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'people-audit-log.png'), fullPage: true });

    // Suspended: signed out at once.
    const row = people.getByRole('listitem').filter({ hasText: HELPER });
    await row.getByRole('button', { name: 'Suspend' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Suspend' }).click();
    await expect(row.getByText('Suspended')).toBeVisible();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'people-suspended.png'), fullPage: true });
    await expectAccessible(page, 'people with a suspended helper and the audit log');
    await helper.goto('/admin/waitlist');
    await expect(helper).toHaveURL(/\/admin\/login$/);
    await helper.getByLabel('Username', { exact: true }).fill(HELPER);
    await helper.getByLabel('Password', { exact: true }).fill(HELPER_PASSWORD);
    await helper.getByRole('button', { name: /^Login$|^Sign in$/ }).click();
    await expect(helper.getByText(/This account is suspended/)).toBeVisible();
  } finally {
    await helperContext.close();
  }

  // Removed, so that no other spec finds them; then the owner signs out.
  const row = people.getByRole('listitem').filter({ hasText: HELPER });
  await row.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(people.getByRole('listitem').filter({ hasText: HELPER })).toHaveCount(0);
  await page.goto('/admin');
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
});
