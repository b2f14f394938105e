import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './axe';

// The admin shell (decision 027): every signed-in admin screen has the same header (the site's
// name, who is signed in, Logout) and navigation; on a phone the navigation folds behind a burger.
// Each test signs in with Test Login and signs out through the shell, so it leaves no session of
// the owner's behind for the other specs on its server (the accounts project).

const SCREENSHOTS = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  'artifacts/screenshots',
);
const OWNER_SCREENS = ['Dashboard', 'File editor', 'Litters', 'Waitlist', 'Security'];

test.beforeAll(async () => {
  await fs.mkdir(SCREENSHOTS, { recursive: true });
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SCREENSHOTS, `admin-shell-${name}.png`) });

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Admin' });
const navLink = (page: Page, name: string) =>
  navigation(page).getByRole('link', { name, exact: true });
const shellLogout = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: 'Logout' });

/** The navigation marks the screen shown, and only it, as the current page. */
async function expectCurrent(page: Page, name: string) {
  await expect(navigation(page).locator('[aria-current="page"]')).toHaveCount(1);
  await expect(navLink(page, name)).toHaveAttribute('aria-current', 'page');
}

async function testLogin(page: Page) {
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Simple Admin Login' })).toBeVisible();
  // Before sign-in there is no navigation and no shell.
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await page.getByRole('button', { name: 'Test Login' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome back, .+!$/ })).toBeVisible();
  // Out of the way of the screenshots.
  await expect(page.getByText('Logged in successfully!')).toBeHidden({ timeout: 10_000 });
}

async function logoutFromShell(page: Page) {
  await shellLogout(page).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByText('Logged out', { exact: true })).toBeVisible();
  await expect(page.getByText('You have been logged out successfully.')).toBeVisible();
  await expect(page.getByRole('navigation')).toHaveCount(0);
  // Signed out for real: the dashboard sends us back to the login page.
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login$/);
}

test('at 1280 px the owner moves between the admin screens through the navigation and logs out from the header', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await testLogin(page);

  // The shell: the site's name, who is signed in and Logout in the header, every screen in the
  // navigation, the dashboard (with its own EDIT WEBSITE, Logout and Quick Actions) in main.
  const banner = page.getByRole('banner');
  await expect(banner.getByText('Cedar Bluff Labradors')).toBeVisible();
  await expect(banner.getByText(/^Signed in as .+ \(Owner\)$/)).toBeVisible();
  await expect(shellLogout(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open navigation menu' })).toBeHidden();
  await expect(navigation(page).getByRole('link')).toHaveText(OWNER_SCREENS);
  await expectCurrent(page, 'Dashboard');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'EDIT WEBSITE', exact: true })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(main.getByRole('region', { name: 'Quick Actions' })).toBeVisible();
  // The admin's component styles come in a sheet of their own, after the site's (decision 037):
  // the shell's header is Mantine's AppShell header, fixed at the top.
  await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(2);
  await expect(page.getByRole('banner')).toHaveCSS('position', 'fixed');
  await shot(page, 'dashboard-1280');
  await expectAccessible(page, 'dashboard in the shell');

  // From the keyboard, the first stop on a screen is the skip link, which leads past the header
  // and the navigation to the screen.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome back, .+!$/ })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(main).toBeFocused();

  // Through the navigation: the waitlist, the litters, security, the editor.
  await navLink(page, 'Waitlist').click();
  await expect(page).toHaveURL(/\/admin\/waitlist$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Waitlist' })).toBeVisible();
  await expectCurrent(page, 'Waitlist');

  await navLink(page, 'Litters').click();
  await expect(page).toHaveURL(/\/admin\/litters$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Litters' })).toBeVisible();
  await expectCurrent(page, 'Litters');
  await shot(page, 'litters-1280');

  await navLink(page, 'Security').click();
  await expect(page).toHaveURL(/\/admin\/security$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
  await expectCurrent(page, 'Security');

  // The keyboard reaches the navigation: Enter on a focused link opens its screen.
  await navLink(page, 'File editor').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/files$/);
  await expect(page.getByRole('combobox', { name: 'File to edit' })).toBeVisible();
  await expectCurrent(page, 'File editor');
  await shot(page, 'files-1280');
  await expectAccessible(page, 'editor in the shell');

  // The spec's Back to Admin stays on the screens and still leads to the dashboard.
  await main.getByRole('link', { name: 'Back to Admin' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expectCurrent(page, 'Dashboard');

  await logoutFromShell(page);
  await shot(page, 'logged-out-1280');
});

test('at 375 px the navigation opens from the burger, closes when a screen is chosen, and Logout stays in the header', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await testLogin(page);

  // Folded away: the burger shows, the navigation does not.
  const burger = page.getByRole('button', { name: 'Open navigation menu' });
  await expect(burger).toBeVisible();
  await expect(burger).toHaveAttribute('aria-expanded', 'false');
  await expect(navigation(page)).toBeHidden();
  await expect(shellLogout(page)).toBeVisible();
  await shot(page, 'dashboard-375');
  await expectAccessible(page, 'dashboard in the shell at 375 px');

  // Open it: every screen, the dashboard marked, who is signed in.
  await burger.click();
  const close = page.getByRole('button', { name: 'Close navigation menu' });
  await expect(close).toHaveAttribute('aria-expanded', 'true');
  await expect(navigation(page)).toBeVisible();
  await expect(navigation(page).getByText(/^Signed in as .+ \(Owner\)$/)).toBeVisible();
  await expect(navigation(page).getByRole('link')).toHaveText(OWNER_SCREENS);
  await expectCurrent(page, 'Dashboard');
  await shot(page, 'navigation-open-375');
  await expectAccessible(page, 'open navigation at 375 px');

  // Choose the waitlist: the screen opens and the navigation folds away again.
  await navLink(page, 'Waitlist').click();
  await expect(page).toHaveURL(/\/admin\/waitlist$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Waitlist' })).toBeVisible();
  await expect(navigation(page)).toBeHidden();
  await expect(burger).toHaveAttribute('aria-expanded', 'false');

  // The burger closes it too.
  await burger.click();
  await expect(navigation(page)).toBeVisible();
  await close.click();
  await expect(navigation(page)).toBeHidden();

  // Open it with the keyboard and go to Litters.
  await burger.focus();
  await page.keyboard.press('Enter');
  await expect(navigation(page)).toBeVisible();
  await navLink(page, 'Litters').click();
  await expect(page).toHaveURL(/\/admin\/litters$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Litters' })).toBeVisible();
  await expect(navigation(page)).toBeHidden();
  await shot(page, 'litters-375');

  await logoutFromShell(page);
  await shot(page, 'logged-out-375');
});

test('the admin keeps its own scroll: another screen starts at the top, Back returns to the dashboard’s place, and leaving a page reads nothing (decision 042)', async ({
  page,
}) => {
  // Notes, for the page after, whether anything asked where the window was scrolled while the
  // page was being left: React Router's <ScrollRestoration> does (it saves the place on
  // `pagehide`), and Chromium then styles the whole document once more before it goes.
  await page.addInitScript(() => {
    const scrollY = Object.getOwnPropertyDescriptor(window, 'scrollY')!;
    let leaving = false;
    window.addEventListener('pagehide', () => (leaving = true), { capture: true });
    Object.defineProperty(window, 'scrollY', {
      ...scrollY,
      get() {
        if (leaving) sessionStorage.setItem('scroll read while leaving', location.pathname);
        return scrollY.get!.call(window);
      },
    });
  });
  const readWhileLeaving = () =>
    page.evaluate(() => sessionStorage.getItem('scroll read while leaving'));

  // The public pages keep React Router's: the probe sees it read the place as /puppies, once its
  // app has started, is left.
  await page.goto('/puppies');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.goto('/contact');
  expect(await readWhileLeaving()).toBe('/puppies');

  // A window shorter than the dashboard, so that it scrolls.
  await page.setViewportSize({ width: 1280, height: 480 });
  await testLogin(page);
  // The dashboard is opened again: the admin's document is left.
  await page.evaluate(() => sessionStorage.removeItem('scroll read while leaving'));
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome back, .+!$/ })).toBeVisible();
  expect(await readWhileLeaving()).toBeNull();

  await page.mouse.wheel(0, 400);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  const place = await page.evaluate(() => window.scrollY);

  await navLink(page, 'Waitlist').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Waitlist' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome back, .+!$/ })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(place);

  await logoutFromShell(page);
});
