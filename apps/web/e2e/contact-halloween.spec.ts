import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { contestEntries, site, testimonials, TESTIMONIAL_TRUNCATE_AT } from '@cedar/content';

const SHOTS = path.join(import.meta.dirname, 'artifacts/screenshots');
fs.mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string, fullPage = false) =>
  page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });

const FORMS_SCRIPT = 'https://js.hsforms.net/**';
const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** Opens a prerendered route and waits until React has hydrated it (the layout marks <html>). */
async function open(page: Page, route: string) {
  await page.goto(route);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

// Stands in for the third-party embed: records each create() call and renders a small form into the target.
const STAND_IN_SCRIPT = `
window.__formsCalls = [];
window.hbspt = { forms: { create: function (options) {
  window.__formsCalls.push(options);
  var form = document.createElement('form');
  form.setAttribute('aria-label', 'Stand-in form');
  form.innerHTML = '<label>Email <input name="email" type="email"></label> <button type="button">Submit</button>';
  document.querySelector(options.target).appendChild(form);
} } };
`;

// Hydration mismatches and uncaught errors surface as page errors, blocked loads as CSP reports in
// the console: none are allowed.
let pageErrors: string[] = [];
let cspViolations: string[] = [];
test.beforeEach(({ page }) => {
  pageErrors = [];
  cspViolations = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) cspViolations.push(message.text());
  });
});
test.afterEach(() => {
  expect(pageErrors).toEqual([]);
  expect(cspViolations).toEqual([]);
});

declare global {
  interface Window {
    __formsCalls?: unknown[];
  }
}

for (const { route, formId, name } of [
  { route: '/contact', formId: site.forms.contactFormId, name: 'contact' },
  { route: '/puppy-application', formId: site.forms.questionnaireFormId, name: 'application' },
]) {
  test(`${route}: 'Loading form...' while the forms script is held back, then the form it creates`, async ({
    page,
  }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let requests = 0;
    await page.route(FORMS_SCRIPT, async (r) => {
      requests += 1;
      await held;
      await r.fulfill({
        status: 200,
        contentType: 'application/javascript',
        body: STAND_IN_SCRIPT,
      });
    });
    const response = await page.goto(route);
    // The forms embed runs under the page's Content-Security-Policy (page.route fulfils through
    // it), which names the forms provider's hosts exactly: no wildcard.
    const csp = response?.headers()['content-security-policy'] ?? '';
    // Beside them, only the hashes of the document's own inline scripts (React Router's).
    expect(csp).toMatch(/script-src 'self' https:\/\/js\.hsforms\.net( 'sha256-[\w+/=]+')*;/);
    expect(csp).not.toContain('*');
    const main = page.getByRole('main');
    await expect(main.getByText('Loading form...')).toBeVisible();
    await expect.poll(() => requests).toBe(1);
    await shot(page, `${name}-form-loading`);

    release();
    await expect(main.getByRole('form', { name: 'Stand-in form' })).toBeVisible();
    await expect(main.getByText('Loading form...')).toHaveCount(0);
    const calls = await page.evaluate(() => window.__formsCalls);
    expect(calls).toEqual([
      { region: 'na1', portalId: site.forms.portalId, formId, target: `#hs-form-${formId}` },
    ]);
    expect(requests).toBe(1);
    await shot(page, `${name}-form-ready`, true);
  });

  test(`${route}: without the forms script the box offers phone and e-mail instead of 'Loading form...'`, async ({
    page,
  }) => {
    await page.route(FORMS_SCRIPT, (r) => r.abort());
    // Opened as hydrated: the app asks for the script once it has started, on a busy machine
    // seconds after the load event, and the fallback is timed from the failure.
    await open(page, route);
    const form = page.getByRole('main').getByRole('region', { name: /form|questionnaire/i });
    await expect(form.getByText(/The form could not be loaded\. Please call/)).toBeVisible();
    await expect(form.getByText('Loading form...')).toHaveCount(0);
    await expect(form.getByRole('link', { name: site.phones.main })).toHaveAttribute(
      'href',
      /^tel:\+1\d{10}$/,
    );
    await expect(form.getByRole('link', { name: site.email })).toHaveAttribute(
      'href',
      `mailto:${site.email}`,
    );
    await shot(page, `${name}-form-unavailable`);
  });
}

test('/contact: address, phone, e-mail, and Read More / Read Less on long testimonials', async ({
  page,
}) => {
  await page.route(FORMS_SCRIPT, (r) =>
    r.fulfill({ contentType: 'application/javascript', body: STAND_IN_SCRIPT }),
  );
  await open(page, '/contact');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  const details = main.getByRole('region', { name: 'Visit the Bluff' });
  await expect(details).toContainText('1187 Bluff Road, Cambridge, NY 12816');
  await expect(details.getByRole('link', { name: site.phones.main })).toBeVisible();
  await expect(details.getByRole('link', { name: site.email })).toBeVisible();
  await expect(details).toContainText('by appointment only');

  const section = main.getByRole('region', { name: 'What Our Families Say' });
  await expect(section.getByRole('article')).toHaveCount(3);
  const longOnes = testimonials.filter((t) => t.text.length > TESTIMONIAL_TRUNCATE_AT);
  await expect(section.getByRole('button', { name: 'Read More' })).toHaveCount(longOnes.length);

  const first = longOnes[0];
  if (!first) throw new Error('the content has no long testimonial to toggle');
  const card = section
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: first.name }) });
  await expect(card).not.toContainText(first.text);
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'contact-testimonials-collapsed');
  await card.getByRole('button', { name: 'Read More' }).click();
  await expect(card).toContainText(first.text);
  await expect(card.getByRole('button', { name: 'Read Less' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await shot(page, 'contact-testimonials-expanded');
  await card.getByRole('button', { name: 'Read Less' }).click();
  await expect(card).not.toContainText(first.text);
  await expect(card.getByRole('button', { name: 'Read More' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
});

for (const [width, columns] of [
  [375, 2],
  [900, 3],
  [1440, 4],
] as const) {
  test(`/halloween-contest at ${width}px shows the entries in ${columns} columns`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await open(page, '/halloween-contest');
    const entries = page.getByTestId('contest-gallery').getByRole('button');
    await expect(entries).toHaveCount(contestEntries.length);
    const boxes = await entries.evaluateAll((els) =>
      els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect),
    );
    const firstRowTop = Math.min(...boxes.map((b) => b.top));
    const firstRow = boxes.filter((b) => Math.abs(b.top - firstRowTop) < 2);
    expect(new Set(firstRow.map((b) => Math.round(b.left))).size).toBe(columns);
    await shot(page, `halloween-${width}-top`);
    await page.getByRole('heading', { level: 2, name: 'Contest Entries' }).scrollIntoViewIfNeeded();
    await expect(entries.first().locator('img')).toHaveJSProperty('complete', true);
    await shot(page, `halloween-${width}-gallery`);
    if (width === 375) {
      await entries.first().click();
      await expect(page.getByRole('dialog', { name: contestEntries[0]?.name })).toBeVisible();
      await page.waitForTimeout(300);
      await shot(page, 'halloween-375-popup');
    }
  });
}

test('/halloween-contest: dates, steps, upload link, and the entry popup closing by backdrop, x and Escape', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 860 });
  await open(page, '/halloween-contest');
  const main = page.getByRole('main');
  await expect(main.getByText('Halloween 2025', { exact: true })).toBeVisible();
  await expect(
    main.getByRole('heading', { level: 1, name: 'Halloween Costume Contest' }),
  ).toBeVisible();
  await expect(main).toContainText('Submissions October 31st through November 3rd');
  await expect(main).toContainText('November 4th through 6th');
  await expect(main).toContainText('Winners announced Saturday, November 8th');
  for (const step of ['Dress Up Your Pup', 'Take a Photo', 'Submit Your Entry']) {
    await expect(main.getByRole('heading', { level: 3, name: step })).toBeVisible();
  }
  const upload = main.getByRole('link', { name: 'Upload Your Photo' });
  await expect(upload).toHaveAttribute('href', site.urls.contestUpload);
  await expect(upload).toHaveAttribute('target', '_blank');
  await expect(upload).toHaveAttribute('rel', 'noopener noreferrer');

  const entry = contestEntries[5];
  if (!entry) throw new Error('not enough contest entries');
  const button = page.getByTestId('contest-gallery').getByRole('button').nth(5);
  await button.scrollIntoViewIfNeeded();
  await button.click();
  const dialog = page.getByRole('dialog', { name: entry.name });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(entry.familyName)).toBeVisible();
  const photo = dialog.getByRole('img', { name: new RegExp(entry.name) });
  await expect(photo).toHaveAttribute('src', entry.image);
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  const box = await dialog.boundingBox();
  expect(box?.width).toBe(1280);
  expect(box?.height).toBe(860);
  await page.waitForTimeout(300);
  await shot(page, 'halloween-popup');
  // From our own origin: the site's CSP refuses inline scripts, injected ones included.
  await page.route('**/__e2e/axe.min.js', (r) =>
    r.fulfill({ path: AXE_SCRIPT, contentType: 'application/javascript' }),
  );
  await page.addScriptTag({ url: '/__e2e/axe.min.js' });
  const violations = await page.evaluate(async () => {
    type Result = { violations: { id: string; impact: string; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run: (context: Element) => Promise<Result> } }).axe;
    const dialogElement = document.querySelector('[role="dialog"]');
    if (!dialogElement) return [{ id: 'no-dialog', impact: 'critical', targets: [] }];
    const result = await axe.run(dialogElement);
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  // A click on the photo keeps it open; a click on the dark backdrop closes it.
  await photo.click();
  await expect(dialog).toBeVisible();
  await page.mouse.click(20, 840);
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();

  await button.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close photo' }).click();
  await expect(dialog).toBeHidden();

  await button.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
