import {
  API_ROUTES,
  invitationUrl,
  inviteResponseSchema,
  loginResponseSchema,
  peopleSchema,
  personUrl,
} from '@cedar/api-contract';
import { afterEach, describe, expect, it } from 'vitest';
import { build, cookieValue, logIn, type LoggedIn, type TestApp } from '../test/build';
import type { OwnerMail } from '../notify/mail';
import { INVITATION_GONE } from './invitation-routes';
import { addHelper, HELPER } from '../test/people';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const HOUR = 3_600_000;
const GOOD_PASSWORD = 'lantern-orchard-pebble-91';

const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, who?: LoggedIn, payload?: object) =>
  t!.app.inject({
    method,
    url,
    headers: who ? who.headers : { origin: t!.env.PUBLIC_URL },
    ...(payload ? { payload } : {}),
  });

async function invite(owner: LoggedIn, body: object = { username: 'sam' }) {
  const res = await inject('POST', API_ROUTES.invite.path, owner, body);
  expect(res.statusCode).toBe(201);
  const answer = inviteResponseSchema.parse(res.json());
  const token = new URL(answer.link).hash.slice(1);
  return { ...answer, token };
}

const accept = (token: string, password = GOOD_PASSWORD) =>
  inject('POST', API_ROUTES.acceptInvitation.path, undefined, { token, password });

describe('inviting a helper', () => {
  it('gives the owner a one-time link (a 256-bit token, stored only as its hash) that sets the helper’s password and signs them in, once', async () => {
    t = await build();
    const owner = await logIn(t.app);
    const { link, token, invitation } = await invite(owner, {
      username: 'sam',
      email: 'sam@example.com',
    });
    expect(link).toBe(`${t.env.PUBLIC_URL}/admin/invite#${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(invitation).toMatchObject({
      username: 'sam',
      email: 'sam@example.com',
      createdBy: 'owner',
    });
    expect(new Date(invitation.expiresAt).getTime() - t.clock.now().getTime()).toBe(48 * HOUR);
    // The store holds the hash, never the token (nor does the audit log).
    const snapshot = JSON.stringify(await t.services.store.snapshot());
    expect(snapshot).not.toContain(token);

    const check = await inject('POST', API_ROUTES.checkInvitation.path, undefined, { token });
    expect(check.json()).toEqual({ username: 'sam', expiresAt: invitation.expiresAt });

    const res = await accept(token);
    expect(res.statusCode).toBe(200);
    expect(loginResponseSchema.parse(res.json()).user).toEqual({ username: 'sam', role: 'helper' });
    const cookie = cookieValue(res, t.app.cookieName)!;
    const helper = { cookie, origin: t.env.PUBLIC_URL };
    const me = await t.app.inject({
      method: 'GET',
      url: API_ROUTES.me.path,
      headers: { cookie: `${t.app.cookieName}=${cookie}`, origin: helper.origin },
    });
    expect(me.json()).toEqual({ username: 'sam', role: 'helper' });

    // Used: refused, as an unknown one is.
    const again = await accept(token);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual({ error: 'invitation_gone', message: INVITATION_GONE });
    const people = peopleSchema.parse((await inject('GET', API_ROUTES.people.path, owner)).json());
    expect(people.invitations).toEqual([]);
    expect(people.people.filter((p) => p.username !== 'admin')).toEqual([
      expect.objectContaining({ username: 'owner', role: 'owner', status: 'active', you: true }),
      expect.objectContaining({
        username: 'sam',
        role: 'helper',
        status: 'active',
        email: 'sam@example.com',
        lastSignInAt: t.clock.now().toISOString(),
        you: false,
      }),
    ]);
  });

  it('e-mails the link when an e-mail is given and mail is set up, once, and says so; a failed send leaves the link to copy', async () => {
    const sent: OwnerMail[] = [];
    let fail = false;
    t = await build({
      env: {
        SMTP_URL: 'smtp://127.0.0.1:2525',
        NOTIFY_EMAIL: 'owner@example.com',
        MAIL_FROM: 'Website <website@example.com>',
      },
      intake: {
        sendMail: async (mail) => {
          if (fail) throw new Error('the mail server is down');
          sent.push(mail);
        },
      },
    });
    const owner = await logIn(t.app);
    const { link, emailed } = await invite(owner, { username: 'sam', email: 'sam@example.com' });
    expect(emailed).toBe(true);
    expect(sent).toEqual([
      expect.objectContaining({ to: ['sam@example.com'], from: 'Website <website@example.com>' }),
    ]);
    expect(sent[0]!.text).toContain(link);
    expect((await invite(owner, { username: 'kim' })).emailed).toBe(false);
    fail = true;
    expect((await invite(owner, { username: 'lee', email: 'lee@example.com' })).emailed).toBe(
      false,
    );
    expect(sent).toHaveLength(1);
  });

  it('lets one of two tabs accepting the same link at once in, and refuses the other', async () => {
    t = await build();
    const owner = await logIn(t.app);
    const { token } = await invite(owner);
    const results = await Promise.all([accept(token), accept(token)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 410]);
    expect((await t.services.store.admins.list()).filter((a) => a.username === 'sam')).toHaveLength(
      1,
    );
  });

  it('refuses an expired link, an unknown one and a malformed one, a weak password, and a taken username, each with its sentence', async () => {
    t = await build();
    const owner = await logIn(t.app);
    const expired = await invite(owner, { username: 'late' });
    t.clock.advance(48 * HOUR + 1);
    expect((await accept(expired.token)).json()).toMatchObject({ error: 'invitation_gone' });
    const owner2 = await logIn(t.app);
    const unknown = await accept('A'.repeat(43));
    expect(unknown.statusCode).toBe(410);
    const malformed = await accept('short');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/not complete/);

    const { token } = await invite(owner2, { username: 'sam' });
    const weak = await accept(token, 'password');
    expect(weak.statusCode).toBe(422);
    expect(weak.json()).toMatchObject({ error: 'weak_password', field: 'password' });
    // Still usable after a refused password.
    expect((await accept(token)).statusCode).toBe(200);

    const taken = await inject('POST', API_ROUTES.invite.path, owner2, { username: 'sam' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: 'username_taken', field: 'username' });
    const ownerName = await inject('POST', API_ROUTES.invite.path, owner2, { username: 'owner' });
    expect(ownerName.statusCode).toBe(409);
    await invite(owner2, { username: 'kim' });
    const pending = await inject('POST', API_ROUTES.invite.path, owner2, { username: 'kim' });
    expect(pending.statusCode).toBe(409);
    const bad = await inject('POST', API_ROUTES.invite.path, owner2, {
      username: 'with space',
      email: 'not-an-address',
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toMatch(/letters, digits/);
    expect(JSON.stringify(bad.json())).toMatch(/valid e-mail/);
  });

  it('lets the owner revoke a pending invitation: its link then works no more', async () => {
    t = await build();
    const owner = await logIn(t.app);
    const { token, invitation } = await invite(owner);
    expect((await inject('DELETE', invitationUrl(invitation.id), owner)).statusCode).toBe(204);
    expect((await accept(token)).statusCode).toBe(410);
    const again = await inject('DELETE', invitationUrl(invitation.id), owner);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toMatch(/no such invitation/);
    expect((await inject('DELETE', invitationUrl('not-an-id'), owner)).statusCode).toBe(404);
  });
});

describe('suspending, resuming and removing people', () => {
  it('signs a suspended helper out at once and refuses their sign-in with a sentence; resumed, they sign in again', async () => {
    t = await build();
    await addHelper(t);
    const owner = await logIn(t.app);
    const helper = await logIn(t.app, HELPER);
    const suspended = await inject('POST', personUrl('helper', 'suspend'), owner);
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json()).toMatchObject({ username: 'helper', status: 'suspended' });
    expect((await inject('GET', API_ROUTES.waitlist.path, helper)).statusCode).toBe(401);
    const login = await inject('POST', API_ROUTES.login.path, undefined, HELPER);
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({
      error: 'account_suspended',
      message: 'This account is suspended. Ask the owner of the site to resume it.',
    });
    // A wrong password learns nothing of the suspension.
    const guess = await inject('POST', API_ROUTES.login.path, undefined, {
      username: 'helper',
      password: 'wrong-guess-entirely',
    });
    expect(guess.statusCode).toBe(401);
    expect((await inject('POST', personUrl('helper', 'resume'), owner)).json()).toMatchObject({
      status: 'active',
    });
    const back = await logIn(t.app, HELPER);
    expect((await inject('GET', API_ROUTES.waitlist.path, back)).statusCode).toBe(200);
    // Each step is in the audit log: who did it, to whom, and the refused sign-in.
    const log = (await t.services.store.audit.page({}, { limit: 20 })).items;
    expect(log.filter((e) => e.action.startsWith('person-') || e.outcome === 'refused')).toEqual([
      expect.objectContaining({ action: 'person-resume', username: 'owner', target: 'helper' }),
      expect.objectContaining({ action: 'login', outcome: 'refused', username: 'helper' }),
      expect.objectContaining({
        action: 'person-suspend',
        username: 'owner',
        target: 'helper',
        details: { endedSessions: 1 },
      }),
    ]);
  });

  it('removes a helper and their sessions; refuses the last owner suspending or removing themselves, and a helper doing any of it', async () => {
    t = await build();
    await addHelper(t);
    // The demo owner of a loopback-only start would be a second owner.
    await t.services.store.admins.remove('admin');
    const owner = await logIn(t.app);
    const helper = await logIn(t.app, HELPER);
    for (const [method, url] of [
      ['GET', API_ROUTES.people.path],
      ['POST', API_ROUTES.invite.path],
      ['POST', personUrl('owner', 'suspend')],
      ['POST', personUrl('helper', 'resume')],
      ['DELETE', personUrl('owner')],
      ['DELETE', invitationUrl('0123456789abcdef')],
      ['GET', API_ROUTES.audit.path],
    ] as const) {
      const res = await inject(
        method,
        url,
        helper,
        method === 'POST' ? { username: 'x' } : undefined,
      );
      expect([url, res.statusCode, res.json().error]).toEqual([url, 403, 'owner_only']);
    }
    for (const action of ['suspend', 'remove'] as const) {
      const res =
        action === 'suspend'
          ? await inject('POST', personUrl('owner', 'suspend'), owner)
          : await inject('DELETE', personUrl('owner'), owner);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: 'last_owner' });
      expect(res.json().message).toMatch(/needs an owner/);
    }
    expect((await inject('DELETE', personUrl('nobody'), owner)).statusCode).toBe(404);
    expect((await inject('DELETE', personUrl('helper'), owner)).statusCode).toBe(204);
    expect((await inject('GET', API_ROUTES.waitlist.path, helper)).statusCode).toBe(401);
    expect(await t.services.store.admins.find('helper')).toBeNull();
    expect((await inject('POST', API_ROUTES.login.path, undefined, HELPER)).statusCode).toBe(401);
  });
});
