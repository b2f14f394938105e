import { API_ROUTES, DEFAULT_ANNOUNCEMENT, type Waitlist } from '@cedar/api-contract';
import { describe, expect, it } from 'vitest';
import type { NewInquiry } from '../store/types';
import type { LoggedIn, TestApp } from '../test/build';
import { addToWaitlist, call, family, LITTER, mailingApp, signedInApp } from '../test/per-test';
import type { TestSmtp } from '../test/smtp';

let smtp: TestSmtp | undefined;
async function setup(mail = true) {
  if (mail) {
    const mailing = await mailingApp();
    smtp = mailing.smtp;
    return mailing.a;
  }
  smtp = undefined;
  const a = await signedInApp();
  await a.app.ready();
  return a;
}

/** Two families on the litter's list, one on the general list, one of them twice by e-mail. */
async function listed(a: TestApp & LoggedIn) {
  const add = async (i: number, litterId: string | null, extra: Partial<NewInquiry> = {}) =>
    addToWaitlist(a, (await a.services.store.inquiries.create(family(i, extra))).id, litterId);
  await add(1, LITTER);
  await add(2, LITTER);
  await add(3, null);
  return add(4, null, { email: 'FAMILY1@example.com' });
}

const DRAFT = { litterId: LITTER, ...DEFAULT_ANNOUNCEMENT };

describe('announcements', () => {
  it('previews who gets it and the first family’s e-mail, filled in, with its unsubscribe link', async () => {
    const a = await setup(false);
    await listed(a);
    const res = await call(a, 'POST', API_ROUTES.previewAnnouncement.path, {
      ...DRAFT,
      includeGeneral: true,
    });
    expect(res.statusCode).toBe(200);
    const preview = res.json() as {
      recipients: { email: string }[];
      skipped: { email: string; reason: string }[];
      sample: { to: string; subject: string; text: string };
    };
    expect(preview.recipients.map((r) => r.email)).toEqual([
      'family1@example.com',
      'family2@example.com',
      'family3@example.com',
    ]);
    expect(preview.skipped).toEqual([
      {
        name: 'Family4 Lane',
        email: 'FAMILY1@example.com',
        reason: 'already among the recipients',
      },
    ]);
    expect(preview.sample.subject).toBe('Ranger x Juniper puppies are here!');
    expect(preview.sample.text).toContain('Dear Family1 Lane,');
    expect(preview.sample.text).toContain('born on August 30, 2026: 7 puppies, 2 of 7 available');
    expect(preview.sample.text).toMatch(/unsubscribe\?e=[a-z0-9]+&s=[\w-]+/);
  });

  it('refuses an unknown litter (404) and one not born yet (422)', async () => {
    const a = await setup(false);
    const unknown = await call(a, 'POST', API_ROUTES.previewAnnouncement.path, {
      ...DRAFT,
      litterId: 'no-such-litter',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'unknown_litter' });
    const due = await call(a, 'POST', API_ROUTES.previewAnnouncement.path, {
      ...DRAFT,
      litterId: 'duke-honey-winter-2027',
    });
    expect(due.statusCode).toBe(422);
    expect(due.json()).toMatchObject({ error: 'not_born' });
  });

  it('says nothing can be sent without e-mail set up (409)', async () => {
    const a = await setup(false);
    await listed(a);
    const res = await call(a, 'POST', API_ROUTES.sendAnnouncement.path, DRAFT);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'mail_off' });
  });

  it('sends one e-mail per family through the outbox; an unsubscribed family gets none after', async () => {
    const a = await setup();
    await listed(a);
    const sent = await call(a, 'POST', API_ROUTES.sendAnnouncement.path, {
      ...DRAFT,
      includeGeneral: true,
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ recipients: 3 });
    await expect.poll(() => smtp!.received.length, { timeout: 10_000 }).toBe(3);
    expect(
      smtp!.received
        .map((m) => m.to)
        .flat()
        .sort(),
    ).toEqual(['family1@example.com', 'family2@example.com', 'family3@example.com']);
    // The mail server has the third message before the outbox has read its answer and marked
    // it sent: the count follows within moments.
    await expect
      .poll(async () => (await call(a, 'GET', API_ROUTES.announcements.path)).json(), {
        timeout: 10_000,
      })
      .toMatchObject({
        announcements: [{ litterId: LITTER, recipients: 3, sent: 3, waiting: 0, failed: 0 }],
      });

    // Family 2 follows the link in their e-mail: the GET asks, the POST records.
    const raw = smtp!.received.find((m) => m.to.includes('family2@example.com'))!.raw;
    const link = /(\/api\/waitlist\/unsubscribe\?e=[a-z0-9]+&s=[\w-]+)/.exec(
      raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='),
    )![1]!;
    const ask = await a.app.inject({ method: 'GET', url: link });
    expect(ask.statusCode).toBe(200);
    expect(ask.body).toContain('<form method="post"');
    const forged = await a.app.inject({
      method: 'POST',
      url: link.replace(/s=[\w-]+/, 's=forged'),
    });
    expect(forged.statusCode, forged.body).toBe(403);
    const done = await a.app.inject({ method: 'POST', url: link });
    expect(done.statusCode).toBe(200);
    const w = (await call(a, 'GET', API_ROUTES.waitlist.path)).json() as Waitlist;
    const entry = w.lists.find((l) => l.key === LITTER)!.entries[1]!;
    expect(entry).toMatchObject({ name: 'Family2 Lane', unsubscribed: true });

    const again = await call(a, 'POST', API_ROUTES.previewAnnouncement.path, DRAFT);
    expect((again.json() as { skipped: unknown[] }).skipped).toEqual([
      { name: 'Family2 Lane', email: 'family2@example.com', reason: 'unsubscribed' },
    ]);
    expect((await call(a, 'POST', API_ROUTES.sendAnnouncement.path, DRAFT)).statusCode).toBe(201);
    await expect.poll(() => smtp!.received.length, { timeout: 10_000 }).toBe(4);
    expect(smtp!.received[3]!.to).toEqual(['family1@example.com']);
  });
});
