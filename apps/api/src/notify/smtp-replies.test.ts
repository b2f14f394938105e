// The outbox against a real SMTP server (smtp-server) answering each recipient as a provider
// would: 250, 421, 550 5.4.5 (a daily quota), 550 5.1.1 (no such user), and 535 at login.
import {
  API_ROUTES,
  type InboxInquiry,
  intakeStatusSchema,
  type Waitlist,
} from '@cedar/api-contract';
import { describe, expect, it } from 'vitest';
import type { LoggedIn, TestApp } from '../test/build';
import { addToWaitlist, call, family, LITTER, mailingApp } from '../test/per-test';
import { AUTH_RETRY_MS, QUOTA_WAIT_MS } from './outbox';

type A = TestApp & LoggedIn;

/** Families on the litter's list, one per address, in this order. */
async function listFamilies(a: A, emails: string[]) {
  const inquiries: InboxInquiry[] = [];
  for (const [i, email] of emails.entries()) {
    const inquiry = await a.services.store.inquiries.create(family(i, { email }));
    await addToWaitlist(a, inquiry.id);
    inquiries.push(inquiry);
  }
  return inquiries;
}

async function announce(a: A) {
  const res = await call(a, 'POST', API_ROUTES.sendAnnouncement.path, {
    litterId: LITTER,
    includeGeneral: false,
    subject: '{litter} are born',
    body: 'Dear {name}, the puppies are here.',
  });
  expect(res.statusCode, res.body).toBe(201);
}

const mails = async (a: A) => (await a.services.store.snapshot()).announcementMails ?? [];
const mailTo = async (a: A, to: string) => (await mails(a)).find((m) => m.to === to)!;

async function status(a: A) {
  const res = await call(a, 'GET', API_ROUTES.intakeStatus.path);
  return intakeStatusSchema.parse(res.json());
}

/** The raw message's headers, unfolded. */
const headersOf = (raw: string) => raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');

describe('the outbox against a mail server answering as providers do', () => {
  it('sends an announcement over one login, each e-mail with the one-click unsubscribe headers, and the one-click POST unsubscribes', async () => {
    const { a, smtp } = await mailingApp();
    const emails = ['f1@example.com', 'f2@example.com', 'f3@example.com', 'f4@example.com'];
    await listFamilies(a, emails);
    await announce(a);
    await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(4);
    // One pooled connection, one login, for every e-mail.
    expect(smtp.connections).toBe(1);
    expect(smtp.logins).toBe(1);
    for (const mail of smtp.received) {
      expect(mail.to).toHaveLength(1);
      const headers = headersOf(mail.raw);
      expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
      expect(headers).toMatch(
        /^List-Unsubscribe: <http:\/\/localhost:\d+\/api\/waitlist\/unsubscribe\?e=[a-z0-9]+&s=[\w-]+>$/m,
      );
    }
    // A mail provider's one-click POST (RFC 8058) to f2's URL.
    const raw = smtp.received.find((m) => m.to[0] === 'f2@example.com')!.raw;
    const url = new URL(/^List-Unsubscribe: <([^>]+)>$/m.exec(headersOf(raw))![1]!);
    const oneClick = () =>
      a.app.inject({
        method: 'POST',
        url: `${url.pathname}${url.search}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    const res = await oneClick();
    expect(res.statusCode, res.body).toBe(200);
    // Idempotent: again, nothing changes and nothing fails.
    const version = ((await call(a, 'GET', API_ROUTES.waitlist.path)).json() as Waitlist).version;
    expect((await oneClick()).statusCode).toBe(200);
    const w = (await call(a, 'GET', API_ROUTES.waitlist.path)).json() as Waitlist;
    expect(w.version).toBe(version);
    expect(w.lists.find((l) => l.key === LITTER)!.entries.map((e) => e.unsubscribed)).toEqual([
      false,
      true,
      false,
      false,
    ]);
  });

  it('retries a 421 later, gives up a 5.1.1 and marks the address bouncing on the waitlist and the inquiry card', async () => {
    const { a, smtp } = await mailingApp();
    smtp.script('busy@example.com', '421 4.3.2 Service not available, try again later');
    smtp.script(
      'gone@example.com',
      '550 5.1.1 The email account that you tried to reach does not exist',
    );
    const [, , gone] = await listFamilies(a, [
      'ok@example.com',
      'busy@example.com',
      'gone@example.com',
    ]);
    await announce(a);
    await expect.poll(async () => (await mailTo(a, 'gone@example.com')).state).toBe('failed');
    await expect.poll(async () => (await mailTo(a, 'busy@example.com')).state).toBe('pending');
    expect(smtp.received.map((m) => m.to)).toEqual([['ok@example.com']]);
    const busy = await mailTo(a, 'busy@example.com');
    expect(busy.lastError).toMatch(/421 4\.3\.2/);
    expect(new Date(busy.nextAttemptAt).getTime()).toBeGreaterThan(a.clock.now().getTime());

    // The bounce is on the family's waitlist entry and on their inquiry card.
    await expect
      .poll(async () => {
        const w = (await call(a, 'GET', API_ROUTES.waitlist.path)).json() as Waitlist;
        return w.lists.find((l) => l.key === LITTER)!.entries.map((e) => e.bounced);
      })
      .toEqual([false, false, true]);
    // The card is marked by its own write, after the outbox has recorded the failure.
    await expect
      .poll(async () => (await a.services.store.inquiries.get(gone!.id))!.emailBounce)
      .toMatchObject({ reply: expect.stringMatching(/5\.1\.1/) });
    // … and no announcement goes to it again.
    const preview = await call(a, 'POST', API_ROUTES.previewAnnouncement.path, {
      litterId: LITTER,
      includeGeneral: false,
      subject: 'Again',
      body: 'Again',
    });
    expect(preview.json().skipped).toEqual([
      { name: 'Family2 Lane', email: 'gone@example.com', reason: 'their address bounces' },
    ]);

    // The server takes it later: the 421 is sent on the retry.
    smtp.script('busy@example.com', null);
    a.clock.advance(60_000);
    a.services.outbox!.kick();
    await expect.poll(() => smtp.received.length).toBe(2);
    expect(smtp.received[1]!.to).toEqual(['busy@example.com']);
  });

  it('holds every e-mail back after 550 5.4.5 (a daily quota), says so once on the dashboard, and sends them after', async () => {
    const lines: string[] = [];
    const { a, smtp } = await mailingApp(lines);
    smtp.script('first@example.com', '550 5.4.5 Daily user sending limit exceeded');
    await listFamilies(a, ['first@example.com', 'second@example.com', 'third@example.com']);
    await announce(a);
    await expect.poll(async () => (await status(a)).mail.problem).toMatch(/sending limit/);
    // Only the first was tried: the others wait with it, not one refusal each.
    const states = await mails(a);
    expect(states.map((m) => [m.to, m.state, m.attempts]).sort()).toEqual([
      ['first@example.com', 'pending', 1],
      ['second@example.com', 'pending', 0],
      ['third@example.com', 'pending', 0],
    ]);
    expect(await a.services.outbox!.drain()).toBe(0);
    expect(smtp.received).toHaveLength(0);
    expect(lines.filter((l) => l.includes('sending limit'))).toHaveLength(1);
    // The quota clears: an hour on, all three go.
    smtp.script('first@example.com', null);
    a.clock.advance(QUOTA_WAIT_MS + 1000);
    a.services.outbox!.kick();
    await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(3);
    // The server has the message before the outbox has read its 250 and cleared the problem.
    await expect.poll(async () => (await status(a)).mail.problem, { timeout: 10_000 }).toBeNull();
  });

  it('stops the queue once at a refused login (535): one alert, not one per e-mail; sends all once the login works', async () => {
    const lines: string[] = [];
    const { a, smtp } = await mailingApp(lines);
    smtp.refuseLogins(true);
    await listFamilies(a, ['a1@example.com', 'a2@example.com', 'a3@example.com']);
    await announce(a);
    await expect.poll(async () => (await status(a)).mail.problem).toMatch(/refused the login/);
    expect((await status(a)).mail.problem).toMatch(/535/);
    expect(await a.services.outbox!.drain()).toBe(0);
    const attempts = (await mails(a)).map((m) => m.attempts).sort();
    expect(attempts).toEqual([0, 0, 1]);
    expect((await mails(a)).every((m) => m.state === 'pending')).toBe(true);
    expect(lines.filter((l) => l.includes('refused the login'))).toHaveLength(1);
    // The password is put right: at the next try every e-mail goes, and the alert is gone.
    smtp.refuseLogins(false);
    a.clock.advance(AUTH_RETRY_MS + 1000);
    a.services.outbox!.kick();
    await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(3);
    // The server has the message before the outbox has read its 250 and cleared the problem.
    await expect.poll(async () => (await status(a)).mail.problem, { timeout: 10_000 }).toBeNull();
  });
});
