// The site's stylesheet is split at build (scripts/split-admin-css.mjs, decision 037): the public
// pages link only what their components use; the admin area's shell links the rest besides. A
// public page that needed a rule moved to the admin's sheet would be drawn without it: no element
// of any public page, nor of its popups, may match one.
import { PUBLIC_ROUTES } from '@cedar/content';
import { expect, test, type Page } from '@playwright/test';

/** The admin's own sheet, as the admin area's shell links it. */
async function adminSheet(page: Page) {
  const shell = await (await page.request.get('/admin')).text();
  const links = [...shell.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
  expect(links, 'the public sheet, then the admin’s').toHaveLength(2);
  const css = await (await page.request.get(links[1] ?? '')).text();
  const publicCss = await (await page.request.get(links[0] ?? '')).text();
  return { public: links[0], admin: links[1], css, publicCss };
}

/** The selectors of the admin sheet's rules that match an element of the page now. */
function matching(page: Page, css: string) {
  return page.evaluate((text) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(text);
    const found: string[] = [];
    const walk = (rules: CSSRuleList) => {
      for (const rule of rules) {
        if (rule instanceof CSSStyleRule) {
          // Pseudo-elements and states are about the element the rest names.
          const plain = rule.selectorText.replace(/::?[a-z-]+(\([^)]*\))?/g, '') || '*';
          try {
            if (document.querySelector(plain)) found.push(rule.selectorText);
          } catch {
            /* a selector this browser cannot query */
          }
        }
        if ('cssRules' in rule) walk((rule as CSSGroupingRule).cssRules);
      }
    };
    walk(sheet.cssRules);
    return found;
  }, css);
}

test('the admin’s styles are in a sheet of their own that no public page links or needs', async ({
  page,
}) => {
  const sheets = await adminSheet(page);
  expect(sheets.css.length, 'the admin’s sheet has the admin’s components').toBeGreaterThan(1000);
  for (const route of PUBLIC_ROUTES) {
    await page.goto(route);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const linked = await page
      .locator('link[rel="stylesheet"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(linked, `${route} links the public sheet only`).toEqual([sheets.public]);
    expect(await matching(page, sheets.css), `${route}: elements the admin’s rules style`).toEqual(
      [],
    );
    // The same look-up finds the page's own rules: it would find a moved one.
    expect((await matching(page, sheets.publicCss)).length).toBeGreaterThan(20);
  }
  // A popup's parts come from its own chunk: the pedigree dialog, open.
  await page.goto('/breeding-dogs');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.getByRole('button', { name: 'View Full Pedigree' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await matching(page, sheets.css), 'the open pedigree dialog').toEqual([]);
});
