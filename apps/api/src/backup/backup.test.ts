import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';

import { describe, expect, it, onTestFinished } from 'vitest';
import type { Env } from '../env';
import { Maintenance, backupFileName } from '../ops/maintenance';
import { openEmbeddedStore } from '../store/embedded';
import type { Store, StoreSnapshot } from '../store';
import { treeHashes } from '../test/files';
import { ADA, HERO, heroVersion, saveHero, signedInApp, tempDir, testApp } from '../test/per-test';
import { archiveStream, type BackupContents, BackupError, readArchive } from './archive';
import { collectBackup, restoreBackup, saveArchive } from './backup';

const LITTERS = 'packages/content/src/data/litters.json';
const PHOTO = 'packages/content/public/images/litters/spring-litter.jpg';
const HOUR = 3_600_000;

/** A signed-in app with admins, inquiries (one with a status, note and delivery id), revisions, a litters file and a photo. */
async function populated() {
  const a = await signedInApp();
  await fs.mkdir(path.join(a.repoRoot, path.dirname(PHOTO)), { recursive: true });
  await fs.writeFile(
    path.join(a.repoRoot, PHOTO),
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 1, 2, 255]),
  );
  await fs.mkdir(path.join(a.repoRoot, path.dirname(LITTERS)), { recursive: true });
  await fs.writeFile(path.join(a.repoRoot, LITTERS), '[]\n');
  const { store } = a.services;
  for (let i = 0; i < 30; i++)
    await store.inquiries.create({
      firstName: `Family${i}`,
      lastName: 'Lane',
      email: `f${i}@example.com`,
      phone: '518-555-0100',
      preferredColor: 'yellow',
      message: i % 2 ? `Hello ${i} — ü "quoted"` : undefined,
      createdAt: new Date(Date.UTC(2026, 0, 1) + i * HOUR),
    });
  const { inquiry } = await store.inquiries.createOnce('delivery-1', {
    ...ADA,
    createdAt: a.clock.now(),
  });
  await store.inquiries.update(
    inquiry.id,
    { status: 'waitlist', note: 'Spring litter' },
    a.clock.now(),
  );
  for (const n of [1, 2]) {
    const res = await saveHero(a, heroVersion(n));
    expect(res.statusCode).toBe(200);
  }
  return a;
}

const byId = <T extends { _id: string }>(docs: T[]) =>
  [...docs].sort((x, y) => x._id.localeCompare(y._id));
const sorted = (s: StoreSnapshot) => ({
  admins: byId(s.admins),
  inquiries: byId(s.inquiries),
  revisions: byId(s.revisions),
  cursors: byId(s.cursors),
  waitlists: s.waitlists ?? [],
  announcements: byId(s.announcements ?? []),
  announcementMails: byId(s.announcementMails ?? []),
  passkeys: byId(s.passkeys ?? []),
  factors: byId(s.factors ?? []),
  deposits: byId(s.deposits ?? []),
  depositAmounts: byId(s.depositAmounts ?? []),
  stripeEvents: byId(s.stripeEvents ?? []),
});

async function hashes(root: string, files: string[]) {
  return Object.fromEntries(
    await Promise.all(
      files.map(async (f) => [
        f,
        createHash('sha256')
          .update(await fs.readFile(path.join(root, f)))
          .digest('hex'),
      ]),
    ),
  );
}

describe('a backup', () => {
  it('round-trips: back up, wipe, restore, and every admin, inquiry, revision and file is identical', async () => {
    const a = await populated();
    const dir = await tempDir('cedar-backups-');
    const file = path.join(dir, 'backup.jsonl.gz');
    const contents = await collectBackup({ ...a.services, repoRoot: a.repoRoot });
    const saved = await saveArchive(archiveStream(contents), file);
    // The owner and the demo admin (a loopback-only test start); seven sections, litters, a photo.
    expect(saved.counts).toEqual({
      admins: 2,
      inquiries: 31,
      revisions: 3,
      cursors: 0,
      waitlists: 0,
      announcements: 0,
      announcementMails: 0,
      passkeys: 0,
      factors: 0,
      // The audit log (issue 39): the sign-in and the two saves.
      audit: 3,
      deposits: 0,
      depositAmounts: 0,
      stripeEvents: 0,
      familyLinks: 0,
      litterUpdates: 0,
      files: 9,
    });
    expect(contents.files.map((f) => f.path)).toEqual(
      expect.arrayContaining([HERO, LITTERS, PHOTO]),
    );
    const before = sorted(await a.services.store.snapshot());
    const paths = contents.files.map((f) => f.path);
    const filesBefore = await hashes(a.repoRoot, paths);
    const listBefore = await a.services.store.inquiries.list();
    // No sessions, no login counters: the token of the signed-in admin is nowhere in the file.
    const text = zlib.gunzipSync(await fs.readFile(file)).toString();
    expect(text).not.toContain(a.session);
    expect(text).not.toMatch(/"type":"(session|loginAttempt)"/);

    // Wipe: a new, empty DATA_DIR, and files changed or gone.
    await a.app.close();
    const dataDir = await tempDir('cedar-restored-');
    await fs.writeFile(path.join(a.repoRoot, HERO), 'broken');
    await fs.rm(path.join(a.repoRoot, PHOTO));
    const store = await openEmbeddedStore(dataDir);
    onTestFinished(() => store.close());
    await restoreBackup(await readArchive(file), { store, repoRoot: a.repoRoot, force: false });
    expect(sorted(await store.snapshot())).toEqual(before);
    expect(await store.inquiries.list()).toEqual(listBefore);
    expect(await hashes(a.repoRoot, paths)).toEqual(filesBefore);
    // The audit log came back, and the restore itself is its newest entry (issue 39).
    const log = (await store.audit.page({}, { limit: 10 })).items;
    expect(log.map((e) => [e.action, e.username])).toEqual([
      ['restore', null],
      ['file-save', 'owner'],
      ['file-save', 'owner'],
      ['login', 'owner'],
    ]);
    expect(log[0]).toMatchObject({ details: { admins: 2, inquiries: 31, revisions: 3, files: 9 } });
  });

  it("carries a form's answers, the form, the outbox's e-mails and HubSpot's cursors; a backup from before them still restores", async () => {
    const a = await testApp();
    const { store } = a.services;
    const now = a.clock.now();
    const person = {
      lastName: 'Lane',
      email: 'ada@example.com',
      phone: '518-555-0100',
      preferredColor: 'Blue Merle',
      createdAt: now,
      receivedAt: now,
    };
    await store.inquiries.createOnce('hubspot:c-1', {
      ...person,
      firstName: 'Ada',
      answers: [{ name: 'fenced_yard', label: 'Fenced yard', value: 'Yes' }],
      form: { id: 'f-1', name: 'Puppy questionnaire', pageUrl: 'https://x.example/p' },
      notify: true,
    });
    await store.inquiries.createOnce('hubspot:c-2', { ...person, firstName: 'Ben', notify: true });
    const claimed = await store.outbox.claim(now, new Date(now.getTime() + 60_000), 'k');
    await store.outbox.settle(claimed!.inquiry.id, 'k', {
      state: 'failed',
      at: now,
      error: 'the mail server answered 550',
    });
    await store.cursors.set({
      _id: 'hubspot:f-1',
      newestAt: now.getTime(),
      seen: [{ id: 'c-1', at: now.getTime() }],
      updatedAt: now,
    });
    const file = path.join(await tempDir('cedar-backups-'), 'backup.jsonl.gz');
    const saved = await saveArchive(
      archiveStream(await collectBackup({ ...a.services, repoRoot: a.repoRoot })),
      file,
    );
    expect(saved.counts).toMatchObject({ inquiries: 2, cursors: 1 });
    const before = sorted(await store.snapshot());
    const summary = await store.outbox.summary(10);
    const list = await store.inquiries.list();

    const restored = await openEmbeddedStore(await tempDir('cedar-restored-'));
    onTestFinished(() => restored.close());
    await restoreBackup(await readArchive(file), {
      store: restored,
      repoRoot: a.repoRoot,
      force: false,
    });
    expect(sorted(await restored.snapshot())).toEqual(before);
    expect(await restored.outbox.summary(10)).toEqual(summary);
    expect(summary).toMatchObject({ pending: 1, failed: [{ name: expect.any(String) }] });
    expect(await restored.inquiries.list()).toEqual(list);
    expect(await restored.cursors.get('hubspot:f-1')).not.toBeNull();

    // A backup written before any of this: no cursor lines, no cursor count, inquiries without them.
    const oldLines = [
      {
        format: 'cedar-bluff-backup',
        version: 1,
        createdAt: now.toISOString(),
        store: 'embedded',
        counts: { admins: 0, inquiries: 1, revisions: 0, files: 0 },
      },
      {
        type: 'inquiry',
        doc: {
          _id: '0000000000010000aaaaaaaaaaaa',
          deliveryId: 'delivery-1',
          firstName: 'Cy',
          lastName: 'Old',
          email: 'cy@example.com',
          phone: '1',
          preferredColor: 'black',
          createdAt: now.toISOString(),
          status: 'contacted',
        },
      },
    ]
      .map((l) => `${JSON.stringify(l)}\n`)
      .join('');
    const end = {
      type: 'end',
      lines: 2,
      sha256: createHash('sha256').update(oldLines).digest('hex'),
    };
    const oldFile = path.join(await tempDir('cedar-old-'), 'old.jsonl.gz');
    await fs.writeFile(oldFile, zlib.gzipSync(`${oldLines}${JSON.stringify(end)}\n`));
    const fromOld = await openEmbeddedStore(await tempDir('cedar-restored-old-'));
    onTestFinished(() => fromOld.close());
    const read = await readArchive(oldFile);
    expect(read.counts).toEqual({
      admins: 0,
      inquiries: 1,
      revisions: 0,
      cursors: 0,
      waitlists: 0,
      announcements: 0,
      announcementMails: 0,
      passkeys: 0,
      factors: 0,
      audit: 0,
      deposits: 0,
      depositAmounts: 0,
      stripeEvents: 0,
      familyLinks: 0,
      litterUpdates: 0,
      files: 0,
    });
    await restoreBackup(read, { store: fromOld, repoRoot: a.repoRoot, force: false });
    expect(await fromOld.inquiries.list()).toEqual([
      expect.objectContaining({ firstName: 'Cy', status: 'contacted' }),
    ]);
    expect((await fromOld.snapshot()).cursors).toEqual([]);
    expect(await fromOld.waitlists.get()).toMatchObject({ version: 0, lists: [] });
    expect(await fromOld.announcements.list()).toEqual([]);
    expect(await fromOld.outbox.summary(10)).toEqual({ pending: 0, failed: [] });
  });

  it('carries the deposits, the amounts asked and the Stripe events taken in (issue 40)', async () => {
    const a = await testApp();
    const { store } = a.services;
    const now = a.clock.now();
    await store.deposits.write(
      {
        _id: 'e1',
        inquiryId: 'i1',
        state: 'refunded',
        amountCents: 30_000,
        method: 'card',
        paidAt: now,
        refundedCents: 30_000,
        refundedAt: now,
        checkoutSessionId: 'cs_test_1',
        paymentIntentId: 'pi_1',
        refunds: 1,
        history: [
          { at: now, what: 'paid', amountCents: 30_000, method: 'card' },
          { at: now, what: 'refunded', amountCents: 30_000, method: 'card' },
        ],
        updatedAt: now,
      },
      0,
    );
    await store.deposits.setAmount('default', 25_000, now, 'owner');
    await store.deposits.setAmount('litter:ranger-juniper-summer-2026', 40_000, now, 'owner');
    expect(
      await store.stripeEvents.claim('evt_1', { type: 'charge.refunded', created: 1 }, now, 1),
    ).toBe('claimed');
    await store.stripeEvents.finish('evt_1', { outcome: 'applied', paymentIntentId: 'pi_1' });
    const contents = await collectBackup({ ...a.services, repoRoot: a.repoRoot });
    const file = path.join(await tempDir('cedar-backups-'), 'backup.jsonl.gz');
    const saved = await saveArchive(archiveStream(contents), file);
    expect(saved.counts).toMatchObject({ deposits: 1, depositAmounts: 2, stripeEvents: 1 });
    const restored = await openEmbeddedStore(await tempDir('cedar-restored-'));
    onTestFinished(() => restored.close());
    await restoreBackup(await readArchive(file), {
      store: restored,
      repoRoot: a.repoRoot,
      force: false,
    });
    expect(sorted(await restored.snapshot())).toEqual(sorted(await store.snapshot()));
    expect(await restored.deposits.get('e1')).toEqual(await store.deposits.get('e1'));
    // The event is known after the restore: Stripe's next delivery of it changes nothing.
    expect(
      await restored.stripeEvents.claim('evt_1', { type: 'charge.refunded', created: 1 }, now, 1),
    ).toBe('done');
  });

  it('carries the waitlists, the announcements and their e-mails; a restore checks the lists', async () => {
    const a = await testApp();
    const { store } = a.services;
    const now = a.clock.now();
    const inquiry = await store.inquiries.create({
      ...ADA,
      preferredColor: 'yellow',
      createdAt: now,
    });
    const entry = {
      id: 'e1',
      inquiryId: inquiry.id,
      name: 'Ada Lane',
      email: 'ada@example.com',
      sex: 'Female' as const,
      color: 'yellow',
      addedAt: now,
      puppyId: 'red-collar',
      unsubscribedAt: now,
    };
    await store.waitlists.replace(
      [{ key: 'ranger-juniper-summer-2026', entries: [entry] }],
      0,
      now,
    );
    await store.announcements.create(
      {
        _id: 'a1',
        litterId: 'ranger-juniper-summer-2026',
        includeGeneral: true,
        subject: 'Born!',
        body: 'Dear {name}',
        createdAt: now,
        createdBy: 'owner',
        recipients: 1,
      },
      [
        {
          _id: 'a1:e1',
          announcementId: 'a1',
          entryId: 'e1',
          to: 'ada@example.com',
          subject: 'Born!',
          text: 'Dear Ada Lane',
          state: 'pending',
          attempts: 0,
          nextAttemptAt: now,
        },
      ],
    );
    const contents = await collectBackup({ ...a.services, repoRoot: a.repoRoot });
    const file = path.join(await tempDir('cedar-backups-'), 'backup.jsonl.gz');
    const saved = await saveArchive(archiveStream(contents), file);
    expect(saved.counts).toMatchObject({ waitlists: 1, announcements: 1, announcementMails: 1 });
    const before = sorted(await store.snapshot());
    const restored = await openEmbeddedStore(await tempDir('cedar-restored-'));
    onTestFinished(() => restored.close());
    await restoreBackup(await readArchive(file), {
      store: restored,
      repoRoot: a.repoRoot,
      force: false,
    });
    expect(sorted(await restored.snapshot())).toEqual(before);
    expect((await restored.waitlists.get()).lists[0]!.entries[0]).toEqual(entry);
    expect(await restored.announcements.nextDue()).toEqual(now);

    // A family listed who is not among the backup's inquiries: refused before anything is written.
    const crafted = {
      ...contents,
      snapshot: {
        ...contents.snapshot,
        waitlists: [
          {
            ...contents.snapshot.waitlists![0]!,
            lists: [{ key: 'general', entries: [{ ...entry, inquiryId: 'someone-else' }] }],
          },
        ],
      },
    };
    const craftedFile = path.join(await tempDir('cedar-crafted-'), 'crafted.jsonl.gz');
    await saveArchive(archiveStream(crafted), craftedFile);
    const empty = await openEmbeddedStore(await tempDir('cedar-restored-crafted-'));
    onTestFinished(() => empty.close());
    await expect(
      restoreBackup(await readArchive(craftedFile), {
        store: empty,
        repoRoot: a.repoRoot,
        force: false,
      }),
    ).rejects.toThrow(
      /the waitlists list the inquiry someone-else, which the backup does not hold/,
    );
    expect(await empty.isEmpty()).toBe(true);
  });

  it("carries each account's passkeys and one-time codes, never a pending challenge; a restore checks whose they are", async () => {
    const a = await testApp();
    const { store } = a.services;
    const now = a.clock.now();
    await store.passkeys.add({
      _id: 'Y3JlZC1h',
      username: 'owner',
      publicKey: 'pQECAyYgASFYIK',
      counter: 3,
      transports: ['internal'],
      deviceType: 'multiDevice',
      backedUp: true,
      name: 'Laptop',
      createdAt: now,
      lastUsedAt: now,
    });
    await store.factors.ensureWebauthnUserId('owner', 'dXNlci1oYW5kbGU');
    await store.factors.offerTotp('owner', 'JBSWY3DPEHPK3PXPJBSWY3DP', now);
    await store.factors.enableTotp('owner', 'JBSWY3DPEHPK3PXPJBSWY3DP', 5, ['a'.repeat(64)], now);
    await store.challenges.put({
      _id: 'pending-challenge',
      purpose: 'passkey-sign-in',
      expiresAt: new Date(now.getTime() + 60_000),
    });
    const contents = await collectBackup({ ...a.services, repoRoot: a.repoRoot });
    const file = path.join(await tempDir('cedar-backups-'), 'backup.jsonl.gz');
    const saved = await saveArchive(archiveStream(contents), file);
    expect(saved.counts).toMatchObject({ passkeys: 1, factors: 1 });
    expect(zlib.gunzipSync(await fs.readFile(file)).toString()).not.toContain('pending-challenge');
    const before = sorted(await store.snapshot());
    const restored = await openEmbeddedStore(await tempDir('cedar-restored-'));
    onTestFinished(() => restored.close());
    await restoreBackup(await readArchive(file), {
      store: restored,
      repoRoot: a.repoRoot,
      force: false,
    });
    expect(sorted(await restored.snapshot())).toEqual(before);
    expect(await restored.passkeys.find('Y3JlZC1h')).toMatchObject({ counter: 3, name: 'Laptop' });

    // A passkey of someone who is not among the backup's admins: refused before anything is written.
    const crafted = {
      ...contents,
      snapshot: {
        ...contents.snapshot,
        passkeys: [{ ...contents.snapshot.passkeys![0]!, username: 'stranger' }],
      },
    };
    const craftedFile = path.join(await tempDir('cedar-crafted-'), 'crafted.jsonl.gz');
    await saveArchive(archiveStream(crafted), craftedFile);
    const empty = await openEmbeddedStore(await tempDir('cedar-restored-crafted-'));
    onTestFinished(() => empty.close());
    await expect(
      restoreBackup(await readArchive(craftedFile), {
        store: empty,
        repoRoot: a.repoRoot,
        force: false,
      }),
    ).rejects.toThrow(/a sign-in factor of "stranger", who is not one of its admins/);
    expect(await empty.isEmpty()).toBe(true);
  });

  it('refuses to restore into a store that holds anything, unless forced; forced, it ends every session', async () => {
    const a = await populated();
    const file = path.join(await tempDir('cedar-backups-'), 'b.jsonl.gz');
    await saveArchive(
      archiveStream(await collectBackup({ ...a.services, repoRoot: a.repoRoot })),
      file,
    );
    const contents = await readArchive(file);
    const { store } = a.services;
    await store.inquiries.create({
      firstName: 'Late',
      lastName: 'Comer',
      email: 'late@example.com',
      phone: '1',
      preferredColor: 'black',
      createdAt: a.clock.now(),
    });
    await expect(
      restoreBackup(contents, { store, repoRoot: a.repoRoot, force: false }),
    ).rejects.toThrow(/already holds admins, inquiries or revisions.*--force/);
    expect(await store.inquiries.count()).toBe(32);
    await restoreBackup(contents, { store, repoRoot: a.repoRoot, force: true });
    expect(await store.inquiries.count()).toBe(31);
    expect(
      (await a.app.inject({ method: 'GET', url: '/api/inquiries', headers: a.headers })).statusCode,
    ).toBe(401);
  });

  it('is read while no save runs: a save asked for during the backup waits for it', async () => {
    const a = await signedInApp();
    const order: string[] = [];
    let release!: () => void;
    const reading = a.services.files.whileNoSave(async () => {
      order.push('backup starts');
      await new Promise<void>((resolve) => (release = resolve));
      order.push('backup ends');
    });
    const saving = a.services.files
      .save(HERO, 'export function HeroSection() { return null; }\n', 'owner')
      .then(() => order.push('saved'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await Promise.all([reading, saving]);
    expect(order).toEqual(['backup starts', 'backup ends', 'saved']);
  });
});

describe('restoring a crafted backup', () => {
  const IMAGES = 'packages/content/public/images';
  const ADMIN_HASH = /^scrypt\$16384\$8\$1\$([\w-]{22})\$([\w-]{86})$/;
  const withFile = (c: BackupContents, file: string, content: string | Buffer): BackupContents => ({
    ...c,
    files: [
      ...c.files.filter((f) => f.path !== file),
      { path: file, content: Buffer.from(content) },
    ],
  });
  const CRAFTED: [string, (c: BackupContents) => BackupContents, RegExp][] = [
    [
      'a section with code outside what a section may contain',
      (c) =>
        withFile(
          c,
          HERO,
          'export function HeroSection() {\n  const host: any = globalThis;\n  return <h1>{String(host.process)}</h1>;\n}\n',
        ),
      /apps\/web\/src\/sections\/hero-section\.tsx would be refused by the editor: .*\bline 2\b/i,
    ],
    [
      'a section with a syntax error',
      (c) => withFile(c, HERO, 'export function HeroSection() {\n  return <h1>;\n}\n'),
      /hero-section\.tsx would be refused by the editor: Syntax error at line \d+/,
    ],
    [
      'a section without the export the pages import',
      (c) => withFile(c, HERO, 'export function Hero() {\n  return <h1>Hi</h1>;\n}\n'),
      /hero-section\.tsx would be refused by the editor: The file must still export HeroSection/,
    ],
    [
      'an SVG with a script under images/',
      (c) =>
        withFile(
          c,
          `${IMAGES}/dogs/badge.svg`,
          '<svg xmlns="http://www.w3.org/2000/svg"><script>fetch("/api/inquiries")</script></svg>',
        ),
      /images\/dogs\/badge\.svg is not a JPEG, PNG, WebP or AVIF image/,
    ],
    [
      'an HTML page under images/',
      (c) =>
        withFile(c, `${IMAGES}/login.html`, '<!doctype html><form action="https://evil.example">'),
      /images\/login\.html is not a JPEG, PNG, WebP or AVIF image/,
    ],
    [
      'a script named as a JPEG',
      (c) => withFile(c, PHOTO, 'alert(document.cookie)'),
      /spring-litter\.jpg is not a JPEG, PNG, WebP or AVIF image/,
    ],
    [
      'a PNG named as a JPEG',
      (c) =>
        withFile(c, PHOTO, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])),
      /spring-litter\.jpg is named as JPEG but holds PNG/,
    ],
    [
      'a password hash that asks for its own scrypt cost',
      (c) => ({
        ...c,
        snapshot: {
          ...c.snapshot,
          admins: c.snapshot.admins.map((admin) => ({
            ...admin,
            passwordHash: admin.passwordHash.replace(ADMIN_HASH, 'scrypt$1048576$8$1$$1$$$2'),
          })),
        },
      }),
      /the password hash of admin "\w+" does not have this product's scrypt parameters/,
    ],
    [
      'a litters file that is not litters',
      (c) => withFile(c, LITTERS, '[{"id":"x","puppies":"<script>"}]\n'),
      /litters\.json has an invalid litter/,
    ],
  ];

  it.each(CRAFTED)(
    'refuses %s with one sentence, and changes nothing, even with --force',
    async (_kind, craft, reason) => {
      const a = await populated();
      const contents = craft(await collectBackup({ ...a.services, repoRoot: a.repoRoot }));
      // The store as it is, and a fresh empty one; the files as they are.
      const { store } = a.services;
      const empty = await openEmbeddedStore(await tempDir('cedar-empty-'));
      onTestFinished(() => empty.close());
      const before = sorted(await store.snapshot());
      const filesBefore = await treeHashes(a.repoRoot);
      for (const [target, force] of [
        [empty, false],
        [store, true],
      ] as const) {
        const error = await restoreBackup(contents, {
          store: target,
          repoRoot: a.repoRoot,
          force,
        }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(BackupError);
        const message = (error as Error).message;
        expect(message).toMatch(/^The backup cannot be restored, and nothing was changed: /);
        expect(message).toMatch(reason);
        // One sentence: one full stop, at the end, and one line.
        expect(message).toMatch(/[^.]\.$/);
        expect(message).not.toContain('\n');
      }
      expect(await empty.isEmpty()).toBe(true);
      expect(sorted(await store.snapshot())).toEqual(before);
      expect(await treeHashes(a.repoRoot)).toEqual(filesBefore);
      // The signed-in owner is still signed in: no session ended.
      expect(
        (await a.app.inject({ method: 'GET', url: '/api/inquiries', headers: a.headers }))
          .statusCode,
      ).toBe(200);
    },
  );
});

describe('reading an archive', () => {
  let valid: Buffer;
  let dir: string;

  async function archive(): Promise<Buffer> {
    const a = await testApp();
    await a.services.store.inquiries.create({ ...ADA, createdAt: a.clock.now() });
    const file = path.join(dir, 'valid.jsonl.gz');
    await saveArchive(
      archiveStream(await collectBackup({ ...a.services, repoRoot: a.repoRoot })),
      file,
    );
    return fs.readFile(file);
  }

  /** Rewrites the archive's lines, then puts a correct end line back (a forged but whole file). */
  function forged(edit: (lines: string[]) => string[]): Buffer {
    const lines = zlib.gunzipSync(valid).toString().trimEnd().split('\n').slice(0, -1);
    const body = edit(lines)
      .map((l) => `${l}\n`)
      .join('');
    const end = {
      type: 'end',
      lines: body.split('\n').length - 1,
      sha256: createHash('sha256').update(body).digest('hex'),
    };
    return zlib.gzipSync(`${body}${JSON.stringify(end)}\n`);
  }

  const attempt = async (bytes: Buffer | string) => {
    const file = path.join(dir, 'candidate');
    await fs.writeFile(file, bytes);
    return readArchive(file).then(
      () => 'read',
      (error: unknown) => {
        expect(error).toBeInstanceOf(BackupError);
        return (error as Error).message.replace(file, '<file>');
      },
    );
  };

  it('refuses a foreign, corrupt, cut short or forged file with one sentence, before anything is written', async () => {
    dir = await tempDir('cedar-archive-');
    valid = await archive();
    expect(await attempt(valid)).toBe('read');
    const lines = zlib.gunzipSync(valid).toString();
    expect(await attempt('')).toMatch(/^<file> is not a Cedar Bluff backup \(not a gzip file/);
    expect(await attempt(Buffer.concat([valid.subarray(0, 20), Buffer.alloc(200, 7)]))).toMatch(
      /^<file> is damaged: it cannot be unpacked/,
    );
    expect(await attempt('name,email\nAda,ada@example.com\n')).toMatch(
      /^<file> is not a Cedar Bluff backup \(not a gzip file/,
    );
    expect(await attempt(zlib.gzipSync('{"hello":"world"}\n'))).toMatch(
      /^<file> is not a Cedar Bluff backup \(its first line/,
    );
    expect(await attempt(valid.subarray(0, valid.length - 30))).toMatch(/^<file> is cut short/);
    expect(await attempt(zlib.gzipSync(lines.split('\n').slice(0, -2).join('\n')))).toMatch(
      /^<file> is cut short: its last line/,
    );
    expect(await attempt(zlib.gzipSync(lines.replace('"Ada"', '"Eve"')))).toBe(
      '<file> is damaged: its checksum does not match its contents.',
    );
    expect(
      await attempt(forged((l) => [l[0]!.replace('"version":1', '"version":2'), ...l.slice(1)])),
    ).toBe('<file> is in backup format 2; this version reads format 1.');
    const file = (p: string) =>
      JSON.stringify({ type: 'file', path: p, size: 1, sha256: 'a'.repeat(64), base64: 'eA==' });
    for (const p of [
      '../../../etc/passwd',
      'packages/content/public/images/../../../../etc/passwd',
      '/etc/passwd',
      'apps/api/src/server.ts',
      'data/admins.db',
    ])
      expect(await attempt(forged((l) => [...l, file(p)]))).toMatch(
        /^<file> is damaged at line \d+: path: (must be a plain relative path|is not among the files a backup holds)/,
      );
    expect(
      await attempt(forged((l) => [...l, file('packages/content/public/images/x.jpg')])),
    ).toMatch(/x\.jpg does not match its sha256/);
    expect(
      await attempt(
        forged((l) => l.map((x) => x.replace('"firstName":"Ada"', '"firstName":{"$gt":""}'))),
      ),
    ).toMatch(/^<file> is damaged at line \d+: doc\.firstName:/);
    expect(
      await attempt(forged((l) => l.map((x) => x.replace('"status":"new"', '"status":"vip"')))),
    ).toMatch(/doc\.status/);
    expect(await attempt(forged((l) => l.filter((x) => !x.includes('"type":"inquiry"'))))).toBe(
      '<file> is damaged: it holds other entries than its header counts.',
    );
  });
});

describe('daily backups and retention', () => {
  /** The chores of an app whose environment has `env` on top (the app's own run without them). */
  const withEnv = async (env: Partial<Env>) => {
    const a = await testApp();
    await a.services.store.inquiries.create({ ...ADA, createdAt: a.clock.now() });
    const services = { ...a.services, env: { ...a.services.env, ...env } };
    return { a, maintenance: new Maintenance(services, a.app.log) };
  };

  it('writes a backup when the newest in BACKUP_DIR is a day old, keeping the BACKUP_KEEP newest and nothing else of its own', async () => {
    const dir = await tempDir('cedar-daily-');
    await fs.writeFile(path.join(dir, 'notes.txt'), 'the owner keeps this here');
    const { a, maintenance } = await withEnv({ BACKUP_DIR: dir, BACKUP_KEEP: 2 });
    const names = async () => (await fs.readdir(dir)).sort();
    const written = [a.clock.now()];
    expect(await maintenance.backupIfDue()).toBe(path.join(dir, backupFileName(written[0]!)));
    expect(await names()).toEqual([backupFileName(written[0]!), 'notes.txt']);
    // A backup holds the password hashes and every inquiry: only the server's user may read it.
    expect((await fs.stat(path.join(dir, backupFileName(written[0]!)))).mode & 0o777).toBe(0o600);
    a.clock.advance(23 * HOUR);
    expect(await maintenance.backupIfDue()).toBeNull();
    for (const step of [HOUR, 24 * HOUR, 24 * HOUR]) {
      a.clock.advance(step);
      written.push(a.clock.now());
      expect(await maintenance.backupIfDue()).toBe(path.join(dir, backupFileName(a.clock.now())));
    }
    expect(await names()).toEqual([...written.slice(-2).map(backupFileName), 'notes.txt']);
    const last = await readArchive(path.join(dir, backupFileName(written.at(-1)!)));
    expect(last.counts.inquiries).toBe(1);
  });

  it('deletes inquiries older than INQUIRY_RETENTION_DAYS and keeps the rest', async () => {
    const { a, maintenance } = await withEnv({ INQUIRY_RETENTION_DAYS: 30 });
    const { store } = a.services as { store: Store };
    const day = 24 * HOUR;
    for (const age of [45, 31, 29])
      await store.inquiries.create({
        firstName: `Age${age}`,
        lastName: 'Lane',
        email: 'x@example.com',
        phone: '1',
        preferredColor: 'black',
        createdAt: new Date(a.clock.now().getTime() - age * day),
      });
    expect(await maintenance.sweepOldInquiries()).toBe(2);
    expect((await store.inquiries.list()).map((i) => i.firstName)).toEqual(['Ada', 'Age29']);
  });
});
