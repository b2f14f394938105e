import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { API_ROUTES, intakeStatusSchema, retryMailUrl } from '@cedar/api-contract';
import { describe, expect, it } from 'vitest';
import { logIn, type TestApp } from '../test/build';
import { MAIL_ENV, smtpServer, testApp, webhook } from '../test/per-test';
import { ownerMail } from './mail';
import { MAX_ATTEMPTS, Outbox, retryDelayMs } from './outbox';

async function start(env: Record<string, string> = {}, lines?: string[]) {
  const smtp = await smtpServer();
  const t = await testApp({
    env: { SMTP_URL: smtp.url, ...MAIL_ENV, ...(lines ? { LOG_LEVEL: 'info' } : {}), ...env },
    ...(lines ? { logStream: { write: (line: string) => lines.push(line) } } : {}),
  });
  await t.app.ready();
  return { t, smtp };
}

/** A family's inquiry through the relay webhook, as a form relay sends it. */
async function inquire(app: TestApp, fields: Record<string, string> = {}) {
  const body = JSON.stringify({
    firstName: 'Ada',
    lastName: 'Lane',
    email: 'ada@example.com',
    phone: '(518) 555-0100',
    preferredColor: 'fox-red',
    message: 'Hoping for a fox red male this spring.',
    ...fields,
  });
  const res = await webhook(app, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

/** The inquiry's e-mail as the store holds it (the outbox's state). */
async function mailOf(app: TestApp) {
  const { inquiries } = await app.services.store.snapshot();
  return inquiries[0]?.mail;
}

/** Waits for the first attempt to end (with a refusal the test asked for). */
const firstAttemptRefused = (app: TestApp) =>
  expect.poll(async () => (await mailOf(app))?.state).toBe('pending');

/** The text of a quoted-printable message, as a mail program shows it. */
const decoded = (raw: string) =>
  raw
    .replace(/\r\n/g, '\n')
    .replace(/=\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

async function intakeStatus(app: TestApp) {
  const { headers } = await logIn(app.app);
  const res = await app.app.inject({ method: 'GET', url: API_ROUTES.intakeStatus.path, headers });
  return intakeStatusSchema.parse(res.json());
}

describe('the e-mail to the owner about each new inquiry', () => {
  it('sends one e-mail through SMTP_URL with the name, colour, first lines and a link, and logs no password', async () => {
    const lines: string[] = [];
    const { t, smtp } = await start({}, lines);
    await inquire(t, {
      message: [
        'Line one.',
        'Line two.',
        'Line three.',
        '4',
        '5',
        '6',
        'Line seven, not quoted.',
      ].join('\n'),
    });
    await expect.poll(() => smtp.received.length).toBe(1);
    const [mail] = smtp.received;
    expect(mail!.from).toBe('website@cedarblufflabradors.example');
    expect(mail!.to).toEqual(['owner@cedarblufflabradors.example']);
    const raw = decoded(mail!.raw);
    expect(raw).toMatch(/^Subject: New inquiry from Ada Lane \(Fox Red\)$/m);
    expect(raw).toMatch(/^Reply-To: ada@example\.com$/m);
    expect(raw).toMatch(/^Message-ID: <inquiry-[0-9a-f]+@localhost>$/m);
    expect(raw).toContain('Preferred colour: Fox Red');
    // The message on one line: a form's line breaks never make lines of their own.
    expect(raw).toContain(
      'Message: Line one. Line two. Line three. 4 5 6 Line seven, not quoted.\n',
    );
    expect(raw).toContain(`Open it in the admin: ${t.env.PUBLIC_URL}/admin?q=ada%40example.com`);
    // Sent once: nothing is due any more.
    expect(await t.services.outbox!.drain()).toBe(0);
    expect(smtp.received).toHaveLength(1);
    await expect.poll(() => lines.join('\n')).toContain('e-mailed the owner about a new inquiry');
    expect(lines.join('\n')).not.toContain(smtp.password);
    expect((await intakeStatus(t)).mail).toEqual({
      state: 'on',
      to: MAIL_ENV.NOTIFY_EMAIL,
      problem: null,
      pending: 0,
      failed: [],
    });
  });

  it('keeps an e-mail the mail server could not take across a restart, and sends it once after', async () => {
    const { t: first, smtp } = await start();
    smtp.refuseWith(451);
    await inquire(first);
    await firstAttemptRefused(first);
    expect((await intakeStatus(first)).mail.pending).toBe(1);
    expect(smtp.received).toHaveLength(0);
    // The server stops with the e-mail waiting; the mail server comes back; the retry is due.
    smtp.refuseWith(null);
    first.clock.advance(retryDelayMs(1));
    const second = await first.restart();
    await second.app.ready();
    await expect.poll(() => smtp.received.length).toBe(1);
    second.clock.advance(24 * 3_600_000);
    const t = await second.restart();
    await t.app.ready();
    expect(await t.services.outbox!.drain()).toBe(0);
    expect(smtp.received).toHaveLength(1);
    expect((await intakeStatus(t)).mail.pending).toBe(0);
  });

  it('never sends one e-mail twice, however many senders look at once', async () => {
    const { t, smtp } = await start();
    smtp.delayData(200);
    smtp.refuseWith(451);
    await inquire(t);
    await firstAttemptRefused(t);
    smtp.refuseWith(null);
    t.clock.advance(retryDelayMs(1));
    const sent: string[] = [];
    const senders = Array.from(
      { length: 3 },
      () =>
        new Outbox({
          store: t.services.store,
          clock: t.services.clock,
          log: t.app.log,
          compose: (inquiry) =>
            ownerMail(
              {
                smtpUrl: smtp.url,
                to: ['owner@example.com'],
                from: 'w@example.com',
                publicUrl: 'http://x',
              },
              inquiry,
            ),
          send: async (mail) => {
            sent.push(mail.messageId);
            await new Promise((resolve) => setTimeout(resolve, 100));
          },
        }),
    );
    const counts = await Promise.all([
      ...senders.map((s) => s.drain()),
      t.services.outbox!.drain(),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(sent.length + smtp.received.length).toBe(1);
  });

  it('gives up at a permanent refusal, shows it on the dashboard, and sends it when asked again', async () => {
    const { t, smtp } = await start();
    smtp.refuseWith(550, 'Mailbox owner@cedarblufflabradors.example unavailable');
    const id = await inquire(t);
    await expect.poll(async () => (await intakeStatus(t)).mail.failed.length).toBe(1);
    const { mail } = await intakeStatus(t);
    expect(mail.pending).toBe(0);
    expect(mail.failed).toEqual([
      {
        inquiryId: id,
        name: 'Ada Lane',
        attempts: 1,
        failedAt: t.clock.now().toISOString(),
        error: expect.stringMatching(
          /^the mail server answered 550 .*Mailbox owner@cedarblufflabradors\.example unavailable/,
        ),
      },
    ]);
    expect(smtp.received).toHaveLength(0);

    // The owner fixes the mail box and asks again from the dashboard.
    smtp.refuseWith(null);
    const { headers } = await logIn(t.app);
    const retry = await t.app.inject({ method: 'POST', url: retryMailUrl(id), headers });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toEqual({ queued: true });
    await expect.poll(() => smtp.received.length).toBe(1);
    expect((await intakeStatus(t)).mail.failed).toEqual([]);
    // Sent now: asking again is a conflict; an unknown inquiry is not found.
    const twice = await t.app.inject({ method: 'POST', url: retryMailUrl(id), headers });
    expect(twice.statusCode).toBe(409);
    const unknown = await t.app.inject({ method: 'POST', url: retryMailUrl('nope'), headers });
    expect(unknown.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'POST', url: retryMailUrl('../x'), headers });
    expect(bad.statusCode).toBe(404);
  });

  it(`retries a temporary refusal with growing waits and gives up after ${MAX_ATTEMPTS} attempts`, async () => {
    const { t, smtp } = await start();
    smtp.refuseWith(451);
    await inquire(t);
    await firstAttemptRefused(t);
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      // Not due before its wait is over.
      t.clock.advance(retryDelayMs(attempt) - 1000);
      expect(await t.services.outbox!.drain()).toBe(0);
      expect((await intakeStatus(t)).mail.failed).toHaveLength(0);
      t.clock.advance(1000);
      await t.services.outbox!.drain();
    }
    const { mail } = await intakeStatus(t);
    expect(mail.pending).toBe(0);
    expect(mail.failed).toEqual([
      expect.objectContaining({ attempts: MAX_ATTEMPTS, error: expect.stringMatching(/451/) }),
    ]);
    expect(retryDelayMs(1)).toBe(30_000);
    expect(retryDelayMs(2)).toBe(60_000);
    expect(retryDelayMs(20)).toBe(3_600_000);
  });

  it('takes an inquiry in at once while the mail server hangs, and stops the send at close', async () => {
    // A mail server that accepts the connection and never says a word.
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as AddressInfo;
      const { t } = await start({ SMTP_URL: `smtp://127.0.0.1:${port}` });
      const started = Date.now();
      await inquire(t);
      await inquire(t, { email: 'ben@example.com' });
      expect(Date.now() - started).toBeLessThan(1000);
      const closing = Date.now();
      await t.close();
      expect(Date.now() - closing).toBeLessThan(2000);
    } finally {
      silent.close();
    }
  });

  it('is off without SMTP_URL, NOTIFY_EMAIL and MAIL_FROM: inquiries are stored and nothing is queued', async () => {
    const t = await testApp();
    await t.app.ready();
    await inquire(t);
    expect(t.services.outbox).toBeNull();
    expect((await intakeStatus(t)).mail).toEqual({
      state: 'off',
      to: null,
      problem: null,
      pending: 0,
      failed: [],
    });
    const { headers } = await logIn(t.app);
    const [inquiry] = await t.services.store.inquiries.list();
    const retry = await t.app.inject({ method: 'POST', url: retryMailUrl(inquiry!.id), headers });
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toMatchObject({ error: 'mail_off' });
  });
});
