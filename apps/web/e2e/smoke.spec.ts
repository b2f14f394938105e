import { expect, test } from '@playwright/test';

test('the home page renders from the production server', async ({ page }) => {
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Cedar Bluff Labradors' }),
  ).toBeVisible();
  await expect(page).toHaveTitle(/Cedar Bluff Labradors/);
});

test('an unknown path answers 404 with the not-found screen', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
});
