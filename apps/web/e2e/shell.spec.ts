import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { layoutCopy, notFoundMeta, pageMeta, PUBLIC_ROUTES, site } from '@cedar/content';
import { axeFindings } from './axe';

const SHOTS = path.join(import.meta.dirname, 'artifacts/screenshots');
fs.mkdirSync(SHOTS, { recursive: true });

const WIDTHS = [375, 900, 1440] as const;
const routeName = (route: string) => (route === '/' ? 'home' : route.slice(1));

// The third-party forms script cannot load here: a stand-in renders a small labelled form.
const FORMS_STAND_IN = `
window.hbspt = { forms: { create: function (options) {
  var form = document.createElement('form');
  form.innerHTML = '<label>Email <input name="email" type="email"></label> <button type="button">Submit</button>';
  document.querySelector(options.target).appendChild(form);
} } };
`;

test.beforeEach(async ({ page }) => {
  await page.route('https://js.hsforms.net/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: FORMS_STAND_IN }),
  );
});

/** Waits until React has hydrated the prerendered page (PublicLayout marks <html>). */
async function hydrated(page: Page) {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/** Scrolls through the page so lazy images load, waits for them, and returns to the top. */
async function loadLazyImages(page: Page) {
  await page.evaluate(async () => {
    const step = Math.max(200, Math.floor(window.innerHeight * 0.8));
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
  });
  // Every image a full-page screenshot can show has loaded. Slides parked beside a carousel's
  // frame are clipped out of it (by the frame or the window's width) and never load lazily: they
  // are not waited for (waiting the 5 s out for them cost each carousel page's test 5 s).
  // Anything else still loading after 5 s is left as it is, as before.
  await page
    .waitForFunction(
      () =>
        [...document.images].every((image) => {
          if (image.complete) return true;
          let { left, right, top, bottom } = image.getBoundingClientRect();
          right = Math.min(right, window.innerWidth);
          left = Math.max(left, 0);
          for (let box = image.parentElement; box; box = box.parentElement) {
            const { overflowX, overflowY } = getComputedStyle(box);
            if (overflowX === 'visible' && overflowY === 'visible') continue;
            const frame = box.getBoundingClientRect();
            left = Math.max(left, frame.left);
            right = Math.min(right, frame.right);
            top = Math.max(top, frame.top);
            bottom = Math.min(bottom, frame.bottom);
          }
          // Shown by none of the screenshot's pixels: nothing to wait for.
          return right <= left || bottom <= top;
        }),
      null,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  await page.evaluate(() => window.scrollTo(0, 0));
}

const LONG = ['Our Dogs', 'Puppy Placement', 'Behavior Academy Options', 'Our Book', 'Contact Us'];
const SHORT = ['Dogs', 'Puppies', 'Training', 'Book', 'Contact'];

async function expectHeaderVariant(page: Page, width: number) {
  const header = page.getByRole('banner');
  await expect(header).toBeVisible();
  await expect(header.getByRole('link', { name: site.brandName, exact: true })).toBeVisible();
  const toggle = header.getByRole('button', { name: layoutCopy.menuToggle.open });
  const dropdown = header.getByRole('button', { name: layoutCopy.careMenu.label });
  const visibleLabels = width < 768 ? [] : width < 1200 ? SHORT : LONG;
  const hiddenLabels = width < 768 ? [...LONG, ...SHORT] : width < 1200 ? LONG : SHORT;
  for (const name of visibleLabels)
    await expect(header.getByRole('link', { name, exact: true })).toBeVisible();
  for (const name of hiddenLabels)
    await expect(header.getByRole('link', { name, exact: true })).toBeHidden();
  if (width < 768) {
    await expect(toggle).toBeVisible();
    await expect(dropdown).toBeHidden();
  } else {
    await expect(toggle).toBeHidden();
    await expect(dropdown).toBeVisible();
  }
}

for (const meta of pageMeta) {
  for (const width of WIDTHS) {
    test(`${meta.path} at ${width}px: header, footer, head tags, heading`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      const response = await page.goto(meta.path);
      expect(response?.status()).toBe(200);
      await hydrated(page);

      await expectHeaderVariant(page, width);

      const footer = page.getByRole('contentinfo');
      await expect(footer).toBeAttached();
      await expect(
        footer.getByText(`© ${site.copyrightYear} ${site.brandName}. All rights reserved.`),
      ).toBeAttached();

      await expect(page).toHaveTitle(meta.title);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute(
        'content',
        meta.description,
      );
      await expect(
        page.getByRole('heading', { level: 1, name: meta.heading, exact: true }),
      ).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);

      await loadLazyImages(page);
      await page.screenshot({
        path: path.join(SHOTS, `${routeName(meta.path)}-${width}.png`),
        fullPage: true,
      });
    });
  }
}

test('every public route is covered', () => {
  expect(pageMeta.map((m) => m.path)).toEqual([...PUBLIC_ROUTES]);
  expect(PUBLIC_ROUTES).toHaveLength(11);
});

test('navigating scrolls the window back to the top', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await hydrated(page);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Raw Dog Food' }).click();
  await expect(page).toHaveURL('/raw-dog-food');
  await expect(page.getByRole('heading', { level: 1, name: 'Raw Dog Food' })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const meta = pageMeta.find((m) => m.path === '/raw-dog-food');
  await expect(page).toHaveTitle(meta?.title ?? '');
});

test('links in content kept as prerendered move within the app, and back', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await hydrated(page);
  // The page's own copy of the app is marked: a full page load would lose the mark.
  await page.evaluate(() => ((window as unknown as { inApp: boolean }).inApp = true));
  const inApp = () =>
    page.evaluate(() => (window as unknown as { inApp?: boolean }).inApp === true);
  // A card below the hero: a link in the section's content, not in the header.
  await page.getByRole('main').getByRole('link', { name: 'Our Dogs', exact: true }).click();
  await expect(page).toHaveURL('/breeding-dogs');
  await expect(page.getByRole('heading', { level: 1, name: 'Heirs of Excellence' })).toBeVisible();
  expect(await inApp()).toBe(true);
  // A footer link on the page the app rendered itself.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Board & Train' }).click();
  await expect(page).toHaveURL('/boarding');
  await expect(page).toHaveTitle(pageMeta.find((m) => m.path === '/boarding')?.title ?? '');
  expect(await inApp()).toBe(true);
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 2, name: 'Discover Cedar Bluff' })).toBeVisible();
  expect(await inApp()).toBe(true);
});

test('an unknown path answers 404 with the not-found screen inside the site shell', async ({
  page,
}) => {
  const response = await page.goto('/this-page-does-not-exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
  await expect(page).toHaveTitle(notFoundMeta.title);
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeAttached();
});

test('the small-screen menu opens with its toggle and closes when a link is chosen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  await hydrated(page);
  const toggle = page.getByRole('button', { name: layoutCopy.menuToggle.open });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  const panel = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
  await expect(panel).toBeHidden();

  await toggle.click();
  const close = page.getByRole('button', { name: layoutCopy.menuToggle.close });
  await expect(close).toHaveAttribute('aria-expanded', 'true');
  await expect(panel).toBeVisible();
  for (const name of [
    'Our Dogs',
    'Puppy Placement',
    'Behavior Academy Options',
    'Holistic Health',
    'Raw Dog Food',
    'Board & Train',
    'Our Team',
    'Our Book',
    'Contact Us',
  ]) {
    await expect(panel.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await page.screenshot({ path: path.join(SHOTS, 'mobile-menu-open-375.png') });

  await panel.getByRole('link', { name: 'Board & Train' }).click();
  await expect(page).toHaveURL('/boarding');
  await expect(page.getByRole('heading', { level: 1, name: 'Retreat to the Bluff' })).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(panel).toBeHidden();
});

test('the Care & Lifestyle dropdown works from the keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await hydrated(page);
  const trigger = page.getByRole('banner').getByRole('button', { name: layoutCopy.careMenu.label });
  // Dressed as the bar's links, on one line.
  const style = (element: Element) => {
    const { fontWeight, fontSize, height } = getComputedStyle(element);
    return { fontWeight, fontSize, height };
  };
  const link = page.getByRole('banner').getByRole('link', { name: 'Our Dogs', exact: true });
  expect(await trigger.evaluate(style)).toEqual(await link.evaluate(style));

  let reached = false;
  for (let i = 0; i < 15 && !reached; i++) {
    await page.keyboard.press('Tab');
    reached = await trigger.evaluate((element) => element === document.activeElement);
  }
  expect(reached).toBe(true);

  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  await page.screenshot({ path: path.join(SHOTS, 'care-menu-open-1440.png') });
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(trigger).toBeFocused();

  await page.keyboard.press('Space');
  await expect(menu).toBeVisible();
  await page.keyboard.press('ArrowDown');
  const first = menu.getByRole('menuitem', { name: 'Holistic Health' });
  await expect(first).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Raw Dog Food' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/raw-dog-food');
  await expect(menu).toBeHidden();
});

test('a link pressed before the app has started is followed, once', async ({ page }) => {
  // React Router's client entry is held back, so the press lands while the page is plain HTML:
  // the browser follows the link itself.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/entry\.client-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  const visits = await page.evaluate(() => history.length);
  await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
  await page.getByRole('banner').getByRole('link', { name: 'Our Dogs' }).click();
  release();
  await expect(page).toHaveURL('/breeding-dogs');
  await hydrated(page);
  expect(await page.evaluate(() => history.length)).toBe(visits + 1);
});

test('the skip link moves focus to the main content', async ({ page }) => {
  await page.goto('/training');
  await hydrated(page);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: layoutCopy.skipLink });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();
});

test.describe('accessibility (axe-core)', () => {
  for (const route of PUBLIC_ROUTES) {
    for (const width of [375, 1440]) {
      test(`${route} at ${width}px has no serious or critical violations`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(route);
        await hydrated(page);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await loadLazyImages(page);
        const { blocking, other } = await axeFindings(page);
        if (other.length > 0)
          console.log(`${route} @${width}: minor axe findings`, JSON.stringify(other));
        expect(blocking, JSON.stringify(blocking, null, 2)).toEqual([]);
      });
    }
  }
});

test('a page whose data does not come shows the error page in the site frame, and Try again recovers', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await hydrated(page);
  // The server fails the Training page's data once, as an overloaded host or a dropped link would.
  let failures = 0;
  await page.route('**/training.data*', async (route) => {
    if (failures > 0) return route.fallback();
    failures += 1;
    await route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' });
  });
  await page.getByRole('contentinfo').getByRole('link', { name: 'Training', exact: true }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'This page did not load' }),
  ).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Our Dogs' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page).toHaveTitle(/Something went wrong/);
  await page.screenshot({ path: path.join(SHOTS, 'error-page-1440.png'), fullPage: true });
  const { blocking } = await axeFindings(page);
  expect(blocking, JSON.stringify(blocking, null, 2)).toEqual([]);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'The Legacy Lives On' })).toBeVisible();
});
