import { API_ROUTES, intakeStatusSchema } from '@cedar/api-contract';
import { site } from '@cedar/content';
import { describe, expect, it, onTestFinished } from 'vitest';
import { startupLine } from '../../lib/startup-line';
import type { OwnerMail } from '../../notify/mail';
import { type BuildTestOptions, FakeClock, logIn, type TestApp } from '../../test/build';
import { testApp } from '../../test/per-test';
import { type StandInSubmission, startHubSpotStandIn } from '../../test/hubspot-stand-in';
import { MAX_PAGE_BYTES } from './forms-api';
import { HubSpotPoller, OVERLAP_MS, untilMidnight } from './poller';

const CONTACT = site.forms.contactFormId;
const QUESTIONNAIRE = site.forms.questionnaireFormId;
const MINUTE = 60_000;

/** The app of the test under way (start() makes it; it is closed when the test ends). */
let t: TestApp | undefined;

const submission = (n: number, at: number, extra: StandInSubmission['values'] = []) => ({
  conversionId: `c0nv3rs10n-${n}`,
  submittedAt: at,
  values: [
    { name: 'firstname', value: `Family${n}` },
    { name: 'lastname', value: 'Lane' },
    { name: 'email', value: `family${n}@example.com` },
    { name: 'phone', value: '(518) 555-0100' },
    { name: 'preferred_color', value: 'Fox Red' },
    { name: 'message', value: 'Hoping for a fox red male.' },
    ...extra,
  ],
  pageUrl: 'https://www.cedarblufflabradors.com/contact',
});

/** `now`, or 6 h earlier when `now` is within 4 h of midnight in `timeZone`. */
function clearOfMidnight(now: Date, timeZone: string): Date {
  const HOUR = 3_600_000;
  return untilMidnight(now, timeZone) < 4 * HOUR ? new Date(now.getTime() - 6 * HOUR) : now;
}

/** The app polling the stand-in (by hand: pollNow), e-mail on, the e-mails kept in `sent`. */
async function start(
  options: {
    token?: string;
    env?: Record<string, string>;
    logStream?: BuildTestOptions['logStream'];
    /** Where the test's clock starts (now, by default). */
    clock?: FakeClock;
    /** How long a call to HubSpot may take: short, so that the timeout's own test is quick. */
    hubspotTimeoutMs?: number;
  } = {},
) {
  const hubspot = await startHubSpotStandIn();
  onTestFinished(() => hubspot.close());
  hubspot.open(CONTACT);
  hubspot.open(QUESTIONNAIRE);
  const sent: OwnerMail[] = [];
  t = await testApp({
    env: {
      HUBSPOT_ACCESS_TOKEN: options.token ?? hubspot.token,
      HUBSPOT_API_URL: hubspot.url,
      HUBSPOT_POLL_INTERVAL: '2m',
      SMTP_URL: 'smtp://127.0.0.1:9',
      NOTIFY_EMAIL: 'owner@example.com',
      MAIL_FROM: 'Cedar Bluff Website <website@example.com>',
      ...(options.logStream ? { LOG_LEVEL: 'info' } : {}),
      ...options.env,
    },
    logStream: options.logStream,
    clock: options.clock,
    intake: {
      pollOnStart: false,
      hubspotTimeoutMs: options.hubspotTimeoutMs ?? 300,
      sendMail: async (mail) => {
        sent.push(mail);
      },
    },
  });
  await t.app.ready();
  return { t, hubspot, sent, poller: t.services.hubspot! };
}

const now = () => t!.clock.now().getTime();

describe('polling HubSpot for form submissions', () => {
  it('pages back through a form on its first poll, storing each submission once without e-mails, then reads only the new', async () => {
    const { hubspot, sent, poller } = await start();
    for (let n = 0; n < 120; n++)
      hubspot.submit(CONTACT, submission(n, now() - (200 - n) * MINUTE));

    expect(await poller.pollNow()).toEqual({ added: 120, nextDelayMs: 2 * MINUTE });
    const contact = hubspot.requests.filter((r) => r.formId === CONTACT);
    // The documented paging: limit 50, then the answer's paging.next.after.
    expect(contact.map((r) => [r.limit, r.after])).toEqual([
      ['50', null],
      ['50', '50'],
      ['50', '100'],
    ]);
    expect(hubspot.requests.every((r) => r.authorization === `Bearer ${hubspot.token}`)).toBe(true);
    expect(hubspot.requests.filter((r) => r.formId === QUESTIONNAIRE)).toHaveLength(1);
    expect(await t!.services.store.inquiries.count()).toBe(120);
    // The history is the owner's already (HubSpot showed it): no e-mail for any of it.
    expect(await t!.services.outbox!.drain()).toBe(0);
    expect(sent).toEqual([]);

    // A new submission: one page read, one inquiry, one e-mail.
    hubspot.requests.length = 0;
    hubspot.submit(
      CONTACT,
      submission(500, now(), [{ name: 'how_many_dogs_have_you_owned_', value: 'Two' }]),
    );
    expect((await poller.pollNow()).added).toBe(1);
    expect(hubspot.requests.filter((r) => r.formId === CONTACT)).toHaveLength(1);
    const [newest] = await t!.services.store.inquiries.list();
    expect(newest).toMatchObject({
      firstName: 'Family500',
      lastName: 'Lane',
      email: 'family500@example.com',
      phone: '(518) 555-0100',
      preferredColor: 'fox-red',
      message: 'Hoping for a fox red male.',
      createdAt: t!.clock.now().toISOString(),
      answers: [
        {
          name: 'how_many_dogs_have_you_owned_',
          label: 'How many dogs have you owned',
          value: 'Two',
        },
      ],
      form: {
        id: CONTACT,
        name: 'Contact form',
        pageUrl: 'https://www.cedarblufflabradors.com/contact',
      },
    });
    // The intake tells the outbox at once; the e-mail goes out on the outbox's own time.
    await expect.poll(() => sent.length).toBe(1);
    expect(sent.map((m) => m.subject)).toEqual(['New inquiry from Family500 Lane (Fox Red)']);
    expect(await t!.services.outbox!.drain()).toBe(0);
  });

  it('stores a submission seen twice once, and a restart adds nothing', async () => {
    const { hubspot, poller } = await start();
    hubspot.submit(CONTACT, submission(1, now() - 5 * MINUTE));
    hubspot.submit(QUESTIONNAIRE, submission(2, now() - 4 * MINUTE));
    expect((await poller.pollNow()).added).toBe(2);
    // HubSpot lists the same submissions again, and the same one twice in one answer.
    hubspot.submit(CONTACT, submission(1, now() - 5 * MINUTE));
    expect((await poller.pollNow()).added).toBe(0);
    expect((await poller.pollNow()).added).toBe(0);
    t = await t!.restart();
    await t.app.ready();
    expect((await t.services.hubspot!.pollNow()).added).toBe(0);
    expect(await t.services.store.inquiries.count()).toBe(2);
  });

  it('does not bring back a submission the owner deleted, though HubSpot still lists it', async () => {
    // The poller's own memory of the conversionIds it took in: the store no longer has the
    // inquiry, so only the cursor tells the poller it has been seen.
    const { hubspot, poller } = await start();
    hubspot.submit(CONTACT, submission(1, now() - 3 * MINUTE));
    hubspot.submit(CONTACT, submission(2, now() - 2 * MINUTE));
    expect((await poller.pollNow()).added).toBe(2);
    const [newest] = await t!.services.store.inquiries.list();
    expect(await t!.services.store.inquiries.remove(newest!.id)).toBe(true);
    expect((await poller.pollNow()).added).toBe(0);
    t = await t!.restart();
    await t.app.ready();
    expect((await t.services.hubspot!.pollNow()).added).toBe(0);
    expect((await t.services.store.inquiries.list()).map((i) => i.firstName)).toEqual(['Family1']);
  });

  it('adds nothing it has stored when the cursor has forgotten what it read (a backup from before it)', async () => {
    // The store's own once-only per conversionId: the cursor remembers nothing, HubSpot lists
    // every submission again, and each is found stored already.
    const { hubspot, poller } = await start();
    hubspot.submit(CONTACT, submission(1, now() - 30 * MINUTE));
    hubspot.submit(CONTACT, submission(2, now() - 2 * MINUTE));
    expect((await poller.pollNow()).added).toBe(2);
    await t!.services.store.cursors.set({
      _id: `hubspot:${CONTACT}`,
      newestAt: null,
      seen: [],
      updatedAt: t!.clock.now(),
    });
    expect((await poller.pollNow()).added).toBe(0);
    expect(await t!.services.store.inquiries.count()).toBe(2);
  });

  it('takes in a submission HubSpot lists late, when it is at most ten minutes older than the newest seen', async () => {
    const { hubspot, poller } = await start();
    hubspot.submit(CONTACT, submission(1, now()));
    await poller.pollNow();
    hubspot.submit(CONTACT, submission(2, now() - OVERLAP_MS + 1000));
    hubspot.submit(CONTACT, submission(3, now() - OVERLAP_MS - 1000));
    expect((await poller.pollNow()).added).toBe(1);
    expect((await t!.services.store.inquiries.list()).map((i) => i.firstName).sort()).toEqual([
      'Family1',
      'Family2',
    ]);
  });

  it('says a refused token once in the log, on the start-up line and on the dashboard, not at every poll', async () => {
    const lines: string[] = [];
    const { poller } = await start({
      token: 'pat-na1-revoked-token',
      logStream: { write: (line) => lines.push(line) },
    });
    const first = await poller.pollNow();
    await poller.pollNow();
    await poller.pollNow();
    const said = lines.filter((l) => l.includes('HubSpot refused the access token'));
    expect(said).toHaveLength(1);
    expect(said[0]).toContain('HTTP 401');
    // Nothing of the token itself in the log.
    expect(lines.join('\n')).not.toContain('pat-na1-revoked-token');
    // Tried again rarely, silently.
    expect(first.nextDelayMs).toBe(15 * MINUTE);
    expect(poller.status()).toMatchObject({ state: 'refused' });
    expect(
      startupLine(t!.env, {
        port: 3000,
        store: 'embedded',
        sandbox: null,
        hubspot: poller.status(),
      }),
    ).toContain('HubSpot refused the access token');
    const { headers } = await logIn(t!.app);
    const res = await t!.app.inject({
      method: 'GET',
      url: API_ROUTES.intakeStatus.path,
      headers,
    });
    const status = intakeStatusSchema.parse(res.json());
    expect(status.hubspot.state).toBe('refused');
    expect(status.hubspot.problem).toMatch(/^HubSpot refused the access token \(HTTP 401/);
    expect(await t!.services.store.inquiries.count()).toBe(0);
  });

  it('waits as long as a 429 Retry-After asks, in seconds or as a date', async () => {
    const { hubspot, poller } = await start();
    hubspot.submit(CONTACT, submission(1, now()));
    hubspot.script({ status: 429, headers: { 'retry-after': '42' } });
    expect(await poller.pollNow()).toEqual({ added: 0, nextDelayMs: 42_000 });
    hubspot.script({
      status: 429,
      headers: { 'retry-after': new Date(now() + 90_000).toUTCString() },
    });
    const { nextDelayMs } = await poller.pollNow();
    expect(Math.abs(nextDelayMs - 90_000)).toBeLessThan(1000);
    expect(await poller.pollNow()).toEqual({ added: 1, nextDelayMs: 2 * MINUTE });
  });

  it('backs off on 5xx and time-outs, doubling the wait, says so on the dashboard after three, and never holds up a request', async () => {
    const { hubspot, poller } = await start({ env: { HUBSPOT_FORM_IDS: CONTACT } });
    hubspot.script(
      { status: 500, body: { status: 'error', message: 'internal error' } },
      { status: 502 },
      { status: 503 },
    );
    const waits = [];
    for (let i = 0; i < 3; i++) waits.push((await poller.pollNow()).nextDelayMs);
    expect(waits).toEqual([4 * MINUTE, 8 * MINUTE, 16 * MINUTE]);
    expect(poller.status()).toMatchObject({ state: 'failing' });
    expect(poller.status().problem).toMatch(/could not be read 3 times in a row .*HTTP 503/);

    // No answer at all: the poll gives up after its time limit, while requests are answered.
    hubspot.script('hang');
    let pollEnded = false;
    const polling = poller.pollNow().finally(() => {
      pollEnded = true;
    });
    const health = await t!.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(pollEnded).toBe(false);
    expect(await polling).toEqual({ added: 0, nextDelayMs: 30 * MINUTE });
    expect(poller.status().problem).toMatch(/did not answer within 0.3 s/);

    hubspot.submit(CONTACT, submission(1, now()));
    expect(await poller.pollNow()).toEqual({ added: 1, nextDelayMs: 2 * MINUTE });
    expect(poller.status()).toMatchObject({ state: 'ok', problem: null });
  });

  it('names a form HubSpot does not have once, and reads the others', async () => {
    const lines: string[] = [];
    const missing = '00000000-0000-4000-8000-000000000000';
    const { hubspot, poller } = await start({
      env: { HUBSPOT_FORM_IDS: `${missing},${CONTACT}` },
      logStream: { write: (line) => lines.push(line) },
    });
    hubspot.submit(CONTACT, submission(1, now()));
    expect((await poller.pollNow()).added).toBe(1);
    await poller.pollNow();
    expect(lines.filter((l) => l.includes(`HubSpot has no form ${missing}`))).toHaveLength(1);
    expect(poller.status()).toMatchObject({ state: 'ok' });
    expect(poller.status().problem).toContain('check HUBSPOT_FORM_IDS');
  });

  it('polls on its own unref’d timer, one poll at a time, and stops a request under way at close', async () => {
    const { hubspot } = await start();
    const poller = new HubSpotPoller(
      {
        store: t!.services.store,
        // Real time: the timer's polls find the form due as the milliseconds pass.
        clock: () => new Date(),
        log: t!.app.log,
        intake: t!.services.intake,
      },
      {
        token: hubspot.token,
        apiUrl: hubspot.url,
        formIds: [CONTACT],
        intervalMs: 50,
        colorProperty: 'preferred_color',
        timeoutMs: 5000,
        timeZone: 'America/New_York',
      },
    );
    // Two asks at once are one poll.
    const [a, b] = [poller.pollNow(), poller.pollNow()];
    expect(a).toBe(b);
    await a;
    expect(hubspot.requests).toHaveLength(1);

    poller.start();
    await expect.poll(() => hubspot.requests.length, { timeout: 5000 }).toBeGreaterThanOrEqual(4);
    hubspot.script('hang');
    const before = hubspot.requests.length;
    await expect.poll(() => hubspot.requests.length, { timeout: 5000 }).toBeGreaterThan(before);
    // A request is hanging: stopping ends it at once rather than after its 5 s limit.
    const stopping = Date.now();
    await poller.stop();
    expect(Date.now() - stopping).toBeLessThan(1000);
    const after = hubspot.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(hubspot.requests.length).toBe(after);
  });

  // HubSpot's documented 429 bodies: the limit hit is named in policyName.
  const DAILY_429 = {
    status: 429,
    body: {
      status: 'error',
      message: 'You have reached your daily limit.',
      errorType: 'RATE_LIMIT',
      correlationId: 'c033cdaa-2c40-4a64-ae48-b4cec88dad24',
      policyName: 'DAILY',
      requestId: '3d3e35b7-0dae-4b9f-a6e3-9c230cbcf8dd',
    },
  };
  const ROLLING_429 = {
    status: 429,
    body: {
      status: 'error',
      message: 'You have reached your ten_secondly_rolling limit.',
      errorType: 'RATE_LIMIT',
      correlationId: 'a2b3c4d5-0000-4000-8000-000000000000',
      policyName: 'TEN_SECONDLY_ROLLING',
      requestId: 'b3c4d5e6-0000-4000-8000-000000000000',
    },
  };

  it('stops polling at a DAILY 429 until midnight in the account’s time zone, said once in the log and on the dashboard', async () => {
    const lines: string[] = [];
    const { hubspot, poller } = await start({
      env: { HUBSPOT_TIME_ZONE: 'Asia/Kolkata' },
      logStream: { write: (line) => lines.push(line) },
      // At least 6 h before midnight in Kolkata, so the polls below (three hours of them) stay
      // before it: from the real time alone the test failed every evening from 17:20 UTC. Never
      // more than 6 h from the real time either: a session made on a clock 12 h off is expired.
      clock: new FakeClock(clearOfMidnight(new Date(), 'Asia/Kolkata')),
    });
    hubspot.submit(CONTACT, submission(1, now()));
    hubspot.script(DAILY_429);
    const toMidnight = untilMidnight(t!.clock.now(), 'Asia/Kolkata');
    const { nextDelayMs } = await poller.pollNow();
    expect(nextDelayMs).toBe(toMidnight + 60_000);
    expect(poller.status()).toMatchObject({ state: 'limited' });
    expect(poller.status().problem).toMatch(/daily API limit.*Asia\/Kolkata/);
    const { headers } = await logIn(t!.app);
    const res = await t!.app.inject({ method: 'GET', url: API_ROUTES.intakeStatus.path, headers });
    expect(intakeStatusSchema.parse(res.json()).hubspot).toMatchObject({ state: 'limited' });

    // The timer's polls ask HubSpot nothing until then: not every few seconds until midnight.
    const asked = hubspot.requests.length;
    for (const step of [10_000, 60_000, 3_600_000]) {
      t!.clock.advance(step);
      await poller.pollDue();
    }
    expect(hubspot.requests).toHaveLength(asked);
    expect(lines.filter((l) => l.includes('daily API limit'))).toHaveLength(1);

    // After the reset it reads again, and the dashboard is clear.
    t!.clock.advance(toMidnight);
    expect((await poller.pollDue()).added).toBe(1);
    expect(poller.status()).toMatchObject({ state: 'ok', problem: null });
  });

  it('finds midnight in the configured time zone', () => {
    // 10:00 UTC is 05:00 in New York (EST, after the change of 1 November 2026): 19 hours left.
    expect(untilMidnight(new Date('2026-11-02T10:00:00Z'), 'America/New_York')).toBe(
      19 * 3_600_000,
    );
    // 12:00 UTC is 17:30 in Kolkata: six and a half hours left.
    expect(untilMidnight(new Date('2026-06-01T12:00:00Z'), 'Asia/Kolkata')).toBe(6.5 * 3_600_000);
  });

  it('backs off at a TEN_SECONDLY_ROLLING 429 with no Retry-After: ten seconds, then longer', async () => {
    const { hubspot, poller } = await start();
    hubspot.submit(CONTACT, submission(1, now()));
    hubspot.script(ROLLING_429);
    expect(await poller.pollNow()).toEqual({ added: 0, nextDelayMs: 10_000 });
    expect(poller.status().state).not.toBe('limited');
    // The account waits: no form is asked before then.
    const asked = hubspot.requests.length;
    t!.clock.advance(5_000);
    await poller.pollDue();
    expect(hubspot.requests).toHaveLength(asked);
    t!.clock.advance(5_000);
    hubspot.script(ROLLING_429);
    expect(await poller.pollDue()).toEqual({ added: 0, nextDelayMs: 20_000 });
    t!.clock.advance(20_000);
    expect((await poller.pollDue()).added).toBe(1);
  });

  it('retries a failing form on its own schedule: the others are read on theirs', async () => {
    const { hubspot, poller } = await start();
    hubspot.submit(QUESTIONNAIRE, submission(1, now()));
    const broken = { status: 500, body: { status: 'error', message: 'internal error' } };
    // The contact form (first in HUBSPOT_FORM_IDS) answers 500; the questionnaire is read.
    hubspot.script(broken);
    expect(await poller.pollNow()).toEqual({ added: 1, nextDelayMs: 2 * MINUTE });
    // Two minutes on, only the questionnaire is due: the contact form waits its four.
    hubspot.submit(QUESTIONNAIRE, submission(2, now()));
    const before = hubspot.requests.length;
    t!.clock.advance(2 * MINUTE);
    expect((await poller.pollDue()).added).toBe(1);
    expect(hubspot.requests.slice(before).map((r) => r.formId)).toEqual([QUESTIONNAIRE]);
    // Four minutes after its failure, the contact form is asked again, and the questionnaire too.
    const later = hubspot.requests.length;
    t!.clock.advance(2 * MINUTE);
    await poller.pollDue();
    expect(
      hubspot.requests
        .slice(later)
        .map((r) => r.formId)
        .sort(),
    ).toEqual([CONTACT, QUESTIONNAIRE].sort());
    expect(poller.status()).toMatchObject({ state: 'ok' });
  });

  it('reads an answer only up to its cap: a page too long is a failure, not a full read', async () => {
    // Time enough to send more than 4 MB on a loaded machine: within 0.3 s, one CI-like run read
    // a timeout instead of the cap.
    const { hubspot, poller } = await start({
      env: { HUBSPOT_FORM_IDS: CONTACT },
      hubspotTimeoutMs: 10_000,
    });
    hubspot.script({
      status: 200,
      body: { results: [], padding: 'x'.repeat(MAX_PAGE_BYTES + 1) },
    });
    expect((await poller.pollNow()).nextDelayMs).toBe(4 * MINUTE);
    hubspot.script(
      { status: 200, body: { results: [], padding: 'x'.repeat(MAX_PAGE_BYTES + 1) } },
      { status: 200, body: { results: [], padding: 'x'.repeat(MAX_PAGE_BYTES + 1) } },
    );
    t!.clock.advance(4 * MINUTE);
    await poller.pollDue();
    t!.clock.advance(8 * MINUTE);
    await poller.pollDue();
    expect(poller.status().problem).toMatch(/more than 4 MB/);
  });
});
