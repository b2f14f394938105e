import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_ROUTES, litterUpdateUrl, type LitterUpdate } from '@cedar/api-contract';
import { expect, test, type Page } from '@playwright/test';
import { E2E_PORTS } from '../playwright.config';
import { axeFindings } from './axe';
import { deliverInquiry } from './webhook';

// Issue 40: the owner posts a week's news with a photo to a litter on the Litters screen, copies a
// family's page link on the Waitlist screen, and the family, in a browser of their own, sees their
// place, their litter and the news with the photo. The spec runs in the accounts project (it
// signs in as the demo owner): it leaves no family, no update and no session behind for the
// other specs on that project's server.
const HERE = path.dirname(fileURLToPath(import.meta.url));
const SCREENSHOTS = path.join(HERE, 'artifacts/screenshots');
const PHOTO = path.resolve(HERE, '../../../packages/content/public/images/puppies/puppy-01.jpg');
const ORIGIN = `http://127.0.0.1:${E2E_PORTS.accounts}`;
const LITTER = 'ranger-juniper-summer-2026';
const NOTE = `Week ${Date.now() % 1000}: the puppies met the vacuum cleaner and were not impressed.`;

async function expectAccessible(page: Page, what: string) {
  const { blocking } = await axeFindings(page);
  expect(blocking, `${what}: ${JSON.stringify(blocking, null, 2)}`).toEqual([]);
}

async function ownerSignsIn(page: Page) {
  await page.goto('/admin/login');
  await page.getByRole('button', { name: 'Test Login' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome back, .+!$/ })).toBeVisible();
}

/** A family writes through the signed webhook; the owner puts them on the litter's list. */
async function listedFamily(page: Page): Promise<string> {
  const delivered = await deliverInquiry(page, 'e2e-family-page', {
    firstName: 'Fay',
    lastName: 'Pagely',
    email: `fay-${Date.now()}@example.com`,
    phone: '(315) 555-0142',
    preferredColor: 'yellow',
  });
  expect(delivered.status(), await delivered.text()).toBe(201);
  const { id } = (await delivered.json()) as { id: string };
  const added = await page.request.post(API_ROUTES.addToWaitlist.path, {
    data: { inquiryId: id, litterId: LITTER },
    headers: { origin: ORIGIN },
  });
  expect(added.status(), await added.text()).toBe(201);
  return id;
}

test('the owner posts an update with a photo, and a family’s page shows it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await ownerSignsIn(page);
  const inquiryId = await listedFamily(page);
  let updateId: string | null = null;
  try {
    // The Litters screen: the litter's news, a note and a photo.
    await page.goto('/admin/litters');
    await page.getByRole('button', { name: 'News of Ranger x Juniper' }).click();
    const news = page.getByRole('region', { name: 'News of the Ranger x Juniper litter' });
    await news.getByRole('textbox', { name: 'Note' }).fill(NOTE);
    await news.getByLabel('Photos to upload').setInputFiles(PHOTO);
    await expect(news.getByText('Photos (1 of 12)')).toBeVisible();
    const posted = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith(`/litters/${LITTER}/news`),
    );
    await news.getByRole('button', { name: 'Post update' }).click();
    const answer = await posted;
    expect(answer.status()).toBe(201);
    updateId = ((await answer.json()) as { update: LitterUpdate }).update.id;
    await expect(page.getByText(/It is on the families’ pages/)).toBeVisible();
    const listed = news.getByTestId('news-update').filter({ hasText: NOTE });
    await expect(listed).toBeVisible();
    await expect(listed.locator('img')).toHaveJSProperty('complete', true);
    expect(
      await listed.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBeGreaterThan(0);
    await page.screenshot({
      path: path.join(SCREENSHOTS, 'family-news-admin.png'),
      fullPage: true,
    });
    await expectAccessible(page, 'the litter news panel');

    // The Waitlist screen: the family's page link, made when first asked for.
    await page.goto('/admin/waitlist');
    await page.getByRole('button', { name: 'Family page of Fay Pagely' }).click();
    await page.getByRole('menuitem', { name: 'Copy the link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Fay Pagely’s page' });
    const field = dialog.getByRole('textbox', { name: 'Link' });
    await expect(field).toHaveValue(/\/family\/[A-Za-z0-9_-]{43}$/);
    const link = await field.inputValue();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'family-link-admin.png') });
    await expectAccessible(page, 'the family link dialog');

    // The family, in a browser of their own: no session, nothing of the owner's.
    for (const width of [375, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const family = await context.newPage();
      try {
        const opened = await family.goto(new URL(link).pathname);
        expect(opened!.status()).toBe(200);
        expect(opened!.headers()['cache-control']).toBe('no-store');
        expect(opened!.headers()['x-robots-tag']).toBe('noindex, nofollow');
        await expect(
          family.getByRole('heading', { level: 1, name: 'Welcome, Fay Pagely' }),
        ).toBeVisible();
        await expect(
          family.getByText(/You are \d+(st|nd|rd|th) on Ranger x Juniper’s list\./),
        ).toBeVisible();
        await expect(
          family.getByRole('heading', {
            level: 2,
            name: 'The Ranger x Juniper litter',
            exact: true,
          }),
        ).toBeVisible();
        // The deposit asked of their litter's list (the $300 default unless the owner set one),
        // not yet paid; no Pay button, as the e2e server takes no cards.
        await expect(family.getByText(/^Deposit: \$\d[\d,]*\.\d\d — not yet paid$/)).toBeVisible();
        await expect(family.getByRole('button', { name: /^Pay the deposit/ })).toHaveCount(0);
        const update = family.locator('article').filter({ hasText: NOTE });
        await expect(update).toBeVisible();
        const photo = update.locator('img');
        await photo.scrollIntoViewIfNeeded();
        await expect(photo).toHaveJSProperty('complete', true);
        // A display copy the browser chose from srcset, not the photo as stored (800 px here):
        // the grid shows it under 200 px wide, so the 320 px copy, at either width.
        expect(await photo.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
          /\/photos\/[a-f0-9]{24}\.jpg\?w=320$/,
        );
        // naturalWidth of a srcset pick is scaled to its slot; the copy's own pixels, loaded alone:
        const copyWidth = await photo.evaluate(async (img: HTMLImageElement) => {
          const probe = new Image();
          probe.src = img.currentSrc;
          await probe.decode();
          return probe.naturalWidth;
        });
        expect(copyWidth).toBe(320);
        // A tap opens the photo as stored.
        expect(await update.getByRole('link').first().getAttribute('href')).toMatch(
          /\/photos\/[a-f0-9]{24}\.jpg$/,
        );
        // The site's look: its serif headings and olive links, no script.
        await expect(family.getByRole('heading', { level: 1 })).toHaveCSS('font-family', /Georgia/);
        expect(await family.locator('script').count()).toBe(0);
        await family.screenshot({
          path: path.join(SCREENSHOTS, `family-page-${width}.png`),
          fullPage: true,
        });
        await expectAccessible(family, `the family page at ${width} px`);
      } finally {
        await context.close();
      }
    }

    // A link that is not theirs: the plain not-found page.
    const stranger = await browser.newContext();
    const guess = await stranger.newPage();
    const missing = await guess.goto(`/family/${'A'.repeat(43)}`);
    expect(missing!.status()).toBe(404);
    await expect(guess.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await stranger.close();
  } finally {
    if (updateId) {
      const gone = await page.request.delete(litterUpdateUrl(updateId), {
        headers: { origin: ORIGIN },
      });
      expect(gone.status(), await gone.text()).toBe(204);
    }
    const removed = await page.request.delete(
      API_ROUTES.deleteInquiry.path.replace(':id', inquiryId),
      { headers: { origin: ORIGIN } },
    );
    expect(removed.status(), await removed.text()).toBeLessThan(300);
    const out = await page.request.post(API_ROUTES.logout.path, { headers: { origin: ORIGIN } });
    expect(out.status(), await out.text()).toBeLessThan(300);
  }
});
