// Every prerendered public page hydrates without a warning: React finds in the HTML exactly the
// tree the browser renders (a mismatch is logged, and React then throws the HTML away).
import { PUBLIC_ROUTES } from '@cedar/content';
import { expect, test, type Page } from '@playwright/test';
import { COMPILE_HINT } from '../vite/compile-hints';

// The forms provider's script cannot load here; a stand-in keeps its failure out of the console.
const FORMS_SCRIPT = 'https://js.hsforms.net/**';
const STAND_IN = 'window.hbspt = { forms: { create() {} } };';

const HYDRATION =
  /hydrat|did not match|didn't match|server rendered|react\.dev\/errors\/(418|419|421|422|423|425)/i;

function collectConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      messages.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  return messages;
}

for (const route of PUBLIC_ROUTES) {
  test(`${route} hydrates with no warning in the console`, async ({ page }) => {
    await page.route(FORMS_SCRIPT, (r) =>
      r.fulfill({ contentType: 'application/javascript', body: STAND_IN }),
    );
    const messages = collectConsole(page);
    const response = await page.goto(route);
    expect(response?.status()).toBe(200);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    // Effects that run after hydration (the visitor's clock, say) have had their turn.
    await page.waitForLoadState('networkidle');
    expect(
      messages.filter((m) => HYDRATION.test(m)),
      'hydration warnings',
    ).toEqual([]);
    expect(messages, 'console errors and warnings').toEqual([]);
    // The page paints before it asks for any script: the app starts once it has loaded and
    // painted (start-app.ts), so its scripts never share the network with the first paint.
    const timing = await page.evaluate(() => ({
      painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/[^/]+\.js$/.test(entry.name))
        .map((entry) => ({ name: entry.name, start: entry.startTime })),
    }));
    expect(timing.painted, 'first contentful paint').not.toBeNull();
    expect(timing.scripts.length, 'the app loaded').toBeGreaterThan(3);
    for (const script of timing.scripts)
      expect(script.start, `${script.name} asked for after the first paint`).toBeGreaterThan(
        timing.painted ?? Infinity,
      );
    // Once started, with its lazily loaded parts in (popups, carousels), the page links exactly
    // the stylesheets it was served with: a sheet added later, even a second link to one already
    // there, makes the browser restyle the whole page (vite.config.ts, cssCodeSplit).
    const served = [
      ...((await response?.text()) ?? '').matchAll(/<link rel="stylesheet" href="([^"]+)"/g),
    ].map((m) => m[1]);
    const linked = await page.evaluate(() =>
      [...document.querySelectorAll('link[rel="stylesheet"]')].map((l) => l.getAttribute('href')),
    );
    expect(linked, 'stylesheets linked once the page has started').toEqual(served);
  });
}

test('moving between pages after hydration logs nothing either', async ({ page }) => {
  await page.route(FORMS_SCRIPT, (r) =>
    r.fulfill({ contentType: 'application/javascript', body: STAND_IN }),
  );
  const messages = collectConsole(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  for (const [name, path, heading] of [
    ['Our Dogs', '/breeding-dogs', 'Heirs of Excellence'],
    ['Puppy Placement', '/puppies', 'Puppy Placement'],
  ] as const) {
    await page.getByRole('banner').getByRole('link', { name, exact: true }).first().click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  await expect(page).toHaveTitle('Puppy Placement | Cedar Bluff Labradors');
  expect(messages).toEqual([]);
});

// Decision 040: the client entry (react-dom's chunk) carries V8's explicit compile hint on its first
// line, so the browser compiles it while it streams in rather than on the main thread while the
// page hydrates. Read as the browser gets it: the script the page's own module script imports.
test('the client entry a page loads asks V8 to compile it whole', async ({ page, request }) => {
  await page.goto('/');
  const entry = await page
    .locator('#app-scripts')
    .evaluate((noscript) => noscript.textContent?.match(/import\("([^"]+)"\)/)?.[1] ?? null);
  expect(entry, "the page's client entry").toMatch(/^\/assets\/entry\.client-[\w-]+\.js$/);
  const script = await (await request.get(entry!)).text();
  expect(script.split('\n')[0]).toBe(COMPILE_HINT);
  // No other chunk of the page carries it: the hint is for the code the start calls at once.
  const others = await page
    .locator('#app-scripts')
    .evaluate((noscript) =>
      [...(noscript.textContent ?? '').matchAll(/modulepreload" href="([^"]+)"/g)].map(
        (m) => m[1] ?? '',
      ),
    );
  for (const href of others.filter((h) => h !== entry))
    expect((await (await request.get(href)).text()).startsWith(COMPILE_HINT), href).toBe(false);
});
