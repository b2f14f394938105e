import { expect, test, type Page } from '@playwright/test';
import { foodProducts, site } from '@cedar/content';

async function hydrated(page: Page) {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/** External sites cannot load here: stand in for them so a new tab has something to show. */
test.beforeEach(async ({ context }) => {
  for (const url of [site.urls.retreatForm, site.urls.foodOrder, site.urls.book]) {
    await context.route(url, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<title>External</title><h1>External</h1>',
      }),
    );
  }
});

test('the home banner leads to the Halloween contest', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  const banner = page.getByRole('link', { name: /Halloween Costume Contest/ });
  await expect(banner).toContainText('Submissions open Oct 31 - Nov 3');
  await expect(banner).toContainText(/click to enter/i);
  await banner.click();
  await expect(page).toHaveURL('/halloween-contest');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Halloween Costume Contest' }),
  ).toBeVisible();
});

test('the home hero, cards and closing call to action link to their pages', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await hydrated(page);
  await expect(page.getByText('50+ Years of Excellence')).toBeVisible();
  const hero = page.getByRole('region', { name: site.brandName });
  await expect(hero.getByRole('link', { name: 'Meet Our Dogs' })).toHaveAttribute(
    'href',
    '/breeding-dogs',
  );
  await expect(hero.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
  const heroImage = hero.getByRole('img');
  await expect(heroImage).toHaveAttribute('fetchpriority', 'high');
  expect(await heroImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  const cards = page.getByRole('region', { name: 'Discover Cedar Bluff' });
  for (const [title, href] of [
    ['Our Dogs', '/breeding-dogs'],
    ['Puppy Placement', '/puppies'],
    ['Behavior Academy Options', '/training'],
  ] as const) {
    await expect(cards.getByRole('link', { name: title, exact: true })).toHaveAttribute(
      'href',
      href,
    );
  }
  await cards.getByRole('article').filter({ hasText: 'Puppy Placement' }).click();
  await expect(page).toHaveURL('/puppies');
  await page.goBack();

  await expect(
    page.getByRole('heading', { name: 'Ready to find your perfect companion?' }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Start Your Journey' }).click();
  await expect(page).toHaveURL('/contact');
});

test('the hero buttons are hidden on small screens', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  const hero = page.getByRole('region', { name: site.brandName });
  await expect(hero.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(hero.getByRole('link', { name: 'Meet Our Dogs' })).toBeHidden();
  await expect(hero.getByRole('link', { name: 'Contact Us' })).toBeHidden();
});

test('a hero image that cannot load is logged and hidden', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  // The original and every responsive variant of it (/img/<set>/hero/home-hero-800.avif, ...).
  await page.route(/\/hero\/home-hero[^/]*$/, (route) => route.fulfill({ status: 404, body: '' }));
  await page.goto('/');
  await hydrated(page);
  const hero = page.getByRole('region', { name: site.brandName });
  await expect(hero.getByRole('img')).toHaveCount(0);
  await expect(hero.getByRole('heading', { level: 1, name: site.brandName })).toBeVisible();
  expect(errors.some((text) => text.includes('Hero image failed to load'))).toBe(true);
});

test('the training page shows the three programs and their prices', async ({ page }) => {
  await page.goto('/training');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'The Legacy Lives On' })).toBeVisible();
  for (const [name, price] of [
    ["Bachelor's Degree", '$7,500'],
    ["Master's Degree", '$12,500'],
    ['Doctorate Degree', '$17,500'],
  ] as const) {
    const card = page.getByRole('article', { name });
    await expect(card).toBeVisible();
    await expect(card.getByText(price, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'A Lifetime of Care' })).toBeVisible();
  await page.getByRole('link', { name: 'Begin Your Journey' }).click();
  await expect(page).toHaveURL('/puppy-application');
});

test('Request a Retreat opens the request form in a new tab', async ({ page, context }) => {
  await page.goto('/boarding');
  await hydrated(page);
  const link = page.getByRole('link', { name: 'Request a Retreat' }).first();
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  const [popup] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await popup.waitForLoadState();
  expect(popup.url()).toBe(site.urls.retreatForm);
  expect(await popup.evaluate(() => window.opener)).toBeNull();
  await expect(page).toHaveURL('/boarding');
  await popup.close();
});

test('the raw food page lists the products and links to the order page', async ({
  page,
  context,
}) => {
  await page.goto('/raw-dog-food');
  await hydrated(page);
  for (const product of foodProducts) {
    const card = page.getByRole('article', { name: product.name });
    await expect(card.getByText(`$${product.price}`, { exact: true })).toBeVisible();
    await expect(card.getByText(product.unit, { exact: true })).toBeVisible();
  }
  await expect(page.getByText('Pickup only', { exact: true }).first()).toBeVisible();
  const order = page.getByRole('link', { name: 'Place Your Order Here' });
  await expect(order).toHaveAttribute('href', site.urls.foodOrder);
  await expect(order).toHaveAttribute('rel', 'noopener noreferrer');
  const [popup] = await Promise.all([context.waitForEvent('page'), order.click()]);
  await popup.waitForLoadState();
  expect(popup.url()).toBe(site.urls.foodOrder);
  await popup.close();
});

test('the Our Team page shows ten members and the facilities', async ({ page }) => {
  await page.goto('/facilities');
  await expect(page.getByRole('heading', { level: 1, name: 'Our Team' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Team members' }).getByRole('article')).toHaveCount(
    10,
  );
  await expect(page.getByRole('heading', { level: 2, name: 'Our Facilities' })).toBeVisible();
});
