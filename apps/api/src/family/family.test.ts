import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import {
  API_ROUTES,
  FAMILY_ROUTES,
  familyLinkUrl,
  litterNewsUrl,
  litterUpdateUrl,
  litterUrl,
  NEWS_PHOTOS_DIR,
  type FamilyLink,
  type LitterUpdate,
  type Waitlist,
} from '@cedar/api-contract';
import { PUBLIC_ROUTES, type Litter } from '@cedar/content';
import { litterReadiness } from '@cedar/litter-logic';
import fc from 'fast-check';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { archiveStream, readArchive } from '../backup/archive';
import { collectBackup, restoreBackup, saveArchive } from '../backup/backup';
import { isBackedUpPath } from '../backup/backed-up-files';
import { escapeHtml } from '../lib/site-page';
import { withFamilyPage } from './links';
import type { NewInquiry } from '../store/types';
import { logIn, type LoggedIn, type TestApp } from '../test/build';
import { addHelper, HELPER } from '../test/people';
import {
  addToWaitlist,
  call,
  family,
  LITTER,
  mailingApp,
  signedInApp,
  tempDir,
  testApp,
} from '../test/per-test';

type App = TestApp & LoggedIn;

/** Each request from its own address: the page's limit per address is not what these test. */
let address = 0;
const from = () => {
  address += 1;
  return `10.1.${Math.floor(address / 250) % 250}.${(address % 250) + 1}`;
};

const page = (a: App, url: string) => a.app.inject({ method: 'GET', url, remoteAddress: from() });

/** Puts family `i` on a list; answers their waitlist entry's id. */
async function listFamily(a: App, i: number, litterId: string | null = LITTER, extra = {}) {
  const inquiry = await a.services.store.inquiries.create(family(i, extra));
  const w = await addToWaitlist(a, inquiry.id, litterId);
  const key = litterId ?? 'general';
  return w.lists.find((l) => l.key === key)!.entries.find((e) => e.inquiryId === inquiry.id)!.id;
}

async function linkOf(a: App, entryId: string, reissue = false) {
  const res = await call(a, 'POST', familyLinkUrl(entryId), { reissue });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json<FamilyLink>();
}

/** The page's path, from the link the owner copies. */
const pathOf = (link: FamilyLink) => new URL(link.url!).pathname;

const jpeg = (w = 64, h = 48) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#c8a165' } })
    .jpeg()
    .toBuffer();

async function uploadPhoto(a: App, body?: Buffer) {
  const res = await a.app.inject({
    method: 'POST',
    url: FAMILY_ROUTES.uploadNewsPhoto.path,
    headers: { ...a.headers, 'content-type': 'image/jpeg' },
    payload: body ?? (await jpeg()),
  });
  return res;
}

async function post(a: App, note: string, photos: string[] = [], litterId = LITTER) {
  return call(a, 'POST', litterNewsUrl(litterId), { note, photos });
}

const litterOf = async (a: App, id = LITTER) =>
  (
    JSON.parse(
      await fs.readFile(path.join(a.repoRoot, 'packages/content/src/data/litters.json'), 'utf8'),
    ) as Litter[]
  ).find((l) => l.id === id)!;

describe('a family’s page', () => {
  it('shows their place, their litter and its age, their puppy with its photo, and the news, newest first', async () => {
    const a = await signedInApp();
    await listFamily(a, 1);
    await listFamily(a, 2);
    const third = await listFamily(a, 3);
    // Their puppy, with a photo, reserved for them.
    const { id: _id, name: _name, ...draft } = await litterOf(a);
    const puppies = draft.puppies!.map((p) =>
      p.id === 'green-collar' ? { ...p, image: '/images/litters/ranger-juniper-1.jpg' } : p,
    );
    expect((await call(a, 'PUT', litterUrl(LITTER), { ...draft, puppies })).statusCode).toBe(200);
    const reserve = await call(a, 'PUT', `/api/admin/waitlist/entries/${third}/puppy`, {
      puppyId: 'green-collar',
    });
    expect(reserve.statusCode, reserve.body).toBe(200);

    const photo = (await uploadPhoto(a)).json<{ name: string }>().name;
    expect((await post(a, 'Eyes open this week.\n\nFirst steps, too.', [photo])).statusCode).toBe(
      201,
    );
    a.clock.advance(60_000);
    expect((await post(a, 'They met the vet <and> loved it.')).statusCode).toBe(201);

    const res = await page(a, pathOf(await linkOf(a, third)));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    expect(html).toContain('Welcome, Family3 Lane');
    expect(html).toContain('You are <strong>3rd on Ranger x Juniper’s list</strong>.');
    const litter = await litterOf(a);
    const { age, badge } = litterReadiness(litter, a.clock.now());
    expect(html).toContain(`Born on August 30, 2026 · ${age} <span class="badge">${badge}</span>`);
    expect(html).toContain('<strong>Green collar</strong>');
    expect(html).toContain('src="/images/litters/ranger-juniper-1.jpg"');
    // The default deposit, not paid; no Pay button without Stripe (family-deposit.test.ts has it).
    expect(html).toContain('<p>Deposit: $300.00 — not yet paid</p>');
    expect(html).not.toContain('/deposit"');
    // Newest first, the note escaped, the photo under the page's own address.
    expect(html.indexOf('They met the vet &lt;and&gt; loved it.')).toBeGreaterThan(0);
    expect(html.indexOf('They met the vet')).toBeLessThan(html.indexOf('Eyes open this week.'));
    expect(html).toContain('<p>Eyes open this week.</p><p>First steps, too.</p>');
    const src = `${pathOf(await linkOf(a, third))}/photos/${photo}`;
    expect(html).toContain(`src="${src}"`);
    // No script at all, and nothing of the site's app.
    expect(html).not.toMatch(/<script/i);
    const image = await page(a, src);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toBe('no-store');
  });

  it('shows news photos at display size: a srcset of smaller copies made by the photo encoder, as private as the photo', async () => {
    const a = await signedInApp();
    const entry = await listFamily(a, 1);
    const elsewhere = await listFamily(a, 2, null);
    const upload = await uploadPhoto(a, await jpeg(3000, 2000));
    const photo = upload.json<{ name: string; width: number; height: number }>();
    expect(photo).toMatchObject({ width: 2400, height: 1600 });
    const posted = await post(a, 'Week four: out on the grass.', [photo.name]);
    expect(posted.statusCode, posted.body).toBe(201);

    const mine = pathOf(await linkOf(a, entry));
    const base = `${mine}/photos/${photo.name}`;
    const html = (await page(a, mine)).body;
    const img = /<a href="([^"]+)"><img ([^>]+)><\/a>/.exec(html);
    expect(img?.[1]).toBe(base);
    const attrs = Object.fromEntries(
      [...img![2]!.matchAll(/([a-z]+)="([^"]*)"/g)].map(([, k, v]) => [k, v]),
    );
    expect(attrs).toMatchObject({
      src: `${base}?w=640`,
      srcset: `${base}?w=320 320w, ${base}?w=640 640w, ${base}?w=960 960w`,
      sizes: '(min-width: 40rem) 9.5rem, 50vw',
      width: '2400',
      height: '1600',
      loading: 'lazy',
    });

    const stored = await page(a, base);
    expect((await sharp(stored.rawPayload).metadata()).width).toBe(2400);
    for (const width of [320, 640, 960]) {
      const copy = await page(a, `${base}?w=${width}`);
      expect(copy.statusCode).toBe(200);
      expect(copy.headers['content-type']).toBe('image/jpeg');
      expect(copy.headers['cache-control']).toBe('no-store');
      expect(copy.headers['x-robots-tag']).toBe('noindex, nofollow');
      const meta = await sharp(copy.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([
        'jpeg',
        width,
        Math.round((width * 2) / 3),
      ]);
      // Made as the stored photos are: no camera metadata.
      expect(meta.exif).toBeUndefined();
      expect(copy.rawPayload.length).toBeLessThan(stored.rawPayload.length / 4);
      // The signed-in admin's address serves the same copy.
      const admin = await call(a, 'GET', `/api/admin/litter-news-photos/${photo.name}?w=${width}`);
      expect(admin.statusCode).toBe(200);
      expect(admin.rawPayload.equals(copy.rawPayload)).toBe(true);
    }

    // As private as the photo: the same 404 for another family, any link that opens nothing, and
    // a width that is not one of ours; the admin's address only when signed in.
    const notFound = (await page(a, `/family/${'A'.repeat(43)}`)).rawPayload;
    const theirs = pathOf(await linkOf(a, elsewhere));
    for (const url of [
      `${theirs}/photos/${photo.name}?w=640`,
      `/family/${'A'.repeat(43)}/photos/${photo.name}?w=640`,
      `${base}?w=500`,
      `${base}?w=abc`,
      `${base}?w=640&w=320`,
      `${base}?w=`,
    ]) {
      const res = await page(a, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.rawPayload.equals(notFound), url).toBe(true);
    }
    const anonymous = await a.app.inject({
      method: 'GET',
      url: `/api/admin/litter-news-photos/${photo.name}?w=640`,
    });
    expect(anonymous.statusCode).toBe(401);
    const oddWidth = await call(a, 'GET', `/api/admin/litter-news-photos/${photo.name}?w=500`);
    expect(oddWidth.statusCode).toBe(400);
    // Revoked: the copies go with the page.
    const reissued = pathOf(await linkOf(a, entry, true));
    expect((await page(a, `${base}?w=640`)).rawPayload.equals(notFound)).toBe(true);
    expect((await page(a, `${reissued}/photos/${photo.name}?w=640`)).statusCode).toBe(200);
    // Removed with its update: the photo and its copies leave the disk.
    const { update } = posted.json<{ update: LitterUpdate }>();
    expect((await call(a, 'DELETE', litterUpdateUrl(update.id))).statusCode).toBe(204);
    expect((await page(a, `${reissued}/photos/${photo.name}?w=640`)).statusCode).toBe(404);
    const sized = await fs.readdir(path.join(a.repoRoot, 'private/litter-news-sized'));
    expect(sized.filter((f) => f.startsWith(photo.name.slice(0, 24)))).toEqual([]);
    // Made from the photos, the copies are not backed up (a restore makes them again).
    expect(isBackedUpPath(`private/litter-news-sized/${photo.name}`)).toBe(false);
  });

  it('serves a display copy only for a width written as the page writes it (property)', async () => {
    const a = await signedInApp();
    const entry = await listFamily(a, 1);
    const photo = (await uploadPhoto(a, await jpeg(1000, 750))).json<{ name: string }>().name;
    expect((await post(a, 'Week five.', [photo])).statusCode).toBe(201);
    const base = `${pathOf(await linkOf(a, entry))}/photos/${photo}`;
    const notFound = (await page(a, `/family/${'A'.repeat(43)}`)).rawPayload;
    const ours = ['320', '640', '960'];
    const width = fc.oneof(
      fc.constantFrom(...ours),
      fc.constantFrom('0640', '640.0', ' 640', '6.4e2', '0x280', '+640', '', '1280', '-320'),
      fc.integer({ min: -2000, max: 5000 }).map(String),
      fc.string({ maxLength: 12 }),
    );
    await fc.assert(
      fc.asyncProperty(width, async (w) => {
        const query = `?w=${encodeURIComponent(w)}`;
        const family = await page(a, `${base}${query}`);
        const admin = await call(a, 'GET', `/api/admin/litter-news-photos/${photo}${query}`);
        if (ours.includes(w)) {
          expect(family.statusCode).toBe(200);
          expect((await sharp(family.rawPayload).metadata()).width).toBe(Number(w));
          expect(admin.rawPayload.equals(family.rawPayload)).toBe(true);
        } else {
          expect(family.statusCode, w).toBe(404);
          expect(family.rawPayload.equals(notFound)).toBe(true);
          expect(admin.statusCode, w).toBe(400);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('says a family on the general list is on it, with no litter and no news', async () => {
    const a = await signedInApp();
    await listFamily(a, 1, null);
    const second = await listFamily(a, 2, null);
    const html = (await page(a, pathOf(await linkOf(a, second)))).body;
    expect(html).toContain('You are <strong>2nd on the general list</strong>.');
    expect(html).toContain('Once you are on a litter’s list, its weekly news will appear here.');
    expect(html).not.toContain('Your puppy');
  });

  it('is never cached, indexed or referred, and is not in the sitemap', async () => {
    const a = await signedInApp();
    const entry = await listFamily(a, 1);
    const res = await page(a, pathOf(await linkOf(a, entry)));
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.body).toContain('<meta name="robots" content="noindex">');
    // The sitemap lists the public routes (apps/web/src/lib/crawl-files.ts): no family page.
    expect(PUBLIC_ROUTES.some((r) => r.startsWith('/family'))).toBe(false);
  });

  it('keeps the token out of the request log', async () => {
    const lines: string[] = [];
    const a = await signedInApp({
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line: string) => lines.push(line) },
    });
    const entry = await listFamily(a, 1);
    const url = pathOf(await linkOf(a, entry));
    expect((await page(a, url)).statusCode).toBe(200);
    expect((await page(a, `${url}/photos/${'a'.repeat(24)}.jpg`)).statusCode).toBe(404);
    const log = lines.join('');
    expect(log).toContain('GET /family/… 200');
    expect(log).toContain(`GET /family/…/photos/${'a'.repeat(24)}.jpg 404`);
    expect(log).not.toContain(url.split('/')[2]!);
  });

  it('answers unknown, malformed, revoked and orphaned links with one and the same 404', async () => {
    const a = await signedInApp();
    const entry = await listFamily(a, 1);
    const gone = await listFamily(a, 2);
    const revoked = pathOf(await linkOf(a, entry));
    const reissued = pathOf(await linkOf(a, entry, true));
    const orphan = pathOf(await linkOf(a, gone));
    expect((await call(a, 'DELETE', `/api/admin/waitlist/entries/${gone}`)).statusCode).toBe(200);
    // A family taken off the list takes their link with them.
    expect((await a.services.store.familyLinks.list()).map((l) => l.entryId)).toEqual([entry]);
    expect((await page(a, reissued)).statusCode).toBe(200);
    const answers = await Promise.all(
      [
        revoked,
        orphan,
        `/family/${'A'.repeat(43)}`,
        '/family/short',
        `/family/${'x'.repeat(300)}`,
        '/family/%E0%A4%A',
        `/family/${'A'.repeat(42)}%00`,
        `${revoked}/photos/${'a'.repeat(24)}.jpg`,
        `${reissued}/photos/..%2f..%2fpackage.json`,
        `${reissued}/photos/${'a'.repeat(24)}.jpg`,
      ].map((url) => page(a, url)),
    );
    const [first] = answers;
    expect(first!.body).toContain('Page not found');
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(res.rawPayload.equals(first!.rawPayload)).toBe(true);
    }
    // Revoked: the page is gone, the family's other link too.
    expect((await call(a, 'DELETE', familyLinkUrl(entry))).statusCode).toBe(204);
    expect((await page(a, reissued)).rawPayload.equals(first!.rawPayload)).toBe(true);
  });

  it('limits the pages one address may ask for', async () => {
    const a = await signedInApp();
    const url = `/family/${'B'.repeat(43)}`;
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        a.app.inject({ method: 'GET', url, remoteAddress: '10.9.9.9' }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 404)).toHaveLength(30);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(10);
  });

  it('never shows one family anything of another: names, e-mails, notes', async () => {
    const a = await signedInApp();
    const word = fc.stringMatching(/^[A-Z][a-z]{7,11}$/);
    const person = fc.record({ first: word, last: word, note: word, mailbox: word });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(person, {
          minLength: 2,
          maxLength: 4,
          selector: (p) => p.first + p.last + p.note + p.mailbox,
        }),
        fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
        async (people, onLitter) => {
          run += 1;
          const entries: string[] = [];
          for (const [i, p] of people.entries()) {
            const inquiry = await a.services.store.inquiries.create({
              ...family(run * 10 + i),
              firstName: p.first,
              lastName: p.last,
              email: `${p.mailbox.toLowerCase()}${run}@example.com`,
            } satisfies NewInquiry);
            await a.services.store.inquiries.update(inquiry.id, { note: p.note }, a.clock.now());
            const w = await addToWaitlist(a, inquiry.id, onLitter[i] ? LITTER : null);
            entries.push(
              w.lists.flatMap((l) => l.entries).find((e) => e.inquiryId === inquiry.id)!.id,
            );
          }
          for (const [i, entry] of entries.entries()) {
            const html = (await page(a, pathOf(await linkOf(a, entry)))).body;
            expect(html).toContain(escapeHtml(`${people[i]!.first} ${people[i]!.last}`));
            const own = people[i]!;
            for (const [j, other] of people.entries()) {
              if (j === i) continue;
              for (const value of [other.first, other.last, other.note, other.mailbox])
                if (![own.first, own.last].some((v) => v.includes(value)))
                  expect(html).not.toContain(value);
              expect(html.toLowerCase()).not.toContain(`${other.mailbox.toLowerCase()}${run}@`);
            }
            // Not even their own e-mail or the owner's note about them.
            expect(html).not.toContain('@example.com');
            expect(html).not.toContain(own.note);
          }
          // Each run starts from empty lists.
          const doc = await a.services.store.waitlists.get();
          expect(await a.services.store.waitlists.replace([], doc.version, a.clock.now())).not.toBe(
            null,
          );
        },
      ),
      { numRuns: 12 },
    );
  });
});

describe('family links', () => {
  it('makes a link when first asked for, gives the same one after, and a new one on reissue', async () => {
    const a = await signedInApp();
    const entry = await listFamily(a, 1);
    expect((await call(a, 'GET', FAMILY_ROUTES.familyLinks.path)).json()).toEqual({ links: [] });
    const made = await call(a, 'POST', familyLinkUrl(entry), {});
    expect(made.statusCode).toBe(201);
    const link = made.json<FamilyLink>();
    expect(link.url).toMatch(/^http:\/\/localhost:\d+\/family\/[A-Za-z0-9_-]{43}$/);
    const again = await call(a, 'POST', familyLinkUrl(entry), {});
    expect(again.statusCode).toBe(200);
    expect(again.json<FamilyLink>().url).toBe(link.url);
    expect((await call(a, 'GET', FAMILY_ROUTES.familyLinks.path)).json()).toEqual({
      links: [{ entryId: entry, createdAt: link.createdAt }],
    });
    const reissued = await linkOf(a, entry, true);
    expect(reissued.url).not.toBe(link.url);
    expect((await page(a, pathOf(link))).statusCode).toBe(404);
    expect((await page(a, pathOf(reissued))).statusCode).toBe(200);
    // The store holds the token's hash, never the token.
    const token = pathOf(reissued).split('/')[2]!;
    const stored = JSON.stringify(await a.services.store.familyLinks.list());
    expect(stored).not.toContain(token);
  });

  it('goes with the family when their inquiry is deleted', async () => {
    const a = await signedInApp();
    const inquiry = await a.services.store.inquiries.create(family(1));
    const w = await addToWaitlist(a, inquiry.id, LITTER);
    const entry = w.lists.find((l) => l.key === LITTER)!.entries[0]!.id;
    const link = await linkOf(a, entry);
    expect((await call(a, 'DELETE', `/api/admin/inquiries/${inquiry.id}`)).statusCode).toBe(204);
    expect(await a.services.store.familyLinks.list()).toEqual([]);
    expect((await page(a, pathOf(link))).statusCode).toBe(404);
  });

  it('makes one link of two first requests at once', async () => {
    const a = await signedInApp();
    const entry = await listFamily(a, 1);
    const both = await Promise.all([
      call(a, 'POST', familyLinkUrl(entry), {}),
      call(a, 'POST', familyLinkUrl(entry), {}),
    ]);
    const urls = both.map((r) => r.json<FamilyLink>().url);
    expect(urls[0]).toBe(urls[1]);
    expect(await a.services.store.familyLinks.list()).toHaveLength(1);
  });

  it('refuses a link for a family not on a list (404), a bad body (400), a revoke of none (404)', async () => {
    const a = await signedInApp();
    const unknown = await call(a, 'POST', familyLinkUrl('0123abcd'), {});
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'unknown_entry' });
    const entry = await listFamily(a, 1);
    expect((await call(a, 'POST', familyLinkUrl(entry), { reissue: 'yes' })).statusCode).toBe(400);
    expect((await call(a, 'POST', familyLinkUrl(entry), { extra: 1 })).statusCode).toBe(400);
    expect((await call(a, 'POST', familyLinkUrl('NOT-AN-ID'), {})).statusCode).toBe(404);
    const none = await call(a, 'DELETE', familyLinkUrl(entry));
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ error: 'no_link' });
    const mailOff = await call(a, 'POST', `${familyLinkUrl(entry)}/email`);
    expect(mailOff.statusCode).toBe(409);
    expect(mailOff.json()).toMatchObject({ error: 'mail_off' });
  });

  it('e-mails a family their link through the outbox, and logs it without the token', async () => {
    const { a, smtp } = await mailingApp();
    const entry = await listFamily(a, 1);
    const sent = await call(a, 'POST', `${familyLinkUrl(entry)}/email`);
    expect(sent.statusCode, sent.body).toBe(202);
    await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(1);
    const link = await linkOf(a, entry);
    const raw = smtp.received[0]!.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(smtp.received[0]!.to).toEqual(['family1@example.com']);
    expect(raw).toContain(link.url!);
    expect(JSON.stringify(await a.services.store.snapshot())).not.toContain(
      pathOf(link).split('/')[2]!,
    );
    const audit = (await call(a, 'GET', `${API_ROUTES.audit.path}?limit=20`)).body;
    expect(audit).toContain('family-link-email');
    expect(audit).toContain('family-link-issue');
    expect(audit).not.toContain(pathOf(link).split('/')[2]!);
  });

  it('lets a helper copy, e-mail and revoke links, but not post news', async () => {
    const a = await signedInApp();
    const entry = await listFamily(a, 1);
    await addHelper(a);
    const helper = { ...a, ...(await logIn(a.app, HELPER)) };
    expect((await call(helper, 'POST', familyLinkUrl(entry), {})).statusCode).toBe(201);
    expect((await call(helper, 'DELETE', familyLinkUrl(entry))).statusCode).toBe(204);
    expect((await post(helper, 'A note')).statusCode).toBe(403);
  });
});

describe('a family’s link in an e-mail', () => {
  it('is filled in as the e-mail goes: a link revoked meanwhile is not sent, nor revived', async () => {
    const a = await signedInApp();
    const entry = await listFamily(a, 1);
    const link = await linkOf(a, entry);
    const { store } = a.services;
    const queued = { entryId: entry, text: 'Your page: {{family-page}}' };
    expect((await withFamilyPage(store, a.env.PUBLIC_URL, queued)).text).toBe(
      `Your page: ${link.url}`,
    );
    expect((await call(a, 'DELETE', familyLinkUrl(entry))).statusCode).toBe(204);
    const after = (await withFamilyPage(store, a.env.PUBLIC_URL, queued)).text;
    expect(after).not.toContain('/family/');
    expect(after).toContain('your link has been replaced: write to us at');
    expect(await store.familyLinks.list()).toEqual([]);
  });
});

describe('a litter’s weekly news', () => {
  it('posts, lists newest first, edits and removes an update, its photos with it', async () => {
    const a = await signedInApp();
    const upload = await uploadPhoto(a, await jpeg(3000, 2000));
    expect(upload.statusCode, upload.body).toBe(201);
    const photo = upload.json<{ name: string; width: number; height: number }>();
    expect(photo).toMatchObject({ width: 2400, height: 1600 });
    const file = path.join(a.repoRoot, NEWS_PHOTOS_DIR, photo.name);
    // Not among the site's public photos: only the family pages' token-scoped address serves it.
    expect(path.relative(a.repoRoot, file).startsWith('packages/content/public')).toBe(false);
    const admin = await call(a, 'GET', `/api/admin/litter-news-photos/${photo.name}`);
    expect(admin.statusCode).toBe(200);
    expect(admin.headers['content-type']).toBe('image/jpeg');

    const first = await post(a, '  Week one: all seven thriving.  ', [photo.name]);
    expect(first.statusCode, first.body).toBe(201);
    const update = first.json<{ update: LitterUpdate; recipients: number }>();
    expect(update).toMatchObject({
      update: { litterId: LITTER, note: 'Week one: all seven thriving.', createdBy: 'owner' },
      recipients: 0,
    });
    a.clock.advance(60_000);
    const second = (await post(a, 'Week two.')).json<{ update: LitterUpdate }>().update;
    const list = (await call(a, 'GET', litterNewsUrl(LITTER))).json<{ updates: LitterUpdate[] }>();
    expect(list.updates.map((u) => u.id)).toEqual([second.id, update.update.id]);

    const other = (await uploadPhoto(a)).json<{ name: string }>().name;
    const edited = await call(a, 'PUT', litterUpdateUrl(update.update.id), {
      note: 'Week one, corrected.',
      photos: [other],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<{ update: LitterUpdate }>().update).toMatchObject({
      note: 'Week one, corrected.',
      photos: [{ name: other }],
    });
    // The photo taken out is gone from the disk; the new one stays.
    await expect(fs.stat(file)).rejects.toThrow();
    const otherFile = path.join(a.repoRoot, NEWS_PHOTOS_DIR, other);
    await fs.stat(otherFile);

    expect((await call(a, 'DELETE', litterUpdateUrl(update.update.id))).statusCode).toBe(204);
    await expect(fs.stat(otherFile)).rejects.toThrow();
    expect(
      (await call(a, 'GET', litterNewsUrl(LITTER))).json<{ updates: LitterUpdate[] }>().updates,
    ).toHaveLength(1);
    const audit = (await call(a, 'GET', `${API_ROUTES.audit.path}?limit=50`)).body;
    for (const action of ['litter-news-post', 'litter-news-edit', 'litter-news-remove'])
      expect(audit).toContain(action);
  });

  it('answers each bad case with its 4xx', async () => {
    const a = await signedInApp();
    const photos = await Promise.all(
      Array.from({ length: 13 }, async () => (await uploadPhoto(a)).json<{ name: string }>().name),
    );
    const cases: [string, Promise<{ statusCode: number; json(): unknown }>, number, string][] = [
      ['a note too long', post(a, 'x'.repeat(2001)), 400, 'bad_request'],
      ['an empty note', post(a, '   '), 400, 'bad_request'],
      ['13 photos', post(a, 'Note', photos), 400, 'bad_request'],
      ['a photo twice', post(a, 'Note', [photos[0]!, photos[0]!]), 400, 'bad_request'],
      ['a photo name not ours', post(a, 'Note', ['../../etc/passwd']), 400, 'bad_request'],
      ['a photo never uploaded', post(a, 'Note', [`${'a'.repeat(24)}.jpg`]), 422, 'invalid_photo'],
      ['an unknown litter', post(a, 'Note', [], 'no-such-litter'), 404, 'unknown_litter'],
      [
        'an unknown field',
        call(a, 'POST', litterNewsUrl(LITTER), { note: 'x', photos: [], extra: 1 }),
        400,
        'bad_request',
      ],
      [
        'an edit of no update',
        call(a, 'PUT', litterUpdateUrl('0123456789abcdef'), { note: 'x', photos: [] }),
        404,
        'unknown_update',
      ],
      [
        'a removal of no update',
        call(a, 'DELETE', litterUpdateUrl('0123456789abcdef')),
        404,
        'unknown_update',
      ],
      [
        'a photo that is not an image',
        uploadPhoto(a, Buffer.from('<svg></svg>')),
        415,
        'unsupported_media_type',
      ],
      ['an empty photo', uploadPhoto(a, Buffer.alloc(0)), 400, 'bad_request'],
    ];
    for (const [what, answer, status, error] of cases) {
      const res = await answer;
      expect(res.statusCode, what).toBe(status);
      expect(res.json(), what).toMatchObject({ error });
    }
    // A photo of one update cannot be taken into another.
    await post(a, 'First', [photos[0]!]);
    const taken = await post(a, 'Second', [photos[0]!]);
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toMatchObject({ error: 'invalid_photo', field: 'photos.0' });
  });

  it('e-mails each family of the list once, with their page, not the unsubscribed; an edit sends nothing', async () => {
    const { a, smtp } = await mailingApp();
    const one = await listFamily(a, 1);
    const two = await listFamily(a, 2);
    await listFamily(a, 3);
    await listFamily(a, 4, null);
    // Family 3 unsubscribed from the announcements.
    const doc = await a.services.store.waitlists.get();
    const lists = doc.lists.map((l) => ({
      ...l,
      entries: l.entries.map((e) =>
        e.name === 'Family3 Lane' ? { ...e, unsubscribedAt: a.clock.now() } : e,
      ),
    }));
    await a.services.store.waitlists.replace(lists, doc.version, a.clock.now());
    // Family 1 already has a link: the e-mail carries that same one.
    const link1 = await linkOf(a, one);

    const photo = (await uploadPhoto(a)).json<{ name: string }>().name;
    const posted = await post(a, 'Week three: first bath.', [photo]);
    expect(posted.statusCode).toBe(201);
    expect(posted.json()).toMatchObject({ recipients: 2 });
    await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(2);
    const mails = smtp.received.map((m) => ({
      to: m.to,
      raw: m.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='),
    }));
    expect(mails.map((m) => m.to[0]).sort()).toEqual([
      'family1@example.com',
      'family2@example.com',
    ]);
    const to1 = mails.find((m) => m.to[0] === 'family1@example.com')!.raw;
    expect(to1).toContain('Subject: News of the Ranger x Juniper litter');
    expect(to1).toContain('Week three: first bath.');
    expect(to1).toContain(link1.url!);
    expect(to1).toMatch(/List-Unsubscribe:\s+<http[^>]+\/api\/waitlist\/unsubscribe\?e=/);
    expect(to1).toMatch(/unsubscribe\?e=[a-z0-9]+&s=[\w-]+/);
    // Family 2 had no link: the e-mail made one, and it opens their page with the news.
    const link2 = await linkOf(a, two);
    expect(mails.find((m) => m.to[0] === 'family2@example.com')!.raw).toContain(link2.url!);
    expect((await page(a, pathOf(link2))).body).toContain('Week three: first bath.');
    // The outbox kept the e-mails without the links: the store (and so a backup) holds no token.
    const stored = JSON.stringify(await a.services.store.snapshot());
    for (const link of [link1, link2]) expect(stored).not.toContain(pathOf(link).split('/')[2]!);
    expect(stored).toContain('{{family-page}}');

    const id = posted.json<{ update: LitterUpdate }>().update.id;
    expect(
      (await call(a, 'PUT', litterUpdateUrl(id), { note: 'Week three, edited.', photos: [] }))
        .statusCode,
    ).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.received).toHaveLength(2);
    // Nor do the news e-mails show among the announcements.
    expect((await call(a, 'GET', API_ROUTES.announcements.path)).json()).toEqual({
      announcements: [],
    });
    const w = (await call(a, 'GET', API_ROUTES.waitlist.path)).json<Waitlist>();
    expect(w.lists.find((l) => l.key === LITTER)!.entries).toHaveLength(3);
  });
});

describe('backups of family pages and news', () => {
  it('carry the links (hashes, never tokens), the updates and their photos; the page opens after a restore elsewhere', async () => {
    const a = await signedInApp();
    const entry = await listFamily(a, 1);
    const link = await linkOf(a, entry);
    const photo = (await uploadPhoto(a)).json<{ name: string }>().name;
    expect((await post(a, 'Backed up news.', [photo])).statusCode).toBe(201);

    const file = path.join(await tempDir('cedar-family-backup-'), 'backup.jsonl.gz');
    const { store } = a.services;
    await saveArchive(
      archiveStream(await collectBackup({ store, repoRoot: a.repoRoot, clock: a.clock.now })),
      file,
    );
    const read = await readArchive(file);
    expect(read.counts).toMatchObject({ familyLinks: 1, litterUpdates: 1 });
    expect(read.files.map((f) => f.path)).toContain(`${NEWS_PHOTOS_DIR}/${photo}`);
    const token = pathOf(link).split('/')[2]!;
    expect(zlib.gunzipSync(await fs.readFile(file)).toString('utf8')).not.toContain(token);

    // Restored into another server: its store and its own keys.
    const b = await testApp({ engine: 'embedded' });
    await restoreBackup(read, { store: b.services.store, repoRoot: b.repoRoot, force: true });
    const opened = await b.app.inject({ method: 'GET', url: pathOf(link), remoteAddress: from() });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain('Backed up news.');
    const image = await b.app.inject({
      method: 'GET',
      url: `${pathOf(link)}/photos/${photo}`,
      remoteAddress: from(),
    });
    expect(image.statusCode).toBe(200);
    expect(
      image.rawPayload.equals(await fs.readFile(path.join(a.repoRoot, NEWS_PHOTOS_DIR, photo))),
    ).toBe(true);
    // That server cannot show the link again (it never had the key that sealed it).
    const owner = { ...b, ...(await logIn(b.app)) };
    const shown = await call(owner, 'POST', familyLinkUrl(entry), {});
    expect(shown.statusCode).toBe(200);
    expect(shown.json<FamilyLink>()).toMatchObject({ url: null });
  });

  it('refuses a news photo by a name the server would not give', async () => {
    const a = await signedInApp();
    const entry = await listFamily(a, 1);
    await linkOf(a, entry);
    const contents = await collectBackup({
      store: a.services.store,
      repoRoot: a.repoRoot,
      clock: a.clock.now,
    });
    const b = await testApp({ engine: 'embedded' });
    const stray = {
      ...contents,
      files: [
        ...contents.files,
        { path: `${NEWS_PHOTOS_DIR}/evil.html`, content: Buffer.from('<b>') },
      ],
    };
    await expect(
      restoreBackup(stray, { store: b.services.store, repoRoot: b.repoRoot, force: true }),
    ).rejects.toThrow(/is not a news photo's name/);
  });
});
