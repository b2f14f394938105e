import { API_ROUTES, type AnnouncementPreview, type Waitlist } from '@cedar/api-contract';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { E2E_PORTS } from '../playwright.config';
import { deliverInquiry } from './webhook';

const ORIGIN = `http://127.0.0.1:${E2E_PORTS.accounts}`;
const LITTER = 'ranger-juniper-summer-2026';
const SHOTS = path.join(import.meta.dirname, 'artifacts/screenshots');

/** Signs in as the demo admin in the page's own cookie jar. */
async function signIn(page: Page) {
  const config = (await (await page.request.get(API_ROUTES.authConfig.path)).json()) as {
    demoLogin: { username: string; password: string } | null;
  };
  expect(config.demoLogin, 'the e2e server runs with demo login on').not.toBeNull();
  const res = await page.request.post(API_ROUTES.login.path, {
    data: config.demoLogin!,
    headers: { origin: ORIGIN },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
}

/** A family writes through the signed webhook; the owner puts them on the litter's list. */
async function listedFamily(page: Page): Promise<string> {
  const delivered = await deliverInquiry(page, 'e2e-unsubscribe', {
    firstName: 'Una',
    lastName: 'Subscribe',
    email: `una-${Date.now()}@example.com`,
    phone: '(315) 555-0199',
    preferredColor: 'black',
  });
  expect(delivered.status(), await delivered.text()).toBe(201);
  const { id: inquiryId } = (await delivered.json()) as { id: string };
  const added = await page.request.post(API_ROUTES.addToWaitlist.path, {
    data: { inquiryId, litterId: LITTER },
    headers: { origin: ORIGIN },
  });
  expect(added.status(), await added.text()).toBe(201);
  return inquiryId;
}

async function entryOf(page: Page, inquiryId: string) {
  const res = await page.request.get(API_ROUTES.waitlist.path);
  const waitlist = (await res.json()) as Waitlist;
  return waitlist.lists.flatMap((l) => l.entries).find((e) => e.inquiryId === inquiryId)!;
}

test('a family presses Unsubscribe on the page their announcement links to, and is unsubscribed', async ({
  page,
}) => {
  await signIn(page);
  const inquiryId = await listedFamily(page);
  // The e2e server is shared: the family leaves no inquiry, no place on a list and no session
  // behind for the admin tests, which count them.
  try {
    await unsubscribeAsTheFamily(page, inquiryId);
  } finally {
    const gone = await page.request.delete(
      API_ROUTES.deleteInquiry.path.replace(':id', inquiryId),
      {
        headers: { origin: ORIGIN },
      },
    );
    expect(gone.status(), await gone.text()).toBeLessThan(300);
    // …and no session of the owner's: the admin tests count them.
    const out = await page.request.post(API_ROUTES.logout.path, { headers: { origin: ORIGIN } });
    expect(out.status(), await out.text()).toBeLessThan(300);
  }
});

async function unsubscribeAsTheFamily(page: Page, inquiryId: string) {
  // The link their e-mail would carry: the preview's sample, addressed to the list's first family.
  const preview = await page.request.post(API_ROUTES.previewAnnouncement.path, {
    data: { litterId: LITTER, includeGeneral: false, subject: 'Born', body: 'Hello {name}' },
    headers: { origin: ORIGIN },
  });
  expect(preview.status(), await preview.text()).toBe(200);
  const { sample } = (await preview.json()) as AnnouncementPreview;
  expect(sample!.to).toMatch(/^una-\d+@example\.com$/);
  const link = /(\/api\/waitlist\/unsubscribe\?e=[a-z0-9]+&s=[\w-]+)/.exec(sample!.text)![1]!;
  expect((await entryOf(page, inquiryId)).unsubscribed).toBe(false);

  // The family's browser: no session of the owner's, and no script on the page.
  const family = await page.context().browser()!.newContext({ javaScriptEnabled: false });
  const tab = await family.newPage();
  await tab.goto(link);
  await expect(
    tab.getByRole('heading', { level: 1, name: 'Stop the announcements?' }),
  ).toBeVisible();
  await tab.screenshot({ path: path.join(SHOTS, 'unsubscribe-ask.png') });
  await expect(tab.getByRole('link', { name: 'Cedar Bluff Labradors' })).toHaveAttribute(
    'href',
    '/',
  );
  // The site's look: its olive button and its serif headings.
  const button = tab.getByRole('button', { name: 'Unsubscribe' });
  await expect(button).toHaveCSS('background-color', 'rgb(109, 118, 29)');
  await expect(tab.getByRole('heading', { level: 1 })).toHaveCSS('font-family', /Georgia/);
  const posted = tab.waitForResponse((r) => r.request().method() === 'POST');
  await button.click();
  const response = await posted;
  expect(response.status()).toBe(200);
  expect(response.request().headers()['content-type']).toBe('application/x-www-form-urlencoded');
  await expect(tab.getByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeVisible();
  await tab.screenshot({ path: path.join(SHOTS, 'unsubscribe-done.png') });
  expect((await entryOf(page, inquiryId)).unsubscribed).toBe(true);

  // Pressing it again (the back button, a second tab) changes nothing and fails nothing.
  await tab.goto(link);
  await tab.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(tab.getByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeVisible();
  expect((await entryOf(page, inquiryId)).unsubscribed).toBe(true);
  await family.close();
}
