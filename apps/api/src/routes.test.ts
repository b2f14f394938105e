import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  API_ROUTES,
  passkeyUrl,
  DEFAULT_ANNOUNCEMENT,
  reservePuppyUrl,
  waitlistEntryUrl,
  waitlistOrderUrl,
  depositUrl,
  fileUrl,
  inquiryUrl,
  invitationUrl,
  personUrl,
  litterUrl,
  restoreUrl,
  retryMailUrl,
  revisionsUrl,
  sessionUrl,
  wordsUrl,
  familyLinkUrl,
  litterNewsUrl,
  litterUpdateUrl,
  newsPhotoUrl,
} from '@cedar/api-contract';
import { allLitters } from '@cedar/content';
import type { InjectOptions } from 'fastify';
import { generateSync } from 'otplib';
import { describe, expect, it, onTestFinished } from 'vitest';
import { WEBHOOK_SECRET } from './test/deposits';
import { startStripeStandIn, STRIPE_TEST_KEY } from './test/stripe-stand-in';
import { DEV_WEBHOOK_SECRET } from './env';
import { webhookHeaders } from './inquiries/inquiry-routes';
import { MailError } from './notify/mail';
import { SoftAuthenticator } from './test/authenticator';
import { build, cookieValue, logIn, OWNER, type TestApp } from './test/build';
import { addHelper, HELPER } from './test/people';
import { ADA, HERO, signedInApp, testApp } from './test/per-test';

const ORIGIN = 'http://localhost:3000';

const VALID = `const copy = { headline: 'Cedar Bluff Labradors' };\nexport function HeroSection() {\n  return <h1>{copy.headline}</h1>;\n}\n`;
const LITTER = allLitters[0]!;
const { id: _id, name: _name, ...LITTER_DRAFT } = LITTER;
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/**
 * Every call that needs a signed-in admin, one per protected route of the route table, in an
 * order a session survives (signing out everywhere last). `ids` are a revision to restore,
 * another session of the admin's to end and an inquiry to update and delete.
 */
interface Ids {
  revision: string;
  session: string;
  inquiry: string;
  entry: string;
  /** Another family's, with a deposit recorded by hand (issue 40). */
  paidEntry?: string;
  invitation: string;
  person: string;
  /** A passkey's registration answer, its credential id, and a one-time code to turn codes on. */
  registration?: unknown;
  passkey?: string;
  totpCode?: string;
  /** Issue 40: a litter's update, and a news photo uploaded. */
  update?: string;
  photo?: string;
}

const PROTECTED: Record<string, (ids: Ids) => InjectOptions> = {
  inquiries: () => ({ method: 'GET', url: API_ROUTES.inquiries.path }),
  inquiryPage: () => ({ method: 'GET', url: API_ROUTES.inquiryPage.path }),
  inquiryStats: () => ({ method: 'GET', url: API_ROUTES.inquiryStats.path }),
  inquiryExport: () => ({ method: 'GET', url: API_ROUTES.inquiryExport.path }),
  inquiryNews: () => ({
    method: 'GET',
    url: `${API_ROUTES.inquiryNews.path}?since=2026-01-01T00:00:00.000Z`,
  }),
  intakeStatus: () => ({ method: 'GET', url: API_ROUTES.intakeStatus.path }),
  retryMail: ({ inquiry }) => ({ method: 'POST', url: retryMailUrl(inquiry) }),
  waitlist: () => ({ method: 'GET', url: API_ROUTES.waitlist.path }),
  addToWaitlist: ({ inquiry }) => ({
    method: 'POST',
    url: API_ROUTES.addToWaitlist.path,
    payload: { inquiryId: inquiry, litterId: null },
  }),
  orderWaitlist: () => ({
    method: 'PUT',
    url: waitlistOrderUrl('duke-honey-winter-2027'),
    payload: { entryIds: [] },
  }),
  reservePuppy: ({ entry }) => ({
    method: 'PUT',
    url: reservePuppyUrl(entry),
    payload: { puppyId: null },
  }),
  announcements: () => ({ method: 'GET', url: API_ROUTES.announcements.path }),
  previewAnnouncement: () => ({
    method: 'POST',
    url: API_ROUTES.previewAnnouncement.path,
    payload: { litterId: 'ranger-juniper-summer-2026', ...DEFAULT_ANNOUNCEMENT },
  }),
  sendAnnouncement: () => ({
    method: 'POST',
    url: API_ROUTES.sendAnnouncement.path,
    payload: { litterId: 'ranger-juniper-summer-2026', ...DEFAULT_ANNOUNCEMENT },
  }),
  // Issue 40: the family's deposit (a card payment page, a deposit recorded, refunded), and
  // another family's recorded deposit taken back.
  deposits: () => ({ method: 'GET', url: API_ROUTES.deposits.path }),
  depositAmount: () => ({
    method: 'PUT',
    url: API_ROUTES.depositAmount.path,
    payload: { litterId: null, amountCents: 25_000 },
  }),
  depositCheckout: ({ entry }) => ({ method: 'POST', url: depositUrl(entry, 'checkout') }),
  recordDeposit: ({ entry }) => ({
    method: 'POST',
    url: depositUrl(entry, 'record'),
    payload: { amountCents: 25_000, method: 'cash', note: '' },
  }),
  refundDeposit: ({ entry }) => ({ method: 'POST', url: depositUrl(entry, 'refund'), payload: {} }),
  undoDeposit: ({ paidEntry = 'x' }) => ({
    method: 'DELETE',
    url: depositUrl(paidEntry, 'record'),
  }),
  // Issue 40: families' page links and the litters' news (before the family is taken off).
  familyLinks: () => ({ method: 'GET', url: API_ROUTES.familyLinks.path }),
  familyLink: ({ entry }) => ({ method: 'POST', url: familyLinkUrl(entry), payload: {} }),
  emailFamilyLink: ({ entry }) => ({ method: 'POST', url: `${familyLinkUrl(entry)}/email` }),
  revokeFamilyLink: ({ entry }) => ({ method: 'DELETE', url: familyLinkUrl(entry) }),
  uploadNewsPhoto: () => ({
    method: 'POST',
    url: API_ROUTES.uploadNewsPhoto.path,
    headers: { 'content-type': 'image/png' },
    payload: ONE_PIXEL_PNG,
  }),
  newsPhoto: ({ photo = `${'a'.repeat(24)}.jpg` }) => ({ method: 'GET', url: newsPhotoUrl(photo) }),
  litterNews: () => ({ method: 'GET', url: litterNewsUrl(LITTER.id) }),
  postLitterNews: () => ({
    method: 'POST',
    url: litterNewsUrl(LITTER.id),
    payload: { note: 'Week one.', photos: [] },
  }),
  editLitterNews: ({ update = '0'.repeat(16) }) => ({
    method: 'PUT',
    url: litterUpdateUrl(update),
    payload: { note: 'Week one, edited.', photos: [] },
  }),
  removeLitterNews: ({ update = '0'.repeat(16) }) => ({
    method: 'DELETE',
    url: litterUpdateUrl(update),
  }),
  removeFromWaitlist: ({ entry }) => ({ method: 'DELETE', url: waitlistEntryUrl(entry) }),
  updateInquiry: ({ inquiry }) => ({
    method: 'PATCH',
    url: inquiryUrl(inquiry),
    payload: { status: 'contacted' },
  }),
  deleteInquiry: ({ inquiry }) => ({ method: 'DELETE', url: inquiryUrl(inquiry) }),
  readFile: () => ({ method: 'GET', url: fileUrl(HERO) }),
  saveFile: () => ({
    method: 'PUT',
    url: fileUrl(HERO),
    headers: { 'content-type': 'text/plain' },
    payload: VALID,
  }),
  readWords: () => ({ method: 'GET', url: wordsUrl(HERO) }),
  saveWords: () => ({
    method: 'PUT',
    url: wordsUrl(HERO),
    headers: { 'content-type': 'application/json', 'if-match': '*' },
    payload: { words: [{ key: 'headline', value: 'Cedar Bluff Labradors' }] },
  }),
  fileRevisions: () => ({ method: 'GET', url: revisionsUrl(HERO) }),
  restoreRevision: ({ revision }) => ({ method: 'POST', url: restoreUrl(HERO, revision) }),
  publishStatus: () => ({ method: 'GET', url: API_ROUTES.publishStatus.path }),
  litters: () => ({ method: 'GET', url: API_ROUTES.litters.path }),
  addLitter: () => ({ method: 'POST', url: API_ROUTES.addLitter.path, payload: LITTER_DRAFT }),
  saveLitter: () => ({ method: 'PUT', url: litterUrl(LITTER.id), payload: LITTER_DRAFT }),
  uploadLitterPhoto: () => ({
    method: 'POST',
    url: API_ROUTES.uploadLitterPhoto.path,
    headers: { 'content-type': 'image/png' },
    payload: ONE_PIXEL_PNG,
  }),
  sessions: () => ({ method: 'GET', url: API_ROUTES.sessions.path }),
  endSession: ({ session }) => ({ method: 'DELETE', url: sessionUrl(session) }),
  confirmPassword: () => ({
    method: 'POST',
    url: API_ROUTES.confirmPassword.path,
    payload: { password: OWNER.password },
  }),
  changePassword: () => ({
    method: 'POST',
    url: API_ROUTES.changePassword.path,
    payload: { currentPassword: OWNER.password, newPassword: OWNER.password },
  }),
  factors: () => ({ method: 'GET', url: API_ROUTES.factors.path }),
  passkeyRegistrationOptions: () => ({
    method: 'POST',
    url: API_ROUTES.passkeyRegistrationOptions.path,
    payload: {},
  }),
  addPasskey: ({ registration }) => ({
    method: 'POST',
    url: API_ROUTES.addPasskey.path,
    payload: { name: 'Laptop', response: registration } as never,
  }),
  renamePasskey: ({ passkey = 'x' }) => ({
    method: 'PATCH',
    url: passkeyUrl(passkey),
    payload: { name: 'Work laptop' },
  }),
  removePasskey: ({ passkey = 'x' }) => ({ method: 'DELETE', url: passkeyUrl(passkey) }),
  totpSetup: () => ({ method: 'POST', url: API_ROUTES.totpSetup.path, payload: {} }),
  enableTotp: ({ totpCode = '000000' }) => ({
    method: 'POST',
    url: API_ROUTES.enableTotp.path,
    payload: { code: totpCode },
  }),
  newRecoveryCodes: () => ({
    method: 'POST',
    url: API_ROUTES.newRecoveryCodes.path,
    payload: {},
  }),
  disableTotp: () => ({
    method: 'POST',
    url: API_ROUTES.disableTotp.path,
    payload: { password: OWNER.password },
  }),
  // Issue 39: people, invitations and the audit log (the owner's).
  me: () => ({ method: 'GET', url: API_ROUTES.me.path }),
  people: () => ({ method: 'GET', url: API_ROUTES.people.path }),
  invite: () => ({ method: 'POST', url: API_ROUTES.invite.path, payload: { username: 'robin' } }),
  revokeInvitation: ({ invitation }) => ({ method: 'DELETE', url: invitationUrl(invitation) }),
  suspendPerson: ({ person }) => ({ method: 'POST', url: personUrl(person, 'suspend') }),
  resumePerson: ({ person }) => ({ method: 'POST', url: personUrl(person, 'resume') }),
  removePerson: ({ person }) => ({ method: 'DELETE', url: personUrl(person) }),
  audit: () => ({ method: 'GET', url: API_ROUTES.audit.path }),
  endAllSessions: () => ({ method: 'POST', url: API_ROUTES.endAllSessions.path }),
};

/** A call as our own pages make it (our Origin), with `headers` on top. */
function call(app: TestApp['app'], options: InjectOptions, headers: Record<string, string> = {}) {
  return app.inject({
    ...options,
    headers: { origin: ORIGIN, ...(options.headers as Record<string, string>), ...headers },
  });
}

const NO_IDS = {
  revision: '0'.repeat(16),
  session: '0'.repeat(16),
  inquiry: '0'.repeat(16),
  entry: '0'.repeat(16),
  invitation: '0'.repeat(16),
  person: 'nobody',
};

async function expectAll(
  app: TestApp['app'],
  status: 401 | 403,
  headers: Record<string, string>,
  label: string,
) {
  for (const [name, make] of Object.entries(PROTECTED)) {
    const res = await call(app, make(NO_IDS), headers);
    expect(res.statusCode, `${label}: ${name}`).toBe(status);
    expect(res.json(), `${label}: ${name}`).toEqual({
      error: status === 401 ? 'unauthorized' : 'forbidden',
      message: expect.any(String),
    });
  }
}

describe('route inventory', () => {
  it('covers every /api/admin route and the inquiries read of the route table', () => {
    const protectedRoutes = Object.entries(API_ROUTES)
      .filter(
        ([, r]) =>
          r.path.startsWith('/api/admin/') || (r.path === '/api/inquiries' && r.method === 'GET'),
      )
      .map(([name]) => name);
    expect(Object.keys(PROTECTED).sort()).toEqual(protectedRoutes.sort());
  });

  it('answers a signed-in admin on every protected route', async () => {
    // E-mail on, and refused for good: the inquiry's e-mail is there to be sent again.
    // Card payments on, against a stand-in of Stripe's API (issue 40).
    const stripe = await startStripeStandIn();
    onTestFinished(() => stripe.close());
    const a = await signedInApp({
      env: {
        SMTP_URL: 'smtp://127.0.0.1:9',
        NOTIFY_EMAIL: 'owner@example.com',
        MAIL_FROM: 'website@example.com',
        STRIPE_SECRET_KEY: STRIPE_TEST_KEY,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      },
      stripeApi: stripe.api,
      intake: {
        sendMail: async () => {
          throw new MailError('the mail server answered 550 no such mailbox', 'refused');
        },
      },
    });
    const saved = await call(a.app, PROTECTED.saveFile!(NO_IDS), { ...a.headers });
    const other = await logIn(a.app);
    const sessions = await call(a.app, PROTECTED.sessions!(NO_IDS), { ...a.headers });
    const { id: inquiry } = await a.services.intake.receive('delivery-1', {
      ...ADA,
      preferredColor: 'yellow',
      createdAt: a.clock.now(),
    });
    await expect.poll(async () => (await a.services.store.outbox.summary(1)).failed.length).toBe(1);
    // A family on a litter's list, to reserve for and take off.
    const listed = await a.services.store.inquiries.create({
      firstName: 'Bea',
      lastName: 'Lane',
      email: 'bea@example.com',
      phone: '518-555-0101',
      preferredColor: 'black',
      createdAt: a.clock.now(),
    });
    const paying = await a.services.store.inquiries.create({
      firstName: 'Cal',
      lastName: 'Lane',
      email: 'cal@example.com',
      phone: '518-555-0102',
      preferredColor: 'yellow',
      createdAt: a.clock.now(),
    });
    await a.services.store.waitlists.replace(
      [
        {
          key: 'ranger-juniper-summer-2026',
          entries: [
            {
              id: 'e1',
              inquiryId: listed.id,
              name: 'Bea Lane',
              email: 'bea@example.com',
              sex: 'Either',
              color: 'black',
              addedAt: a.clock.now(),
            },
            {
              id: 'e2',
              inquiryId: paying.id,
              name: 'Cal Lane',
              email: 'cal@example.com',
              sex: 'Either',
              color: 'yellow',
              addedAt: a.clock.now(),
            },
          ],
        },
      ],
      0,
      a.clock.now(),
    );
    await a.services.store.deposits.write(
      {
        _id: 'e2',
        inquiryId: paying.id,
        state: 'paid',
        amountCents: 25_000,
        method: 'cash',
        paidAt: a.clock.now(),
        history: [],
        updatedAt: a.clock.now(),
      },
      0,
    );
    // A helper to suspend, resume and remove, and an invitation to revoke (issue 39).
    await addHelper(a);
    await a.services.store.invitations.create({
      _id: 'f'.repeat(64),
      username: 'lee',
      role: 'helper',
      createdAt: a.clock.now(),
      createdBy: 'owner',
      expiresAt: new Date(a.clock.now().getTime() + 3_600_000),
    });
    // A passkey's answer to registration options asked for now (a software authenticator's).
    const authenticator = new SoftAuthenticator(a.app.env.PUBLIC_URL);
    const options = await call(a.app, PROTECTED.passkeyRegistrationOptions!(NO_IDS), {
      ...a.headers,
    });
    const ids: Ids = {
      invitation: 'f'.repeat(16),
      person: HELPER.username,
      registration: authenticator.register(options.json().options),
      passkey: authenticator.id,
      entry: 'e1',
      paidEntry: 'e2',
      inquiry,
      revision: saved.json().revision.id as string,
      session: (sessions.json() as { id: string; current: boolean }[]).find((s) => !s.current)!.id,
    };
    // A password change renews the session: the browser goes on with the cookie it was given.
    const headers = { ...a.headers };
    for (const [name, make] of Object.entries(PROTECTED)) {
      const res = await call(a.app, make(ids), headers);
      expect(res.statusCode, `${name}: ${res.body}`).toBeLessThan(300);
      // The authenticator app's code for the secret just offered.
      if (name === 'totpSetup')
        ids.totpCode = generateSync({
          secret: res.json().secret,
          epoch: Math.floor(a.clock.now().getTime() / 1000),
        });
      if (name === 'uploadNewsPhoto') ids.photo = res.json().name as string;
      if (name === 'postLitterNews') ids.update = res.json().update.id as string;
      const renewed = cookieValue(res, a.services.cookieName);
      if (renewed) headers.cookie = `${a.services.cookieName}=${renewed}`;
    }
    // endSession ended the other session; the last call signed this one out too.
    for (const session of [other, a])
      expect(
        (await call(a.app, PROTECTED.inquiries!(NO_IDS), { ...session.headers })).statusCode,
      ).toBe(401);
  });

  it('answers 401 with no session, a forged one, a Bearer token, an expired one and after logout', async () => {
    const a = await signedInApp();
    await expectAll(a.app, 401, {}, 'no session');
    await expectAll(a.app, 401, { cookie: 'cb_session=' + 'A'.repeat(43) }, 'forged cookie');
    await expectAll(a.app, 401, { authorization: 'Bearer ' + 'A'.repeat(43) }, 'forged bearer');
    await expectAll(a.app, 401, a.bearer, 'the real token as a Bearer header');
    await expectAll(a.app, 401, { authorization: 'Basic b3duZXI6cGFzcw==' }, 'basic auth');
    await expectAll(a.app, 401, { cookie: `${a.cookie}x` }, 'altered token');

    a.clock.advance(12 * 3_600_000 + 1);
    await expectAll(a.app, 401, { ...a.headers }, 'expired');

    const fresh = await logIn(a.app);
    expect((await call(a.app, PROTECTED.inquiries!(NO_IDS), { ...fresh.headers })).statusCode).toBe(
      200,
    );
    await a.app.inject({
      method: 'POST',
      url: API_ROUTES.logout.path,
      headers: { ...fresh.headers },
    });
    await expectAll(a.app, 401, { ...fresh.headers }, 'after logout');
  });

  it('refuses calls from another site with 403, leaving the file alone', async () => {
    const a = await signedInApp();
    const saved = await call(a.app, PROTECTED.saveFile!(NO_IDS), { ...a.headers });
    const id = saved.json().revision.id as string;
    const foreign = { ...a.headers, origin: 'https://evil.example' };
    for (const options of [
      { ...PROTECTED.saveFile!(NO_IDS), payload: 'export const hacked = 1;\n' },
      PROTECTED.restoreRevision!({ ...NO_IDS, revision: id }),
    ]) {
      const res = await call(a.app, options, foreign);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: 'forbidden' });
    }
    // Without an Origin a state-changing call is not from our pages either.
    const bare = await a.app.inject({
      ...PROTECTED.saveFile!(NO_IDS),
      headers: { cookie: a.cookie, 'content-type': 'text/plain' },
    });
    expect(bare.statusCode).toBe(403);
    expect((await call(a.app, PROTECTED.readFile!(NO_IDS), { ...a.headers })).body).toBe(VALID);
    // Reads carry no Origin check (they change nothing); our own origin may write.
    expect((await call(a.app, PROTECTED.readFile!(NO_IDS), foreign)).statusCode).toBe(200);
    expect((await call(a.app, PROTECTED.saveFile!(NO_IDS), { ...a.headers })).statusCode).toBe(200);
  });

  it('refuses a page served under another host name that resolves here (DNS rebinding)', async () => {
    const a = await signedInApp();
    // The attacker's page at http://attacker.example:3000, its name pointed at this server.
    const rebound = { host: 'attacker.example:3000', origin: 'http://attacker.example:3000' };
    const login = await a.app.inject({
      method: 'POST',
      url: API_ROUTES.login.path,
      headers: rebound,
      payload: OWNER,
    });
    expect(login.statusCode).toBe(403);
    expect(login.headers['set-cookie']).toBeUndefined();
    expect(
      (await a.app.inject({ method: 'GET', url: API_ROUTES.authConfig.path, headers: rebound }))
        .statusCode,
    ).toBe(403);
    // Even a session cookie the browser somehow had would not help it.
    await expectAll(a.app, 403, { ...a.headers, ...rebound }, 'rebound host');
  });

  it('on a public start, answers only for PUBLIC_URL: its host, and its origin for changes', async () => {
    const site = 'https://cedarblufflabradors.example';
    const t = await testApp({ env: { NODE_ENV: 'production', PUBLIC_URL: site, HOST: '0.0.0.0' } });
    const own = { host: 'cedarblufflabradors.example', origin: site };
    const login = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: API_ROUTES.login.path, headers, payload: OWNER });
    // Loopback names are not the site on a public start.
    expect(
      (await login({ host: 'localhost:3000', origin: 'http://localhost:3000' })).statusCode,
    ).toBe(403);
    expect((await login({ host: '127.0.0.1', origin: site })).statusCode).toBe(403);
    expect((await login({ ...own, origin: 'http://cedarblufflabradors.example' })).statusCode).toBe(
      403,
    );
    expect(
      (await login({ ...own, origin: 'https://www.cedarblufflabradors.example' })).statusCode,
    ).toBe(403);
    const ok = await login(own);
    expect(ok.statusCode).toBe(200);
    const cookie = String(ok.headers['set-cookie']).split(';')[0]!;
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: API_ROUTES.inquiries.path,
          headers: { ...own, cookie },
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('restart', () => {
  it('loses no acknowledged inquiry, revision or session', async () => {
    const first = await signedInApp();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      // Three submissions (the same body again would be a repeat).
      const body = JSON.stringify({
        firstName: 'Ada',
        lastName: `Lane${i}`,
        email: 'ada@example.com',
        phone: '(518) 555-0100',
        preferredColor: 'black',
      });
      const res = await first.app.inject({
        method: 'POST',
        url: API_ROUTES.inquiryWebhook.path,
        headers: {
          'content-type': 'application/json',
          ...webhookHeaders(DEV_WEBHOOK_SECRET, body, {
            at: first.clock.now(),
            id: `restart-${i}`,
          }),
        },
        payload: body,
      });
      expect(res.statusCode).toBe(201);
      ids.push(res.json().id);
    }
    const saved = await call(first.app, PROTECTED.saveFile!(NO_IDS), { ...first.headers });
    expect(saved.statusCode).toBe(200);

    const second = await first.restart();
    const inquiries = await call(second.app, PROTECTED.inquiries!(NO_IDS), { ...first.headers });
    expect(inquiries.statusCode).toBe(200);
    expect(
      inquiries
        .json()
        .map((i: { id: string }) => i.id)
        .sort(),
    ).toEqual(ids.sort());
    const revisions = await call(second.app, PROTECTED.fileRevisions!(NO_IDS), {
      ...first.headers,
    });
    expect(revisions.json()[0]).toEqual(saved.json().revision);
    expect((await call(second.app, PROTECTED.readFile!(NO_IDS), { ...first.headers })).body).toBe(
      VALID,
    );
  });

  it('loses nothing acknowledged when the process dies without closing the store', async () => {
    // The embedded engine's files, copied as a crash leaves them (MongoDB's durability is its own).
    const first = await signedInApp({ engine: 'embedded' });
    const saved = await call(first.app, PROTECTED.saveFile!(NO_IDS), { ...first.headers });
    const body = JSON.stringify({
      firstName: 'Bo',
      lastName: 'Reyes',
      email: 'bo@example.com',
      phone: '518-555-0101',
      preferredColor: 'yellow',
    });
    const created = await first.app.inject({
      method: 'POST',
      url: API_ROUTES.inquiryWebhook.path,
      headers: {
        'content-type': 'application/json',
        ...webhookHeaders(DEV_WEBHOOK_SECRET, body, { at: first.clock.now(), id: 'crash-1' }),
      },
      payload: body,
    });
    // What is on disk the moment the answers went out, as a crash would leave it (lock and all).
    const crashed = await fs.mkdtemp(path.join(os.tmpdir(), 'cedar-crash-'));
    await fs.cp(first.dataDir, crashed, { recursive: true });
    await fs.writeFile(path.join(crashed, 'store.lock'), '999999999');

    const second = await build({ dataDir: crashed });
    try {
      expect((await second.services.store.inquiries.list()).map((i) => i.id)).toEqual([
        created.json().id,
      ]);
      expect((await second.services.store.revisions.list(HERO))[0]).toEqual(saved.json().revision);
      expect(
        (await call(second.app, PROTECTED.inquiries!(NO_IDS), { ...first.headers })).statusCode,
      ).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('keeps the admins and does not duplicate the demo admin', async () => {
    const t = await testApp();
    const before = await t.services.store.admins.count();
    const again = await t.restart();
    expect(await again.services.store.admins.count()).toBe(before);
  });
});
