import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Db, MongoClient } from 'mongodb';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadEnv } from '../env';
import { openEmbeddedStore } from './embedded';
import { openMongoStore } from './mongo';
import { databaseFor } from './mongo-driver';
import { DuplicateError, type NewInquiry, type Store } from './types';

/** JSON.parse reviver: ISO date strings back to Dates, as a backup's schema does on restore. */
const reviveDates = (_key: string, value: unknown) =>
  typeof value === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(value)
    ? new Date(value)
    : value;

const HERO = 'apps/web/src/sections/hero-section.tsx';
const ABOUT = 'apps/web/src/sections/about-section.tsx';
const HOUR = 3_600_000;

interface Engine {
  open(): Promise<Store>;
  cleanup(): Promise<void>;
}

/** The one contract every engine keeps: the same calls give the same answers on either store. */
function storeContract(name: string, makeEngine: () => Engine) {
  describe(`store contract: ${name}`, () => {
    let engine: Engine;
    let store: Store;
    // Only what this test opened: when open() fails, its own error is the one reported.
    let opened: Store | undefined;
    // Real time: both engines expire documents by TTL against the real clock.
    const now = new Date();
    const at = (ms: number) => new Date(now.getTime() + ms);

    beforeEach(async () => {
      opened = undefined;
      engine = makeEngine();
      store = opened = await engine.open();
    });
    afterEach(async () => {
      try {
        await opened?.close();
      } finally {
        await engine.cleanup();
      }
    });

    // ---- Sign-in factors ----

    const passkey = (id: string, username = 'owner') => ({
      _id: id,
      username,
      publicKey: 'pQECAyYgASFYIK',
      counter: 0,
      transports: ['internal', 'hybrid'],
      deviceType: 'multiDevice' as const,
      backedUp: true,
      name: 'Laptop',
      createdAt: at(-HOUR),
    });

    it("keeps an account's passkeys by credential id: adds once, lists, renames, records a use, removes", async () => {
      await store.passkeys.add(passkey('cred-a'));
      await store.passkeys.add({ ...passkey('cred-b'), createdAt: now, name: 'Phone' });
      await store.passkeys.add(passkey('cred-c', 'helper'));
      await expect(store.passkeys.add(passkey('cred-a', 'helper'))).rejects.toThrow(DuplicateError);
      expect((await store.passkeys.listFor('owner')).map((p) => p._id)).toEqual([
        'cred-a',
        'cred-b',
      ]);
      expect(await store.passkeys.countFor('owner')).toBe(2);
      expect(await store.passkeys.rename('owner', 'cred-b', 'Work phone')).toBe(true);
      // Another account's passkey is neither renamed nor removed through this one.
      expect(await store.passkeys.rename('owner', 'cred-c', 'Mine now')).toBe(false);
      expect(await store.passkeys.remove('owner', 'cred-c')).toBe(false);
      expect(
        await store.passkeys.recordUse('cred-a', { counter: 7, backedUp: false, at: now }),
      ).toBe(true);
      expect(await store.passkeys.find('cred-a')).toMatchObject({
        counter: 7,
        backedUp: false,
        lastUsedAt: now,
        transports: ['internal', 'hybrid'],
      });
      expect(await store.passkeys.remove('owner', 'cred-a')).toBe(true);
      expect(await store.passkeys.find('cred-a')).toBeNull();
      expect(
        await store.passkeys.recordUse('cred-a', { counter: 8, backedUp: true, at: now }),
      ).toBe(false);
      expect((await store.passkeys.find('cred-b'))?.name).toBe('Work phone');
    });

    it('gives an account one WebAuthn user handle, the first stored, even when several ask at once', async () => {
      const handles = await Promise.all(
        ['h1', 'h2', 'h3', 'h4'].map((c) => store.factors.ensureWebauthnUserId('owner', c)),
      );
      expect(new Set(handles).size).toBe(1);
      expect(await store.factors.ensureWebauthnUserId('owner', 'later')).toBe(handles[0]);
    });

    it('turns one-time codes on only with the secret on offer, accepts each time step once, and off again', async () => {
      await store.factors.offerTotp('owner', 'SECRETA', now);
      await store.factors.offerTotp('owner', 'SECRETB', now);
      expect(await store.factors.enableTotp('owner', 'SECRETA', 10, ['h1'], now)).toBe(false);
      expect(await store.factors.claimStep('owner', 11)).toBe(false);
      expect(await store.factors.enableTotp('owner', 'SECRETB', 10, ['h1', 'h2'], now)).toBe(true);
      expect(await store.factors.get('owner')).toMatchObject({
        totp: { secret: 'SECRETB', lastStep: 10 },
        recoveryCodes: ['h1', 'h2'],
      });
      expect((await store.factors.get('owner'))?.pendingTotp).toBeUndefined();
      // The same step, or an earlier one, is refused; of parallel claims of a new step, one wins.
      expect(await store.factors.claimStep('owner', 10)).toBe(false);
      expect(await store.factors.claimStep('owner', 9)).toBe(false);
      const claims = await Promise.all(
        Array.from({ length: 8 }, () => store.factors.claimStep('owner', 11)),
      );
      expect(claims.filter(Boolean)).toHaveLength(1);
      expect(await store.factors.disableTotp('owner')).toBe(true);
      expect(await store.factors.disableTotp('owner')).toBe(false);
      expect(await store.factors.claimStep('owner', 12)).toBe(false);
      expect(await store.factors.get('owner')).toEqual({ _id: 'owner' });
    });

    it('uses up each recovery code once, even under parallel calls, and only for its account', async () => {
      await store.factors.offerTotp('owner', 'S', now);
      await store.factors.enableTotp('owner', 'S', 1, ['h1', 'h2'], now);
      expect(await store.factors.useRecoveryCode('helper', 'h1')).toBe(false);
      const uses = await Promise.all(
        Array.from({ length: 8 }, () => store.factors.useRecoveryCode('owner', 'h1')),
      );
      expect(uses.filter(Boolean)).toHaveLength(1);
      expect(await store.factors.useRecoveryCode('owner', 'h3')).toBe(false);
      expect((await store.factors.get('owner'))?.recoveryCodes).toEqual(['h2']);
    });

    it('replaces every recovery code at once while codes are on, and never for an account with them off', async () => {
      expect(await store.factors.replaceRecoveryCodes('owner', ['n1'])).toBe(false);
      expect(await store.factors.get('owner')).toBeNull();
      await store.factors.offerTotp('owner', 'S', now);
      await store.factors.enableTotp('owner', 'S', 1, ['h1', 'h2'], now);
      expect(await store.factors.replaceRecoveryCodes('owner', ['n1', 'n2', 'n3'])).toBe(true);
      expect(await store.factors.get('owner')).toMatchObject({
        totp: { secret: 'S', lastStep: 1 },
        recoveryCodes: ['n1', 'n2', 'n3'],
      });
      expect(await store.factors.useRecoveryCode('owner', 'h1')).toBe(false);
      expect(await store.factors.useRecoveryCode('owner', 'n2')).toBe(true);
      await store.factors.disableTotp('owner');
      expect(await store.factors.replaceRecoveryCodes('owner', ['m1'])).toBe(false);
      expect(await store.factors.get('owner')).toEqual({ _id: 'owner' });
    });

    it('hands a challenge to exactly one of parallel consumers, never after it expired or for another purpose', async () => {
      await store.challenges.put({ _id: 'c1', purpose: 'passkey-sign-in', expiresAt: at(HOUR) });
      await store.challenges.put({
        _id: 'c2',
        purpose: 'passkey-register',
        username: 'owner',
        expiresAt: at(HOUR),
      });
      await store.challenges.put({ _id: 'c3', purpose: 'second-step', expiresAt: at(-1000) });
      expect(await store.challenges.peek('c1', 'passkey-sign-in', now)).toMatchObject({
        _id: 'c1',
      });
      expect(await store.challenges.peek('c1', 'second-step', now)).toBeNull();
      const consumed = await Promise.all(
        Array.from({ length: 8 }, () => store.challenges.consume('c1', 'passkey-sign-in', now)),
      );
      expect(consumed.filter((c) => c !== null)).toHaveLength(1);
      expect(await store.challenges.consume('c1', 'passkey-sign-in', now)).toBeNull();
      expect(await store.challenges.consume('c2', 'passkey-sign-in', now)).toBeNull();
      expect(await store.challenges.consume('c2', 'passkey-register', now)).toMatchObject({
        username: 'owner',
      });
      expect(await store.challenges.peek('c3', 'second-step', now)).toBeNull();
      expect(await store.challenges.consume('c3', 'second-step', now)).toBeNull();
      await store.challenges.put({ _id: 'c4', purpose: 'second-step', expiresAt: at(-1000) });
      await store.challenges.put({ _id: 'c5', purpose: 'second-step', expiresAt: at(HOUR) });
      // The embedded engine's TTL index may have dropped c4 on an earlier read already.
      expect(await store.challenges.removeExpired(now)).toBeLessThanOrEqual(1);
      expect(await store.challenges.peek('c5', 'second-step', now)).not.toBeNull();
    });

    it('puts passkeys and factors in a snapshot, never challenges, and a restore brings them back', async () => {
      await store.passkeys.add(passkey('cred-a'));
      await store.factors.offerTotp('owner', 'S', now);
      await store.factors.enableTotp('owner', 'S', 1, ['h1'], now);
      await store.challenges.put({ _id: 'c1', purpose: 'passkey-sign-in', expiresAt: at(HOUR) });
      const snapshot = await store.snapshot();
      expect(snapshot.passkeys?.map((p) => p._id)).toEqual(['cred-a']);
      expect(snapshot.factors?.map((f) => f._id)).toEqual(['owner']);
      expect(JSON.stringify(snapshot)).not.toContain('c1');
      await store.passkeys.remove('owner', 'cred-a');
      await store.factors.disableTotp('owner');
      await store.replaceAll(JSON.parse(JSON.stringify(snapshot), reviveDates));
      expect(await store.passkeys.find('cred-a')).toMatchObject({
        name: 'Laptop',
        createdAt: at(-HOUR),
      });
      expect((await store.factors.get('owner'))?.totp?.secret).toBe('S');
      expect(await store.challenges.peek('c1', 'passkey-sign-in', now)).toBeNull();
    });

    // ---- end of sign-in factors ----

    it('keeps the waitlists as one document, written only over the version read', async () => {
      expect(await store.waitlists.get()).toMatchObject({ version: 0, lists: [] });
      const entry = {
        id: 'e1',
        inquiryId: 'i1',
        name: 'The Smiths',
        email: 'smith@example.com',
        sex: 'Female' as const,
        color: 'yellow',
        addedAt: now,
      };
      const first = await store.waitlists.replace([{ key: 'general', entries: [entry] }], 0, now);
      expect(first).toMatchObject({ version: 1 });
      // A second writer who read version 0 too is refused, and writes nothing.
      expect(await store.waitlists.replace([{ key: 'general', entries: [] }], 0, now)).toBeNull();
      const second = await store.waitlists.replace(
        [{ key: 'a-litter', entries: [{ ...entry, puppyId: 'red-collar' }] }],
        1,
        at(1000),
      );
      expect(second).toMatchObject({ version: 2 });
      expect(await store.waitlists.replace([], 1, now)).toBeNull();
      const read = await store.waitlists.get();
      expect(read.version).toBe(2);
      expect(read.lists).toEqual([
        { key: 'a-litter', entries: [{ ...entry, puppyId: 'red-collar' }] },
      ]);
      expect(new Date(read.updatedAt)).toEqual(at(1000));
    });

    // ---- Issue 40: deposits ----

    it('writes a deposit only over the version read, of parallel writers one, and finds it by payment intent', async () => {
      const deposit = {
        _id: 'e1',
        inquiryId: 'i1',
        state: 'paid' as const,
        amountCents: 30_000,
        method: 'card' as const,
        paidAt: now,
        paymentIntentId: 'pi_1',
        history: [{ at: now, what: 'paid' as const, amountCents: 30_000 }],
        updatedAt: now,
      };
      const first = await Promise.all([0, 1, 2].map(() => store.deposits.write(deposit, 0)));
      expect(first.filter((d) => d !== null)).toHaveLength(1);
      expect(await store.deposits.write({ ...deposit, state: 'refunded' }, 0)).toBeNull();
      const parallel = await Promise.all(
        [0, 1].map(() => store.deposits.write({ ...deposit, note: 'x' }, 1)),
      );
      expect(parallel.filter((d) => d !== null)).toHaveLength(1);
      expect(await store.deposits.get('e1')).toMatchObject({ version: 2, note: 'x', paidAt: now });
      expect((await store.deposits.findByPaymentIntent('pi_1'))?._id).toBe('e1');
      expect(await store.deposits.findByPaymentIntent('pi_2')).toBeNull();
      expect((await store.deposits.list()).map((d) => d._id)).toEqual(['e1']);
      await store.deposits.setAmount('default', 25_000, now, 'owner');
      await store.deposits.setAmount('litter:a', 40_000, now, 'owner');
      await store.deposits.setAmount('litter:a', null, now, 'owner');
      expect((await store.deposits.amounts()).map((d) => [d._id, d.amountCents])).toEqual([
        ['default', 25_000],
      ]);
      const snapshot = await store.snapshot();
      expect(snapshot.deposits).toHaveLength(1);
      expect(snapshot.depositAmounts).toHaveLength(1);
    });

    it('takes each Stripe event in once, even when delivered several times at once', async () => {
      const claims = await Promise.all(
        [0, 1, 2, 3].map(() =>
          store.stripeEvents.claim('evt_1', { type: 'charge.refunded', created: 10 }, now, 60_000),
        ),
      );
      expect(claims.filter((c) => c === 'claimed')).toHaveLength(1);
      expect(claims.filter((c) => c === 'busy')).toHaveLength(3);
      // Left mid-way by a server that stopped: taken over once the claim is stale.
      expect(
        await store.stripeEvents.claim(
          'evt_1',
          { type: 'charge.refunded', created: 10 },
          at(61_000),
          60_000,
        ),
      ).toBe('claimed');
      await store.stripeEvents.finish('evt_1', {
        outcome: 'refund-waiting',
        paymentIntentId: 'pi_9',
        refundedCents: 100,
        fullyRefunded: false,
      });
      expect(
        await store.stripeEvents.claim(
          'evt_1',
          { type: 'charge.refunded', created: 10 },
          at(999_999),
          1,
        ),
      ).toBe('done');
      expect(await store.stripeEvents.refundsOf('pi_9')).toEqual([
        expect.objectContaining({ _id: 'evt_1', refundedCents: 100, fullyRefunded: false }),
      ]);
      // A claim given back (the work failed): the next delivery claims it at once.
      await store.stripeEvents.claim(
        'evt_2',
        { type: 'checkout.session.completed', created: 20 },
        now,
        60_000,
      );
      await store.stripeEvents.release('evt_2');
      expect(
        await store.stripeEvents.claim(
          'evt_2',
          { type: 'checkout.session.completed', created: 20 },
          now,
          60_000,
        ),
      ).toBe('claimed');
      await store.stripeEvents.finish('evt_2', { outcome: 'unknown-entry', amountCents: 5 });
      expect((await store.stripeEvents.unmatched(5)).map((e) => e._id)).toEqual(['evt_2']);
      expect((await store.snapshot()).stripeEvents).toHaveLength(2);
    });

    it('keeps announcements and claims their e-mails once each, like the outbox', async () => {
      const mail = (entryId: string) => ({
        _id: `a1:${entryId}`,
        announcementId: 'a1',
        entryId,
        to: `${entryId}@example.com`,
        subject: 'Born!',
        text: 'Hello',
        state: 'pending' as const,
        attempts: 0,
        nextAttemptAt: now,
      });
      const announcement = {
        _id: 'a1',
        litterId: 'l1',
        includeGeneral: false,
        subject: 'Born!',
        body: 'Hello',
        createdAt: now,
        createdBy: 'owner',
        recipients: 2,
      };
      await store.announcements.create(announcement, [mail('e1'), mail('e2')]);
      await expect(
        store.announcements.create({ ...announcement, _id: 'a2' }, [mail('e1')]),
      ).rejects.toThrow();
      expect(await store.announcements.nextDue()).toEqual(now);
      const one = await store.announcements.claim(at(1), at(60_000), 'c1');
      const two = await store.announcements.claim(at(1), at(60_000), 'c2');
      expect(new Set([one?.entryId, two?.entryId])).toEqual(new Set(['e1', 'e2']));
      expect(one?.attempts).toBe(1);
      expect(await store.announcements.claim(at(1), at(60_000), 'c3')).toBeNull();
      expect(await store.announcements.settle(one!._id, 'c2', { state: 'sent', at: at(2) })).toBe(
        false,
      );
      expect(await store.announcements.settle(one!._id, 'c1', { state: 'sent', at: at(2) })).toBe(
        true,
      );
      expect(
        await store.announcements.settle(two!._id, 'c2', {
          state: 'failed',
          at: at(2),
          error: 'x',
        }),
      ).toBe(true);
      const [listed] = await store.announcements.list();
      expect(listed).toMatchObject({ _id: 'a1', states: { sent: 1, failed: 1, pending: 0 } });
      expect(await store.announcements.nextDue()).toBeNull();
    });

    // --- Issue 39: roles, invitations and the audit log ------------------------------------------

    it('keeps each admin’s role and status, lists them, and records sign-ins', async () => {
      await store.admins.create({
        username: 'owner',
        passwordHash: 'h',
        createdAt: now,
        updatedAt: now,
      });
      await store.admins.create({
        username: 'helper',
        passwordHash: 'h',
        createdAt: at(1),
        updatedAt: at(1),
        role: 'helper',
        status: 'active',
        email: 'helper@example.com',
      });
      expect((await store.admins.list()).map((a) => [a.username, a.role, a.status])).toEqual([
        ['owner', 'owner', 'active'],
        ['helper', 'helper', 'active'],
      ]);
      expect(await store.admins.setStatus('helper', 'suspended', at(2))).toBe(true);
      expect(await store.admins.setStatus('nobody', 'suspended', at(2))).toBe(false);
      await store.admins.signedIn('helper', at(3));
      expect(await store.admins.find('helper')).toMatchObject({
        status: 'suspended',
        email: 'helper@example.com',
        lastSignInAt: at(3),
      });
    });

    it('gives an invitation to one of two takers at once, never after it expires, and revokes it by its id', async () => {
      const invitation = (id: string, expiresAt: Date) => ({
        _id: id,
        username: `helper-${id.slice(0, 4)}`,
        role: 'helper' as const,
        createdAt: now,
        createdBy: 'owner',
        expiresAt,
      });
      const live = 'a'.repeat(64);
      const old = 'b'.repeat(64);
      const other = 'c'.repeat(64);
      await store.invitations.create(invitation(live, at(HOUR)));
      await store.invitations.create(invitation(old, at(-1)));
      await store.invitations.create(invitation(other, at(HOUR)));
      await expect(store.invitations.create(invitation(live, at(HOUR)))).rejects.toBeInstanceOf(
        DuplicateError,
      );
      expect((await store.invitations.list(now)).map((i) => i._id).sort()).toEqual([live, other]);
      expect(await store.invitations.find(old, now)).toBeNull();
      expect(await store.invitations.consume(old, now)).toBeNull();
      const takers = await Promise.all([
        store.invitations.consume(live, now),
        store.invitations.consume(live, now),
      ]);
      expect(takers.filter((x) => x !== null)).toEqual([invitation(live, at(HOUR))]);
      expect(await store.invitations.find(live, now)).toBeNull();
      expect(await store.invitations.revoke('c'.repeat(15))).toBe(false);
      expect(await store.invitations.revoke('c'.repeat(16))).toBe(true);
      expect(await store.invitations.revoke('c'.repeat(16))).toBe(false);
      expect(await store.invitations.list(now)).toEqual([]);
    });

    it('pages the audit log newest first, filtered by person, action and time; a snapshot carries it and a restore adds to it', async () => {
      const entry = (n: number, username: string, action: string) => ({
        _id: `${n.toString(16).padStart(12, '0')}0000aaaaaaaaaaaa`,
        at: at(n * 1000),
        username,
        ip: '203.0.113.7',
        userAgent: 'Firefox',
        action,
        outcome: 'success' as const,
        expiresAt: at(HOUR),
      });
      for (let n = 1; n <= 5; n++)
        await store.audit.add(entry(n, n % 2 ? 'owner' : 'helper', n <= 2 ? 'login' : 'file-save'));
      const first = await store.audit.page({}, { limit: 2 });
      expect(first.items.map((e) => e.at)).toEqual([at(5000), at(4000)]);
      expect(first.more).toBe(true);
      const second = await store.audit.page({}, { before: first.items[1]!._id, limit: 3 });
      expect(second.items.map((e) => e.at)).toEqual([at(3000), at(2000), at(1000)]);
      expect(second.more).toBe(false);
      expect((await store.audit.page({ username: 'helper' }, { limit: 9 })).items).toHaveLength(2);
      expect((await store.audit.page({ action: 'login' }, { limit: 9 })).items).toEqual([
        entry(2, 'helper', 'login'),
        entry(1, 'owner', 'login'),
      ]);
      const window = await store.audit.page({ from: at(2000), to: at(4000) }, { limit: 9 });
      expect(window.items.map((e) => e.at)).toEqual([at(3000), at(2000)]);

      const snapshot = JSON.parse(JSON.stringify(await store.snapshot()), reviveDates);
      expect(snapshot.audit).toHaveLength(5);
      await store.audit.add(entry(6, 'owner', 'restore'));
      await store.replaceAll({ ...snapshot, audit: snapshot.audit.slice(0, 4) });
      // Nothing of the log is lost: the backup's entries and the newer one.
      expect((await store.audit.page({}, { limit: 9 })).items.map((e) => e.at)).toEqual(
        [6, 5, 4, 3, 2, 1].map((n) => at(n * 1000)),
      );
    });

    // --- end of issue 39 ----------------------------------------------------------------------

    it('creates, finds, re-passwords and removes admins; usernames are unique', async () => {
      expect(await store.admins.count()).toBe(0);
      await store.admins.create({
        username: 'owner',
        passwordHash: 'h1',
        createdAt: now,
        updatedAt: now,
      });
      await expect(
        store.admins.create({
          username: 'owner',
          passwordHash: 'h2',
          createdAt: now,
          updatedAt: now,
        }),
      ).rejects.toBeInstanceOf(DuplicateError);
      expect(await store.admins.find('owner')).toEqual({
        username: 'owner',
        passwordHash: 'h1',
        createdAt: now,
        updatedAt: now,
        role: 'owner',
        status: 'active',
      });
      expect(await store.admins.find('Owner')).toBeNull();
      expect(await store.admins.setPassword('owner', 'h3', at(1000))).toBe(true);
      expect(await store.admins.setPassword('nobody', 'h3', at(1000))).toBe(false);
      expect((await store.admins.find('owner'))?.passwordHash).toBe('h3');
      expect((await store.admins.find('owner'))?.updatedAt).toEqual(at(1000));
      expect(await store.admins.count()).toBe(1);
      expect(await store.admins.remove('owner')).toBe(true);
      expect(await store.admins.remove('owner')).toBe(false);
      expect(await store.admins.find('owner')).toBeNull();
    });

    it('keeps sessions by token hash, touches, revokes and expires them', async () => {
      const base = {
        username: 'owner',
        createdAt: now,
        lastSeenAt: now,
        expiresAt: at(12 * HOUR),
        idleExpiresAt: at(2 * HOUR),
      };
      await store.sessions.create({ tokenHash: 'a'.repeat(64), ...base });
      await store.sessions.create({ tokenHash: 'b'.repeat(64), ...base });
      await store.sessions.create({ tokenHash: 'c'.repeat(64), ...base, username: 'other' });
      await store.sessions.create({
        tokenHash: 'd'.repeat(64),
        ...base,
        username: 'other',
        idleExpiresAt: at(1000),
      });
      expect(await store.sessions.find('a'.repeat(64))).toEqual({
        tokenHash: 'a'.repeat(64),
        ...base,
      });
      expect(await store.sessions.find('e'.repeat(64))).toBeNull();

      await store.sessions.touch('a'.repeat(64), at(60_000), at(3 * HOUR));
      expect(await store.sessions.find('a'.repeat(64))).toMatchObject({
        lastSeenAt: at(60_000),
        idleExpiresAt: at(3 * HOUR),
      });

      expect(await store.sessions.revoke('a'.repeat(64))).toBe(true);
      expect(await store.sessions.revoke('a'.repeat(64))).toBe(false);
      expect(await store.sessions.find('a'.repeat(64))).toBeNull();

      expect(await store.sessions.removeExpired(at(5000))).toBe(1);
      expect(await store.sessions.find('d'.repeat(64))).toBeNull();
      expect(await store.sessions.revokeAllFor('owner')).toBe(1);
      expect(await store.sessions.find('b'.repeat(64))).toBeNull();
      expect(await store.sessions.find('c'.repeat(64))).not.toBeNull();
    });

    it('keeps where a session came from and its password confirmation, lists and ends them per admin', async () => {
      const base = {
        username: 'owner',
        createdAt: now,
        lastSeenAt: now,
        expiresAt: at(12 * HOUR),
        idleExpiresAt: at(2 * HOUR),
      };
      const from = { ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (iPhone)' };
      await store.sessions.create({
        tokenHash: '1'.repeat(64),
        ...base,
        ...from,
        confirmedAt: now,
      });
      await store.sessions.create({ tokenHash: '2'.repeat(64), ...base, createdAt: at(1000) });
      await store.sessions.create({ tokenHash: '3'.repeat(64), ...base, createdAt: at(2000) });
      await store.sessions.create({ tokenHash: '4'.repeat(64), ...base, username: 'other' });
      expect(await store.sessions.find('1'.repeat(64))).toEqual({
        tokenHash: '1'.repeat(64),
        ...base,
        ...from,
        confirmedAt: now,
      });
      expect(await store.sessions.confirm('2'.repeat(64), at(5000))).toBe(true);
      expect(await store.sessions.confirm('9'.repeat(64), at(5000))).toBe(false);
      expect((await store.sessions.find('2'.repeat(64)))?.confirmedAt).toEqual(at(5000));
      // Newest first, the admin's own only.
      expect((await store.sessions.listFor('owner')).map((s) => s.tokenHash)).toEqual([
        '3'.repeat(64),
        '2'.repeat(64),
        '1'.repeat(64),
      ]);
      // Every session but the one kept.
      expect(await store.sessions.revokeAllFor('owner', '2'.repeat(64))).toBe(2);
      expect((await store.sessions.listFor('owner')).map((s) => s.tokenHash)).toEqual([
        '2'.repeat(64),
      ]);
      expect(await store.sessions.listFor('other')).toHaveLength(1);
    });

    it('stores inquiries with an id and lists them newest first', async () => {
      const person = {
        firstName: 'Ada',
        lastName: 'Lane',
        email: 'ada@example.com',
        phone: '518-555-0100',
        preferredColor: 'yellow',
      };
      const older = await store.inquiries.create({
        ...person,
        createdAt: at(-2 * HOUR),
        message: 'A yellow female, please',
      });
      const newer = await store.inquiries.create({
        ...person,
        firstName: 'Ben',
        createdAt: at(-HOUR),
      });
      // Same millisecond: the later one is still listed first.
      const newest1 = await store.inquiries.create({ ...person, firstName: 'Cy', createdAt: now });
      const newest2 = await store.inquiries.create({ ...person, firstName: 'Di', createdAt: now });
      expect(newer).not.toHaveProperty('message');
      expect(older).toEqual({
        ...person,
        id: older.id,
        message: 'A yellow female, please',
        createdAt: at(-2 * HOUR).toISOString(),
        status: 'new',
        note: '',
      });
      expect((await store.inquiries.list()).map((i) => i.firstName)).toEqual([
        'Di',
        'Cy',
        'Ben',
        'Ada',
      ]);
      expect((await store.inquiries.list())[3]).toEqual(older);
      expect(new Set([older.id, newer.id, newest1.id, newest2.id]).size).toBe(4);
      expect(await store.inquiries.count()).toBe(4);
    });

    it('lists an inquiry that arrives after a list was read, and hands out lists nobody else shares', async () => {
      const person = {
        firstName: 'Ada',
        lastName: 'Lane',
        email: 'ada@example.com',
        phone: '518-555-0100',
        preferredColor: 'yellow',
      };
      await store.inquiries.create({ ...person, createdAt: at(-HOUR) });
      const first = await store.inquiries.list();
      first[0]!.firstName = 'Changed by a caller';
      expect((await store.inquiries.list())[0]!.firstName).toBe('Ada');
      await store.inquiries.create({ ...person, firstName: 'Ben', createdAt: now });
      expect((await store.inquiries.list()).map((i) => i.firstName)).toEqual(['Ben', 'Ada']);
      // Read while a save is under way: the answer is never stale afterwards.
      const [during] = await Promise.all([
        store.inquiries.list(),
        store.inquiries.create({ ...person, firstName: 'Cy', createdAt: at(1000) }),
      ]);
      expect(during.length).toBeGreaterThanOrEqual(2);
      expect((await store.inquiries.list()).map((i) => i.firstName)).toEqual(['Cy', 'Ben', 'Ada']);
    });

    const person = (firstName: string, extra: Partial<NewInquiry> = {}): NewInquiry => ({
      firstName,
      lastName: 'Lane',
      email: `${firstName.toLowerCase()}@example.com`,
      phone: '(518) 555-0100',
      preferredColor: 'yellow',
      createdAt: now,
      ...extra,
    });

    it('pages newest first with a position to go on from, by status, colour and search', async () => {
      // 25 inquiries an hour apart, three of them in the same millisecond.
      const made = [];
      for (let i = 0; i < 25; i++) {
        made.push(
          await store.inquiries.create(
            person(`P${String(i).padStart(2, '0')}`, {
              createdAt: at(-HOUR * (i < 3 ? 0 : i)),
              preferredColor: i % 3 === 0 ? 'black' : 'yellow',
            }),
          ),
        );
      }
      const newestFirst = (await store.inquiries.list()).map((i) => i.id);
      expect(newestFirst).toHaveLength(25);
      const pages: string[][] = [];
      let after: { createdAt: Date; id: string } | undefined;
      for (;;) {
        const page = await store.inquiries.page({}, { after, limit: 7 });
        pages.push(page.items.map((i) => i.id));
        const last = page.items.at(-1);
        if (!page.more || !last) break;
        after = { createdAt: new Date(last.createdAt), id: last.id };
      }
      expect(pages.map((p) => p.length)).toEqual([7, 7, 7, 4]);
      expect(pages.flat()).toEqual(newestFirst);
      expect((await store.inquiries.page({}, { limit: 25 })).more).toBe(false);
      expect((await store.inquiries.page({}, { limit: 24 })).more).toBe(true);

      await store.inquiries.update(made[4]!.id, { status: 'waitlist' }, now);
      await store.inquiries.update(made[9]!.id, { status: 'waitlist' }, now);
      const waitlist = await store.inquiries.page({ status: 'waitlist' }, { limit: 1 });
      expect(waitlist.items.map((i) => i.id)).toEqual([made[4]!.id]);
      expect(waitlist.more).toBe(true);
      expect(
        (
          await store.inquiries.page(
            { status: 'waitlist' },
            { after: { createdAt: new Date(made[4]!.createdAt), id: made[4]!.id }, limit: 5 },
          )
        ).items.map((i) => i.id),
      ).toEqual([made[9]!.id]);
      const black = await store.inquiries.page({ color: 'black' }, { limit: 50 });
      expect(black.items).toHaveLength(9);
      expect(black.items.every((i) => i.preferredColor === 'black')).toBe(true);
      expect(
        (await store.inquiries.page({ color: 'black', status: 'new' }, { limit: 50 })).items,
      ).toHaveLength(8);
    });

    it('searches name, e-mail and phone digits, case-insensitively, and nothing else', async () => {
      await store.inquiries.create(
        person('Ada', {
          lastName: "O'Hara",
          email: 'Ada.OHara@Example.com',
          phone: '+1 (518) 555-0142',
          message: 'zebra',
        }),
      );
      await store.inquiries.create(
        person('Ben', { lastName: 'Ortiz', email: 'ben@example.net', phone: '802.555.0117' }),
      );
      await store.inquiries.create(
        person('Cy', { lastName: 'Ada', email: 'c@example.org', phone: '413 555 0188' }),
      );
      const names = async (q: string) =>
        (await store.inquiries.page({ q }, { limit: 10 })).items.map((i) => i.firstName).sort();
      expect(await names('ada')).toEqual(['Ada', 'Cy']);
      expect(await names("ADA O'H")).toEqual(['Ada']);
      expect(await names('ohara@example')).toEqual(['Ada']);
      expect(await names('EXAMPLE.NET')).toEqual(['Ben']);
      expect(await names('555-0142')).toEqual(['Ada']);
      expect(await names('(802) 555')).toEqual(['Ben']);
      expect(await names('5550188')).toEqual(['Cy']);
      expect(await names('555')).toEqual(['Ada', 'Ben', 'Cy']);
      // Regex characters are plain text; the message and the note are not searched.
      expect(await names('.*')).toEqual([]);
      expect(await names('zebra')).toEqual([]);
    });

    it('sets status and note, deletes one for good, and deletes those older than a cutoff', async () => {
      const a = await store.inquiries.create(person('Ada', { createdAt: at(-10 * HOUR) }));
      const b = await store.inquiries.create(person('Ben', { createdAt: at(-5 * HOUR) }));
      const c = await store.inquiries.create(person('Cy'));
      expect(a).toMatchObject({ status: 'new', note: '' });
      expect(await store.inquiries.update(a.id, { status: 'contacted' }, now)).toEqual({
        ...a,
        status: 'contacted',
      });
      expect(await store.inquiries.update(a.id, { note: 'Called, call back in May' }, now)).toEqual(
        { ...a, status: 'contacted', note: 'Called, call back in May' },
      );
      expect(await store.inquiries.update('missing', { status: 'closed' }, now)).toBeNull();
      expect((await store.inquiries.list()).find((i) => i.id === a.id)?.note).toBe(
        'Called, call back in May',
      );

      expect(await store.inquiries.remove(b.id)).toBe(true);
      expect(await store.inquiries.remove(b.id)).toBe(false);
      expect((await store.inquiries.list()).map((i) => i.id)).toEqual([c.id, a.id]);
      expect(await store.inquiries.count()).toBe(2);

      expect(await store.inquiries.removeCreatedBefore(at(-HOUR))).toBe(1);
      expect((await store.inquiries.list()).map((i) => i.id)).toEqual([c.id]);
      expect((await store.inquiries.page({}, { limit: 10 })).items.map((i) => i.id)).toEqual([
        c.id,
      ]);
    });

    it('counts every inquiry for the stats: total, last 24 hours, colours and statuses', async () => {
      expect(await store.inquiries.stats(now, at(-24 * HOUR))).toEqual({
        total: 0,
        recent: 0,
        mostRequested: null,
        byStatus: { new: 0, contacted: 0, waitlist: 0, placed: 0, closed: 0 },
        byColor: [],
      });
      const colors = ['black', 'chocolate', 'black', 'chocolate', 'no-preference', 'no-preference'];
      const hoursAgo = [30, 25, 24, 3, 2, 1];
      const made = [];
      for (const [i, color] of colors.entries())
        made.push(
          await store.inquiries.create(
            person(`P${i}`, { preferredColor: color, createdAt: at(-hoursAgo[i]! * HOUR) }),
          ),
        );
      // Created after the window's start and not after now; exactly 24 h ago is outside.
      await store.inquiries.create(person('Later', { createdAt: at(HOUR), preferredColor: 'x' }));
      await store.inquiries.update(made[0]!.id, { status: 'placed' }, now);
      const stats = await store.inquiries.stats(now, at(-24 * HOUR));
      expect(stats).toEqual({
        total: 7,
        recent: 3,
        // black and chocolate twice each: chocolate was asked for last; no-preference never counts.
        mostRequested: { color: 'chocolate', count: 2, tiedWith: ['black'] },
        byStatus: { new: 6, contacted: 0, waitlist: 0, placed: 1, closed: 0 },
        byColor: [
          { color: 'black', count: 2 },
          { color: 'chocolate', count: 2 },
          { color: 'no-preference', count: 2 },
          { color: 'x', count: 1 },
        ],
      });
    });

    it('takes a snapshot of admins, inquiries and revisions that fills an empty store alike', async () => {
      expect(await store.isEmpty()).toBe(true);
      await store.ping();
      await store.admins.create({
        username: 'owner',
        passwordHash: 'h',
        createdAt: now,
        updatedAt: now,
      });
      const inquiry = await store.inquiries.createOnce(
        'delivery-9',
        person('Ada', { message: 'Hi' }),
      );
      await store.inquiries.update(
        inquiry.inquiry.id,
        { status: 'waitlist', note: 'May' },
        at(1000),
      );
      await store.revisions.create({
        path: HERO,
        savedAt: now,
        savedBy: 'owner',
        sha256: 'f'.repeat(64),
        size: 3,
        content: 'one',
      });
      await store.sessions.create({
        tokenHash: 'a'.repeat(64),
        username: 'owner',
        createdAt: now,
        lastSeenAt: now,
        expiresAt: at(HOUR),
        idleExpiresAt: at(HOUR),
      });
      await store.loginAttempts.add('k', { id: 'x', at: now }, HOUR);
      expect(await store.isEmpty()).toBe(false);
      const snapshot = await store.snapshot();
      expect(snapshot.admins.map((a) => a._id)).toEqual(['owner']);
      expect(snapshot.inquiries).toEqual([
        expect.objectContaining({ deliveryId: 'delivery-9', status: 'waitlist', note: 'May' }),
      ]);
      expect(snapshot.revisions).toEqual([expect.objectContaining({ content: 'one' })]);
      // No sessions and no login counters in a snapshot.
      expect(JSON.stringify(snapshot)).not.toContain('a'.repeat(64));

      // Back into the same store, as a restore with --force does: sessions and counters end.
      await store.inquiries.create(person('Extra'));
      await store.replaceAll(JSON.parse(JSON.stringify(snapshot), reviveDates));
      expect(await store.snapshot()).toEqual(snapshot);
      expect(await store.inquiries.list()).toEqual([
        { ...inquiry.inquiry, status: 'waitlist', note: 'May' },
      ]);
      expect(await store.sessions.find('a'.repeat(64))).toBeNull();
      expect(await store.loginAttempts.list('k', now, HOUR)).toEqual([]);
      expect((await store.inquiries.createOnce('delivery-9', person('Eve'))).created).toBe(false);
      expect(await store.inquiries.stats(at(1), at(-HOUR))).toMatchObject({ total: 1, recent: 1 });
    });

    it('keeps every revision of a file, lists them newest first without content, removes those named', async () => {
      const rev = (savedAt: Date, content: string, p: typeof HERO | typeof ABOUT = HERO) => ({
        path: p,
        savedAt,
        savedBy: 'owner',
        sha256: 'f'.repeat(64),
        size: content.length,
        content,
      });
      const first = await store.revisions.create(rev(at(-HOUR), 'one'));
      const second = await store.revisions.create(rev(now, 'two'));
      const third = await store.revisions.create(rev(now, 'three'));
      await store.revisions.create(rev(now, 'about', ABOUT));
      const list = await store.revisions.list(HERO);
      expect(list.map((r) => r.id)).toEqual([third.id, second.id, first.id]);
      expect(list[2]).toEqual({
        id: first.id,
        path: HERO,
        savedAt: at(-HOUR).toISOString(),
        savedBy: 'owner',
        sha256: 'f'.repeat(64),
        size: 3,
      });
      expect(list[0]).not.toHaveProperty('content');
      expect(await store.revisions.get(HERO, first.id)).toEqual({ ...first, content: 'one' });
      expect(await store.revisions.get(ABOUT, first.id)).toBeNull();
      expect(await store.revisions.get(HERO, 'missing')).toBeNull();

      // Removal (the retention's): only the named ids, and only of the named file.
      const about = (await store.revisions.list(ABOUT))[0]!;
      expect(await store.revisions.remove(HERO, [])).toBe(0);
      expect(await store.revisions.remove(HERO, [first.id, about.id, 'missing'])).toBe(1);
      expect((await store.revisions.list(HERO)).map((r) => r.id)).toEqual([third.id, second.id]);
      expect(await store.revisions.get(HERO, first.id)).toBeNull();
      expect((await store.revisions.list(ABOUT)).map((r) => r.id)).toEqual([about.id]);
    });

    it('keeps the first key stored under a name, even when several ask at once, and keeps it through a restore', async () => {
      const first = await Promise.all(
        ['a', 'b', 'c'].map((candidate) => store.keys.ensure('device-cookie', candidate)),
      );
      expect(new Set(first).size).toBe(1);
      expect(await store.keys.ensure('device-cookie', 'later')).toBe(first[0]);
      expect(await store.keys.ensure('other', 'x')).toBe('x');
      // Not part of what a backup holds, and not replaced by a restore.
      expect(await store.isEmpty()).toBe(true);
      await store.replaceAll({ admins: [], inquiries: [], revisions: [], cursors: [] });
      expect(await store.keys.ensure('device-cookie', 'after')).toBe(first[0]);
    });

    it('counts login attempts within a sliding window per key, atomically, and takes one back', async () => {
      const window = 15 * 60_000;
      const key = 'pair|1.2.3.4|owner';
      const attempt = (id: string, ms: number) => ({ id, at: at(ms) });
      expect(await store.loginAttempts.list(key, now, window)).toEqual([]);
      await store.loginAttempts.add(key, attempt('old', -20 * 60_000), window);
      expect(await store.loginAttempts.add(key, attempt('a', -60_000), window)).toEqual([
        attempt('a', -60_000),
      ]);
      expect(await store.loginAttempts.add(key, attempt('b', 0), window)).toEqual([
        attempt('a', -60_000),
        attempt('b', 0),
      ]);
      await store.loginAttempts.remove(key, 'a');
      expect(await store.loginAttempts.list(key, now, window)).toEqual([attempt('b', 0)]);
      expect(await store.loginAttempts.list('pair|5.6.7.8|owner', now, window)).toEqual([]);

      // Parallel adds each see the ones applied before them: no two see the same count.
      const counts = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          store.loginAttempts.add('burst', attempt(`p${i}`, 0), window).then((l) => l.length),
        ),
      );
      expect(counts.sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));

      await store.loginAttempts.clear(key);
      expect(await store.loginAttempts.list(key, now, window)).toEqual([]);
    });

    it("never moves a counter's expiry backwards, and sweeps counters whose window has passed", async () => {
      const day = 24 * HOUR;
      // A long window first, then a short one (another instance, another limit): the counter
      // must outlive the long one.
      await store.loginAttempts.add('k', { id: 'long', at: now }, day);
      await store.loginAttempts.add('k', { id: 'short', at: now }, 60_000);
      expect(await store.loginAttempts.removeExpired(at(2 * 60_000))).toBe(0);
      expect(await store.loginAttempts.list('k', at(2 * 60_000), day)).toHaveLength(2);
      await store.loginAttempts.add('gone', { id: 'x', at: now }, 60_000);
      expect(await store.loginAttempts.removeExpired(at(day + 1000))).toBe(2);
      expect(await store.loginAttempts.list('k', at(day + 1000), day)).toEqual([]);
    });

    it('keeps a form’s answers and the form, and lists what arrived since a time by arrival, filtered', async () => {
      const answers = [{ name: 'fenced_yard', label: 'Fenced yard', value: 'Yes' }];
      const form = { id: 'f-1', name: 'Puppy questionnaire', pageUrl: 'https://x.example/p' };
      // Sent an hour ago, stored now (a polled submission); sent now, stored a minute ago.
      const polled = await store.inquiries.create(
        person('Ada', { createdAt: at(-HOUR), receivedAt: now, answers, form }),
      );
      const relayed = await store.inquiries.create(
        person('Ben', { createdAt: at(-60_000), receivedAt: at(-60_000), preferredColor: 'black' }),
      );
      // Stored before the live inbox existed: no arrival time, never news.
      await store.inquiries.create(person('Cy', { createdAt: at(-2 * HOUR) }));
      expect(polled).toMatchObject({ answers, form });
      expect(relayed).not.toHaveProperty('answers');
      expect(relayed).not.toHaveProperty('form');
      expect((await store.inquiries.list()).find((i) => i.id === polled.id)).toEqual(polled);

      const since = await store.inquiries.arrivedSince({}, at(-2 * 60_000), 10);
      expect(since.items.map((i) => i.firstName)).toEqual(['Ada', 'Ben']);
      expect(since.more).toBe(false);
      expect((await store.inquiries.arrivedSince({}, at(-2 * 60_000), 1)).more).toBe(true);
      expect(await store.inquiries.arrivedSince({ color: 'black' }, at(-2 * 60_000), 10)).toEqual({
        items: [relayed],
        more: false,
      });
      expect((await store.inquiries.arrivedSince({}, at(-30_000), 10)).items).toEqual([polled]);
      expect((await store.inquiries.arrivedSince({}, at(1), 10)).items).toEqual([]);
    });

    it('queues an e-mail with its inquiry, claims it for one sender at a time, and settles it only by that claim', async () => {
      const withMail = await store.inquiries.create(
        person('Ada', { receivedAt: now, notify: true }),
      );
      await store.inquiries.create(person('Ben', { receivedAt: now }));
      expect(await store.outbox.nextDue()).toEqual(now);
      expect(await store.outbox.summary(10)).toEqual({ pending: 1, failed: [] });
      // Not due yet; then five senders at once: one gets it.
      expect(await store.outbox.claim(at(-1), at(60_000), 'early')).toBeNull();
      const claims = await Promise.all(
        ['a', 'b', 'c', 'd', 'e'].map((id) => store.outbox.claim(now, at(60_000), id)),
      );
      const won = claims.filter((c) => c !== null);
      expect(won).toHaveLength(1);
      expect(won[0]).toMatchObject({ attempt: 1, inquiry: { id: withMail.id, firstName: 'Ada' } });
      const winner = won[0]!.claimId;
      // Claimed: not due to anyone until the claim runs out; then another sender takes it over.
      expect(await store.outbox.claim(at(59_000), at(120_000), 'x')).toBeNull();
      expect(await store.outbox.nextDue()).toEqual(at(60_000));
      const takeover = await store.outbox.claim(at(60_000), at(120_000), 'late');
      expect(takeover).toMatchObject({ attempt: 2, claimId: 'late' });
      // The first sender's claim is gone: it cannot settle the e-mail any more.
      expect(await store.outbox.settle(withMail.id, winner, { state: 'sent', at: now })).toBe(
        false,
      );
      expect(
        await store.outbox.settle(withMail.id, 'late', {
          state: 'pending',
          nextAttemptAt: at(90_000),
          error: 'the mail server answered 451',
        }),
      ).toBe(true);
      expect(await store.outbox.claim(at(89_000), at(150_000), 'y')).toBeNull();
      const third = await store.outbox.claim(at(90_000), at(150_000), 'third');
      expect(third).toMatchObject({ attempt: 3 });
      expect(
        await store.outbox.settle(withMail.id, 'third', {
          state: 'failed',
          at: at(91_000),
          error: 'the mail server answered 550 no such mailbox',
        }),
      ).toBe(true);
      expect(await store.outbox.summary(10)).toEqual({
        pending: 0,
        failed: [
          {
            inquiryId: withMail.id,
            name: 'Ada Lane',
            attempts: 3,
            failedAt: at(91_000),
            error: 'the mail server answered 550 no such mailbox',
          },
        ],
      });
      expect(await store.outbox.nextDue()).toBeNull();
      // Asked again: due at once, counted afresh; then sent, and never due again.
      expect(await store.outbox.requeue(withMail.id, at(100_000))).toBe('queued');
      expect(await store.outbox.requeue(withMail.id, at(100_000))).toBe('not-failed');
      expect(await store.outbox.requeue('missing', at(100_000))).toBe('no-inquiry');
      const again = await store.outbox.claim(at(100_000), at(160_000), 'again');
      expect(again).toMatchObject({ attempt: 1 });
      expect(
        await store.outbox.settle(withMail.id, 'again', { state: 'sent', at: at(101_000) }),
      ).toBe(true);
      expect(await store.outbox.claim(at(10 * HOUR), at(11 * HOUR), 'z')).toBeNull();
      expect(await store.outbox.summary(10)).toEqual({ pending: 0, failed: [] });
      // The e-mail is part of the inquiry: the inquiry as listed shows nothing of it.
      expect((await store.inquiries.list()).find((i) => i.id === withMail.id)).not.toHaveProperty(
        'mail',
      );
    });

    it('keeps where each HubSpot form was read to, and a snapshot carries it', async () => {
      expect(await store.cursors.get('hubspot:f-1')).toBeNull();
      const cursor = {
        _id: 'hubspot:f-1',
        newestAt: now.getTime(),
        seen: [{ id: 'c-1', at: now.getTime() }],
        updatedAt: now,
      };
      await store.cursors.set(cursor);
      await store.cursors.set({ ...cursor, newestAt: now.getTime() + 1 });
      expect(await store.cursors.get('hubspot:f-1')).toEqual({
        ...cursor,
        newestAt: now.getTime() + 1,
      });
      await store.inquiries.create(person('Ada', { receivedAt: now, notify: true }));
      const snapshot = await store.snapshot();
      expect(snapshot.cursors).toEqual([{ ...cursor, newestAt: now.getTime() + 1 }]);
      expect(snapshot.inquiries[0]).toMatchObject({
        mail: { state: 'pending', attempts: 0, nextAttemptAt: now },
      });
      // A backup made before the poller existed has no cursors: restoring it clears them.
      await store.replaceAll({ ...snapshot, cursors: [] });
      expect(await store.cursors.get('hubspot:f-1')).toBeNull();
      await store.replaceAll(JSON.parse(JSON.stringify(snapshot), reviveDates));
      expect(await store.cursors.get('hubspot:f-1')).toEqual({
        ...cursor,
        newestAt: now.getTime() + 1,
      });
      expect(await store.outbox.summary(5)).toEqual({ pending: 1, failed: [] });
    });

    it('stores a webhook delivery once, however often and however fast it arrives', async () => {
      const person = {
        firstName: 'Ada',
        lastName: 'Lane',
        email: 'ada@example.com',
        phone: '518-555-0100',
        preferredColor: 'yellow',
        createdAt: now,
      };
      const results = await Promise.all(
        Array.from({ length: 5 }, () => store.inquiries.createOnce('delivery-1', person)),
      );
      expect(results.filter((r) => r.created)).toHaveLength(1);
      expect(new Set(results.map((r) => r.inquiry.id)).size).toBe(1);
      const again = await store.inquiries.createOnce('delivery-1', { ...person, firstName: 'Eve' });
      expect(again).toEqual({ inquiry: results[0]!.inquiry, created: false });
      expect(await store.inquiries.count()).toBe(1);
      expect((await store.inquiries.createOnce('delivery-2', person)).created).toBe(true);
      expect((await store.inquiries.list()).map((i) => i.firstName)).toEqual(['Ada', 'Ada']);
    });

    it('remembers deliveries by any of their keys until they expire, whatever became of the inquiry', async () => {
      expect(await store.deliveries.find(['d-1', 'body:abc'], now)).toBeNull();
      await store.deliveries.remember(['d-1', 'body:abc'], 'inq-1', at(10 * 60_000));
      expect(await store.deliveries.find(['d-9', 'body:abc'], now)).toBe('inq-1');
      expect(await store.deliveries.find(['d-1'], at(9 * 60_000))).toBe('inq-1');
      // Expired: forgotten, whether or not the TTL monitor has run yet.
      expect(await store.deliveries.find(['d-1', 'body:abc'], at(10 * 60_000))).toBeNull();
      // A later expiry stays when the key is remembered again with an earlier one.
      await store.deliveries.remember(['d-2'], 'inq-2', at(20 * 60_000));
      await store.deliveries.remember(['d-2'], 'inq-2', at(5 * 60_000));
      expect(await store.deliveries.find(['d-2'], at(15 * 60_000))).toBe('inq-2');
      // Not part of a backup.
      expect(Object.keys(await store.snapshot())).not.toContain('deliveries');
    });

    it("marks an inquiry's e-mail as bouncing, and keeps one marked invalid", async () => {
      const inquiry = await store.inquiries.create({
        firstName: 'Bo',
        lastName: 'Gone',
        email: 'bo@example.com',
        phone: '',
        preferredColor: '',
        createdAt: now,
      });
      expect(await store.inquiries.markBounced(inquiry.id, now, '550 5.1.1 No such user')).toBe(
        true,
      );
      expect(await store.inquiries.markBounced('no-such-inquiry', now, 'x')).toBe(false);
      expect((await store.inquiries.get(inquiry.id))!.emailBounce).toEqual({
        at: now.toISOString(),
        reply: '550 5.1.1 No such user',
      });
      const invalid = await store.inquiries.create({
        firstName: 'Eve',
        lastName: 'Two',
        email: 'a@x.example,b@x.example',
        phone: '',
        preferredColor: '',
        createdAt: now,
        emailInvalid: true,
      });
      expect((await store.inquiries.get(invalid.id))!.emailInvalid).toBe(true);
      expect((await store.inquiries.get(inquiry.id))!.emailInvalid).toBeUndefined();
    });

    // ---- Issue 40: families' links and the litters' news ----

    const link = (hash: string, entryId: string) => ({
      _id: hash.repeat(64),
      entryId,
      sealed: 'c2VhbGVk',
      createdAt: now,
      createdBy: 'owner',
    });

    it('keeps one link per family: a second first link is refused, a reissue replaces it, a revoke deletes it', async () => {
      await store.familyLinks.create(link('a', 'e1'));
      await expect(store.familyLinks.create(link('b', 'e1'))).rejects.toBeInstanceOf(
        DuplicateError,
      );
      expect(await store.familyLinks.find('a'.repeat(64))).toEqual(link('a', 'e1'));
      await store.familyLinks.replace(link('c', 'e1'));
      expect(await store.familyLinks.find('a'.repeat(64))).toBeNull();
      expect(await store.familyLinks.forEntry('e1')).toEqual(link('c', 'e1'));
      await store.familyLinks.create(link('d', 'e2'));
      expect((await store.familyLinks.list()).map((l) => l.entryId).sort()).toEqual(['e1', 'e2']);
      expect(await store.familyLinks.revoke('e1')).toBe(true);
      expect(await store.familyLinks.revoke('e1')).toBe(false);
      expect(await store.familyLinks.forEntry('e1')).toBeNull();
      expect((await store.snapshot()).familyLinks).toEqual([link('d', 'e2')]);
    });

    it('lists a litter’s updates newest first, edits and removes them, and finds one by its photo', async () => {
      const photo = (n: number) => ({ name: `${String(n).repeat(24)}.jpg`, width: 4, height: 3 });
      const update = (id: string, litterId: string, photos = [photo(1)]) => ({
        _id: id,
        litterId,
        note: `Note ${id}`,
        photos,
        createdAt: now,
        createdBy: 'owner',
      });
      await store.litterUpdates.create(update('01', 'x'));
      await store.litterUpdates.create(update('02', 'x', [photo(2)]));
      await store.litterUpdates.create(update('03', 'y', []));
      expect((await store.litterUpdates.listFor('x')).map((u) => u._id)).toEqual(['02', '01']);
      expect(await store.litterUpdates.findByPhoto(photo(2).name)).toBe('02');
      expect(await store.litterUpdates.findByPhoto(photo(3).name)).toBeNull();
      const before = await store.litterUpdates.update('01', {
        note: 'Edited',
        photos: [photo(3)],
        updatedAt: at(1000),
        updatedBy: 'owner',
      });
      expect(before).toEqual(update('01', 'x'));
      expect(await store.litterUpdates.get('01')).toEqual({
        ...update('01', 'x', [photo(3)]),
        note: 'Edited',
        updatedAt: at(1000),
        updatedBy: 'owner',
      });
      expect(
        await store.litterUpdates.update('nope', {
          note: 'x',
          photos: [],
          updatedAt: now,
          updatedBy: 'owner',
        }),
      ).toBeNull();
      expect(await store.litterUpdates.remove('02')).toEqual(update('02', 'x', [photo(2)]));
      expect(await store.litterUpdates.remove('02')).toBeNull();
      expect((await store.snapshot()).litterUpdates!.map((u) => u._id).sort()).toEqual([
        '01',
        '03',
      ]);
    });

    it('queues e-mails that belong to no announcement: sent by the outbox, never listed', async () => {
      const mail = {
        _id: 'news-1:e1',
        announcementId: 'news-1',
        entryId: 'e1',
        to: 'a@example.com',
        subject: 'News',
        text: 'Hello',
        state: 'pending' as const,
        attempts: 0,
        nextAttemptAt: now,
      };
      await store.announcements.queue([mail]);
      await expect(store.announcements.queue([mail])).rejects.toBeInstanceOf(DuplicateError);
      expect(await store.announcements.list()).toEqual([]);
      expect(await store.announcements.claim(at(1), at(60_000), 'c1')).toMatchObject({
        _id: 'news-1:e1',
        state: 'sending',
      });
    });
  });
}

const tempDirs: string[] = [];
afterAll(async () => {
  await Promise.all(tempDirs.map((d) => fs.rm(d, { recursive: true, force: true })));
});

function embeddedEngine(): Engine {
  let dir = '';
  return {
    async open() {
      dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cedar-store-'));
      tempDirs.push(dir);
      return openEmbeddedStore(dir);
    },
    cleanup: async () => {
      if (dir) await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

storeContract('embedded (@seald-io/nedb)', embeddedEngine);

const { MONGODB_URI, MONGODB_DB } = loadEnv();
if (!MONGODB_URI) {
  console.warn(
    'store contract: MongoDB run SKIPPED because MONGODB_URI is not set (only the embedded store was tested; set MONGODB_URI to a replica set to run it).',
  );
}

// Every test gets fresh collections under its own prefix in the one database the app would use
// (MONGODB_DB, else the URI's, else cedar_bluff), so the readWrite role on it is enough: nothing
// creates or drops a database. Each test drops its collections; a run that was killed leaves
// some, and the next run drops those once they are an hour old (never a parallel run's).
const TEST_PREFIX = 'cedar_test_';
const LEFTOVER_AGE_MS = 3_600_000;

async function dropCollections(db: Db, drop: (name: string) => boolean) {
  const collections = await db
    .listCollections({ name: { $regex: `^${TEST_PREFIX}` } }, { nameOnly: true })
    .toArray();
  await Promise.all(
    collections.filter(({ name }) => drop(name)).map(({ name }) => db.dropCollection(name)),
  );
}

const isLeftover = (name: string, now: number) => {
  const started = /^cedar_test_([0-9a-z]+)_/.exec(name)?.[1];
  return started !== undefined && now - Number.parseInt(started, 36) > LEFTOVER_AGE_MS;
};

describe.skipIf(!MONGODB_URI)('MongoDB', () => {
  const run = `${TEST_PREFIX}${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}_`;
  let tests = 0;
  let sweeper: MongoClient | undefined;
  const db = () => sweeper!.db(databaseFor(MONGODB_URI!, MONGODB_DB));

  beforeAll(async () => {
    sweeper = new MongoClient(MONGODB_URI!);
    await dropCollections(db(), (name) => isLeftover(name, Date.now()));
  });
  afterAll(async () => {
    await sweeper?.close();
  });

  storeContract('mongodb', () => {
    const prefix = `${run}${++tests}_`;
    return {
      open: () => openMongoStore(MONGODB_URI!, { dbName: MONGODB_DB, collectionPrefix: prefix }),
      cleanup: () => dropCollections(db(), (name) => name.startsWith(prefix)),
    };
  });
});

describe('embedded store on disk', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cedar-store-'));
    tempDirs.push(dir);
  });

  it('has every acknowledged write in its file before answering, and keeps it across a reopen', async () => {
    const store = await openEmbeddedStore(dir);
    const inquiry = await store.inquiries.create({
      firstName: 'Ada',
      lastName: 'Lane',
      email: 'ada@example.com',
      phone: '518-555-0100',
      preferredColor: 'black',
      createdAt: new Date(),
    });
    // Read straight from the file while the store is still open: no buffering in memory.
    expect(await fs.readFile(path.join(dir, 'inquiries.db'), 'utf8')).toContain(inquiry.id);
    await store.close();
    const reopened = await openEmbeddedStore(dir);
    expect(await reopened.inquiries.list()).toEqual([inquiry]);
    await reopened.close();
  });

  it('deletes an inquiry from the file itself, not only from the answers', async () => {
    const store = await openEmbeddedStore(dir);
    const base = {
      lastName: 'Lane',
      email: 'ada@example.com',
      phone: '518-555-0100',
      preferredColor: 'black',
      createdAt: new Date(),
    };
    const gone = await store.inquiries.create({ ...base, firstName: 'Zelda-Forget-Me' });
    const kept = await store.inquiries.create({ ...base, firstName: 'Ada' });
    await store.inquiries.remove(gone.id);
    const file = await fs.readFile(path.join(dir, 'inquiries.db'), 'utf8');
    expect(file).not.toContain('Zelda-Forget-Me');
    expect(file).toContain(kept.id);
    await store.close();
  });

  it('makes admins stored before roles existed owners, and keeps the audit log across a reopen (issue 39)', async () => {
    const old = {
      _id: 'owner',
      username: 'owner',
      passwordHash: 'h',
      createdAt: { $$date: 0 },
      updatedAt: { $$date: 0 },
    };
    await fs.writeFile(path.join(dir, 'admins.db'), `${JSON.stringify(old)}\n`);
    const store = await openEmbeddedStore(dir);
    expect(await store.admins.find('owner')).toMatchObject({ role: 'owner', status: 'active' });
    const now = new Date();
    const entry = {
      _id: '0000000000010000aaaaaaaaaaaa',
      at: now,
      username: 'owner',
      ip: null,
      userAgent: null,
      action: 'login',
      outcome: 'success' as const,
      expiresAt: new Date(now.getTime() + HOUR),
    };
    await store.audit.add(entry);
    await store.close();
    const reopened = await openEmbeddedStore(dir);
    expect((await reopened.audit.page({}, { limit: 5 })).items).toEqual([entry]);
    await reopened.close();
  });

  it('treats inquiries stored before the inbox existed as new ones', async () => {
    const old = {
      _id: '0000000000010000aaaaaaaaaaaa',
      firstName: 'Ada',
      lastName: 'Lane',
      email: 'ada@example.com',
      phone: '518-555-0100',
      preferredColor: 'black',
      createdAt: { $$date: Date.UTC(2025, 0, 1) },
    };
    await fs.writeFile(path.join(dir, 'inquiries.db'), `${JSON.stringify(old)}\n`);
    const store = await openEmbeddedStore(dir);
    expect(await store.inquiries.list()).toEqual([
      expect.objectContaining({ id: old._id, status: 'new', note: '' }),
    ]);
    expect((await store.inquiries.page({ status: 'new' }, { limit: 5 })).items).toHaveLength(1);
    await store.close();
  });

  it('answers a ping while open and not after closing', async () => {
    const store = await openEmbeddedStore(dir);
    await store.ping();
    await store.close();
    await expect(store.ping()).rejects.toThrow(/closed/);
  });

  it('refuses a second opener of the same folder while the first holds it', async () => {
    const store = await openEmbeddedStore(dir);
    await expect(openEmbeddedStore(dir)).rejects.toThrow(/in use by process/);
    await store.close();
    const again = await openEmbeddedStore(dir);
    await again.close();
  });

  it('takes over a lock left by a process that is gone', async () => {
    await fs.writeFile(path.join(dir, 'store.lock'), '999999999');
    const store = await openEmbeddedStore(dir);
    await store.close();
  });
});
