// The backup archive: one gzip'd file of JSON lines.
//
//   line 1      {"format":"cedar-bluff-backup","version":1,"createdAt":…,"store":…,"counts":{…}}
//   then        {"type":"admin","doc":{…}}       one per admin (password hash, never a session)
//               {"type":"inquiry","doc":{…}}     one per inquiry (status, note, delivery id, the
//                                                form's answers, and its e-mail: the outbox)
//               {"type":"revision","doc":{…}}    one per saved revision of a section file
//               {"type":"cursor","doc":{…}}      where the polling of each HubSpot form got to
//                                                (none in backups made before the poller)
//               {"type":"deposit","doc":{…}}     one per family's deposit (issue 40), with
//               {"type":"deposit-amount",…}      the amounts asked and
//               {"type":"stripe-event",…}        each Stripe event taken in (none in older backups)
//               {"type":"family-link","doc":{…}} a family's page link: its token's hash and the
//                                                token sealed with a key the backup lacks
//               {"type":"litter-update","doc":{…}} a litter's weekly news (its photos are files)
//               {"type":"file","path":…,"size":…,"sha256":…,"base64":…}   one per file
//   last line   {"type":"end","lines":N,"sha256":…}   N lines before it, and the sha256 of their
//                                                     bytes (newlines included)
//
// Documents are the store's own (ids kept), dates as ISO 8601. `zcat file | head -1` shows what
// a file holds. Reading checks everything before anything is written: the header, each line
// against its schema, each file's and each revision's sha256, the counts and the final checksum.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import {
  inquiryAnswerSchema,
  inquiryFormSchema,
  inquiryStatusSchema,
  revisionPathSchema,
} from '@cedar/api-contract';
import { z } from 'zod';
import type { StoreSnapshot } from '../store';
import { isBackedUpPath } from './backed-up-files';

const BACKUP_FORMAT = 'cedar-bluff-backup';
const BACKUP_VERSION = 1;

export interface BackupFile {
  /** From the repository root, `/`-separated. */
  path: string;
  content: Buffer;
}

export interface BackupContents {
  createdAt: Date;
  store: 'embedded' | 'mongodb';
  snapshot: StoreSnapshot;
  files: BackupFile[];
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

const date = z.iso.datetime().transform((s) => new Date(s));
const text = z.string().max(1_000_000);
const hex64 = z.string().regex(/^[a-f0-9]{64}$/);

const counts = z.strictObject({
  admins: z.number().int().nonnegative(),
  inquiries: z.number().int().nonnegative(),
  revisions: z.number().int().nonnegative(),
  /** Absent from backups made before the HubSpot poller: none. */
  cursors: z.number().int().nonnegative().optional(),
  /** Absent from backups made before the waitlists: none. */
  waitlists: z.number().int().nonnegative().optional(),
  announcements: z.number().int().nonnegative().optional(),
  announcementMails: z.number().int().nonnegative().optional(),
  /** Absent from backups made before passkeys and one-time codes: none. */
  passkeys: z.number().int().nonnegative().optional(),
  factors: z.number().int().nonnegative().optional(),
  /** Absent from backups made before the audit log (issue 39): none. */
  audit: z.number().int().nonnegative().optional(),
  /** Absent from backups made before deposits (issue 40): none. */
  deposits: z.number().int().nonnegative().optional(),
  depositAmounts: z.number().int().nonnegative().optional(),
  stripeEvents: z.number().int().nonnegative().optional(),
  /** Absent from backups made before family pages and litter news (issue 40): none. */
  familyLinks: z.number().int().nonnegative().optional(),
  litterUpdates: z.number().int().nonnegative().optional(),
  files: z.number().int().nonnegative(),
});
export type BackupCounts = z.infer<typeof counts>;

const header = z.strictObject({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  createdAt: date,
  store: z.enum(['embedded', 'mongodb']),
  counts,
});

/** A relative path without `.`, `..` or empty parts, inside what a backup may hold. */
const filePath = z
  .string()
  .max(1000)
  .refine(
    (p) => p.split('/').every((part) => part !== '' && part !== '.' && part !== '..'),
    'must be a plain relative path',
  )
  .refine((p) => !p.includes('\\') && !p.includes('\0'), 'must be a plain relative path')
  .refine(isBackedUpPath, 'is not among the files a backup holds');

// Issue 40: a deposit, an amount asked, a Stripe event taken in.
const cents = z.number().int().nonnegative().max(100_000_000);
const depositMethod = z.enum(['card', 'cash', 'cheque', 'bank-transfer']);
const depositEntries = [
  z.strictObject({
    type: z.literal('deposit'),
    doc: z.strictObject({
      _id: text,
      version: z.number().int().positive(),
      inquiryId: text,
      state: z.enum(['none', 'awaiting', 'paid', 'refunded']),
      amountCents: cents,
      method: depositMethod.optional(),
      paidAt: date.optional(),
      refundedCents: cents.optional(),
      refundedAt: date.optional(),
      note: text.optional(),
      checkoutSessionId: text.optional(),
      checkoutUrl: text.optional(),
      checkoutExpiresAt: date.optional(),
      paymentIntentId: text.optional(),
      refunds: z.number().int().nonnegative().optional(),
      history: z
        .array(
          z.strictObject({
            at: date,
            what: z.enum([
              'checkout',
              'paid',
              'refunded',
              'partly-refunded',
              'undone',
              'second-payment',
            ]),
            amountCents: cents.optional(),
            method: depositMethod.optional(),
            by: text.optional(),
            note: text.optional(),
          }),
        )
        .max(1000),
      updatedAt: date,
    }),
  }),
  z.strictObject({
    type: z.literal('deposit-amount'),
    doc: z.strictObject({
      _id: z.string().regex(/^(default|litter:[a-z0-9-]{1,80})$/),
      amountCents: cents,
      updatedAt: date,
      updatedBy: text,
    }),
  }),
  z.strictObject({
    type: z.literal('stripe-event'),
    doc: z.strictObject({
      _id: text,
      type: text,
      created: z.number().int().nonnegative(),
      state: z.enum(['processing', 'done']),
      claimedAt: date,
      outcome: text.optional(),
      entryId: text.optional(),
      paymentIntentId: text.optional(),
      amountCents: cents.optional(),
      refundedCents: cents.optional(),
      fullyRefunded: z.boolean().optional(),
      reference: text.optional(),
    }),
  }),
] as const;

const entry = z.discriminatedUnion('type', [
  ...depositEntries,
  z.strictObject({
    type: z.literal('admin'),
    doc: z.strictObject({
      _id: text,
      username: text,
      passwordHash: text,
      createdAt: date,
      updatedAt: date,
      // Issue 39; absent from older backups (the store makes those owners, active).
      role: z.enum(['owner', 'helper']).optional(),
      status: z.enum(['active', 'suspended']).optional(),
      email: text.optional(),
      lastSignInAt: date.optional(),
    }),
  }),
  z.strictObject({
    type: z.literal('audit'),
    doc: z.strictObject({
      _id: text,
      at: date,
      username: text.nullable(),
      ip: text.nullable(),
      userAgent: text.nullable(),
      action: text,
      target: text.optional(),
      outcome: z.enum(['success', 'failure', 'locked', 'refused']),
      details: z.record(z.string().max(100), z.union([text, z.number(), z.boolean()])).optional(),
      expiresAt: date,
    }),
  }),
  z.strictObject({
    type: z.literal('inquiry'),
    doc: z.strictObject({
      _id: text,
      deliveryId: text.optional(),
      firstName: text,
      lastName: text,
      email: text,
      phone: text,
      preferredColor: text,
      message: text.optional(),
      createdAt: date,
      status: inquiryStatusSchema,
      note: text.optional(),
      updatedAt: date.optional(),
      answers: z.array(inquiryAnswerSchema).max(1000).optional(),
      form: inquiryFormSchema.optional(),
      receivedAt: date.optional(),
      emailInvalid: z.boolean().optional(),
      emailBouncedAt: date.optional(),
      emailBounce: text.optional(),
      mail: z
        .strictObject({
          state: z.enum(['pending', 'sending', 'sent', 'failed']),
          attempts: z.number().int().nonnegative(),
          nextAttemptAt: date,
          claimId: text.optional(),
          lastError: text.optional(),
          sentAt: date.optional(),
          failedAt: date.optional(),
        })
        .optional(),
    }),
  }),
  z.strictObject({
    type: z.literal('cursor'),
    doc: z.strictObject({
      _id: text,
      newestAt: z.number().int().nonnegative().nullable(),
      seen: z.array(z.strictObject({ id: text, at: z.number().int().nonnegative() })).max(100_000),
      updatedAt: date,
    }),
  }),
  z.strictObject({
    type: z.literal('waitlist'),
    doc: z.strictObject({
      _id: z.literal('waitlists'),
      version: z.number().int().nonnegative(),
      lists: z
        .array(
          z.strictObject({
            key: text,
            entries: z
              .array(
                z.strictObject({
                  id: text,
                  inquiryId: text,
                  name: text,
                  email: text,
                  sex: z.enum(['Male', 'Female', 'Either']),
                  color: text,
                  addedAt: date,
                  puppyId: text.optional(),
                  unsubscribedAt: date.optional(),
                  bouncedAt: date.optional(),
                  bounce: text.optional(),
                }),
              )
              .max(100_000),
          }),
        )
        .max(10_000),
      updatedAt: date,
    }),
  }),
  z.strictObject({
    type: z.literal('announcement'),
    doc: z.strictObject({
      _id: text,
      litterId: text,
      includeGeneral: z.boolean(),
      subject: text,
      body: text,
      createdAt: date,
      createdBy: text,
      recipients: z.number().int().nonnegative(),
    }),
  }),
  z.strictObject({
    type: z.literal('announcement-mail'),
    doc: z.strictObject({
      _id: text,
      announcementId: text,
      entryId: text,
      to: text,
      unsubscribeUrl: text.optional(),
      subject: text,
      text,
      state: z.enum(['pending', 'sending', 'sent', 'failed']),
      attempts: z.number().int().nonnegative(),
      nextAttemptAt: date,
      claimId: text.optional(),
      sentAt: date.optional(),
      failedAt: date.optional(),
      lastError: text.optional(),
    }),
  }),
  // ---- Issue 40: families' links (the token's hash and its sealed copy, never the token) ----
  z.strictObject({
    type: z.literal('family-link'),
    doc: z.strictObject({
      _id: hex64,
      entryId: text,
      sealed: z.string().regex(/^[A-Za-z0-9_-]{1,200}$/),
      createdAt: date,
      createdBy: text,
    }),
  }),
  z.strictObject({
    type: z.literal('litter-update'),
    doc: z.strictObject({
      _id: text,
      litterId: text,
      note: text,
      photos: z
        .array(
          z.strictObject({
            name: z.string().regex(/^[a-f0-9]{24}\.jpg$/),
            width: z.number().int().positive(),
            height: z.number().int().positive(),
          }),
        )
        .max(100),
      createdAt: date,
      createdBy: text,
      updatedAt: date.optional(),
      updatedBy: text.optional(),
    }),
  }),
  // ---- Sign-in factors (account data, like the password hash; challenges are never backed up) ----
  z.strictObject({
    type: z.literal('passkey'),
    doc: z.strictObject({
      _id: z.string().regex(/^[A-Za-z0-9_-]{1,1400}$/),
      username: text,
      publicKey: z.string().regex(/^[A-Za-z0-9_-]{1,2000}$/),
      counter: z.number().int().nonnegative(),
      transports: z.array(z.string().max(32)).max(16),
      deviceType: z.enum(['singleDevice', 'multiDevice']),
      backedUp: z.boolean(),
      name: z.string().max(100),
      createdAt: date,
      lastUsedAt: date.optional(),
    }),
  }),
  z.strictObject({
    type: z.literal('factor'),
    doc: z.strictObject({
      _id: text,
      webauthnUserId: z
        .string()
        .regex(/^[A-Za-z0-9_-]{1,128}$/)
        .optional(),
      totp: z
        .strictObject({
          secret: z.string().regex(/^[A-Z2-7]{16,128}$/),
          enabledAt: date,
          lastStep: z.number().int().nonnegative(),
        })
        .optional(),
      pendingTotp: z
        .strictObject({ secret: z.string().regex(/^[A-Z2-7]{16,128}$/), createdAt: date })
        .optional(),
      recoveryCodes: z.array(hex64).max(100).optional(),
    }),
  }),
  z.strictObject({
    type: z.literal('revision'),
    doc: z
      .strictObject({
        _id: text,
        path: revisionPathSchema,
        savedAt: date,
        savedBy: text,
        sha256: hex64,
        size: z.number().int().nonnegative(),
        content: text,
      })
      .refine((r) => sha256(r.content) === r.sha256, 'its content does not match its sha256'),
  }),
  z.strictObject({
    type: z.literal('file'),
    path: filePath,
    size: z.number().int().nonnegative(),
    sha256: hex64,
    base64: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/),
  }),
]);

const end = z.strictObject({
  type: z.literal('end'),
  lines: z.number().int().nonnegative(),
  sha256: hex64,
});

/** The archive of `contents` as a gzip stream. */
export function archiveStream(contents: BackupContents): Readable {
  const { snapshot, files } = contents;
  function* lines() {
    const hash = createHash('sha256');
    let count = 0;
    const line = (value: unknown) => {
      const json = `${JSON.stringify(value)}\n`;
      hash.update(json);
      count += 1;
      return json;
    };
    yield line({
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: contents.createdAt,
      store: contents.store,
      counts: {
        admins: snapshot.admins.length,
        inquiries: snapshot.inquiries.length,
        revisions: snapshot.revisions.length,
        cursors: snapshot.cursors.length,
        waitlists: snapshot.waitlists?.length ?? 0,
        announcements: snapshot.announcements?.length ?? 0,
        announcementMails: snapshot.announcementMails?.length ?? 0,
        passkeys: snapshot.passkeys?.length ?? 0,
        factors: snapshot.factors?.length ?? 0,
        audit: snapshot.audit?.length ?? 0,
        deposits: snapshot.deposits?.length ?? 0,
        depositAmounts: snapshot.depositAmounts?.length ?? 0,
        stripeEvents: snapshot.stripeEvents?.length ?? 0,
        familyLinks: snapshot.familyLinks?.length ?? 0,
        litterUpdates: snapshot.litterUpdates?.length ?? 0,
        files: files.length,
      },
    });
    for (const doc of snapshot.admins) yield line({ type: 'admin', doc });
    for (const doc of snapshot.inquiries) yield line({ type: 'inquiry', doc });
    for (const doc of snapshot.revisions) yield line({ type: 'revision', doc });
    for (const doc of snapshot.cursors) yield line({ type: 'cursor', doc });
    for (const doc of snapshot.waitlists ?? []) yield line({ type: 'waitlist', doc });
    for (const doc of snapshot.announcements ?? []) yield line({ type: 'announcement', doc });
    for (const doc of snapshot.audit ?? []) yield line({ type: 'audit', doc });
    for (const doc of snapshot.announcementMails ?? [])
      yield line({ type: 'announcement-mail', doc });
    for (const doc of snapshot.passkeys ?? []) yield line({ type: 'passkey', doc });
    for (const doc of snapshot.factors ?? []) yield line({ type: 'factor', doc });
    for (const doc of snapshot.deposits ?? []) yield line({ type: 'deposit', doc });
    for (const doc of snapshot.depositAmounts ?? []) yield line({ type: 'deposit-amount', doc });
    for (const doc of snapshot.stripeEvents ?? []) yield line({ type: 'stripe-event', doc });
    for (const doc of snapshot.familyLinks ?? []) yield line({ type: 'family-link', doc });
    for (const doc of snapshot.litterUpdates ?? []) yield line({ type: 'litter-update', doc });
    for (const file of files)
      yield line({
        type: 'file',
        path: file.path,
        size: file.content.length,
        sha256: sha256(file.content),
        base64: file.content.toString('base64'),
      });
    yield `${JSON.stringify({ type: 'end', lines: count, sha256: hash.digest('hex') })}\n`;
  }
  return Readable.from(lines(), { objectMode: false }).pipe(zlib.createGzip());
}

/** A backup that cannot be read, said in one sentence for the operator. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

const where = (issues: z.core.$ZodIssue[]) =>
  issues.map((i) => `${i.path.join('.') || 'line'}: ${i.message}`).join('; ');

/** Reads and checks a whole archive; throws a BackupError naming what is wrong and where. */
export async function readArchive(
  file: string,
): Promise<BackupContents & { counts: BackupCounts }> {
  let raw: Buffer;
  try {
    raw = await fs.readFile(file);
  } catch (error) {
    throw new BackupError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  if (raw.length < 2 || raw[0] !== 0x1f || raw[1] !== 0x8b)
    throw new BackupError(`${file} is not a Cedar Bluff backup (not a gzip file).`);
  let textContent: string;
  try {
    textContent = new TextDecoder('utf-8', { fatal: true }).decode(zlib.gunzipSync(raw));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new BackupError(
      code === 'Z_BUF_ERROR'
        ? `${file} is cut short: the backup was not written to the end.`
        : `${file} is damaged: it cannot be unpacked as gzip or is not UTF-8 text.`,
    );
  }
  const lines = textContent.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const parse = (index: number) => {
    try {
      return JSON.parse(lines[index]!) as unknown;
    } catch {
      throw new BackupError(`${file} is damaged: line ${index + 1} is not JSON.`);
    }
  };

  const first = header.safeParse(parse(0));
  if (!first.success) {
    const value = parse(0) as { format?: unknown; version?: unknown } | null;
    if (value?.format === BACKUP_FORMAT && value.version !== BACKUP_VERSION)
      throw new BackupError(
        `${file} is in backup format ${String(value.version)}; this version reads format ${BACKUP_VERSION}.`,
      );
    throw new BackupError(
      `${file} is not a Cedar Bluff backup (its first line is not one's header).`,
    );
  }
  const last = end.safeParse(lines.length > 1 ? parse(lines.length - 1) : null);
  if (!last.success)
    throw new BackupError(`${file} is cut short: its last line is not the end of a backup.`);
  const hash = createHash('sha256');
  for (let i = 0; i < lines.length - 1; i++) hash.update(`${lines[i]}\n`);
  if (last.data.lines !== lines.length - 1 || last.data.sha256 !== hash.digest('hex'))
    throw new BackupError(`${file} is damaged: its checksum does not match its contents.`);

  const contents: BackupContents = {
    createdAt: first.data.createdAt,
    store: first.data.store,
    snapshot: {
      admins: [],
      inquiries: [],
      revisions: [],
      cursors: [],
      waitlists: [],
      announcements: [],
      announcementMails: [],
      passkeys: [],
      factors: [],
      audit: [],
      deposits: [],
      depositAmounts: [],
      stripeEvents: [],
      familyLinks: [],
      litterUpdates: [],
    },
    files: [],
  };
  for (let i = 1; i < lines.length - 1; i++) {
    const parsed = entry.safeParse(parse(i));
    if (!parsed.success)
      throw new BackupError(`${file} is damaged at line ${i + 1}: ${where(parsed.error.issues)}.`);
    const item = parsed.data;
    if (item.type === 'admin') contents.snapshot.admins.push(item.doc);
    else if (item.type === 'inquiry') contents.snapshot.inquiries.push(item.doc);
    else if (item.type === 'revision') contents.snapshot.revisions.push(item.doc);
    else if (item.type === 'cursor') contents.snapshot.cursors.push(item.doc);
    else if (item.type === 'waitlist') contents.snapshot.waitlists!.push(item.doc);
    else if (item.type === 'announcement') contents.snapshot.announcements!.push(item.doc);
    else if (item.type === 'announcement-mail') contents.snapshot.announcementMails!.push(item.doc);
    else if (item.type === 'passkey') contents.snapshot.passkeys!.push(item.doc);
    else if (item.type === 'factor') contents.snapshot.factors!.push(item.doc);
    else if (item.type === 'audit') contents.snapshot.audit!.push(item.doc);
    else if (item.type === 'deposit') contents.snapshot.deposits!.push(item.doc);
    else if (item.type === 'deposit-amount') contents.snapshot.depositAmounts!.push(item.doc);
    else if (item.type === 'stripe-event') contents.snapshot.stripeEvents!.push(item.doc);
    else if (item.type === 'family-link') contents.snapshot.familyLinks!.push(item.doc);
    else if (item.type === 'litter-update') contents.snapshot.litterUpdates!.push(item.doc);
    else {
      const content = Buffer.from(item.base64, 'base64');
      if (content.length !== item.size || sha256(content) !== item.sha256)
        throw new BackupError(
          `${file} is damaged at line ${i + 1}: ${item.path} does not match its sha256.`,
        );
      contents.files.push({ path: item.path, content });
    }
  }
  const found: BackupCounts = {
    admins: contents.snapshot.admins.length,
    inquiries: contents.snapshot.inquiries.length,
    revisions: contents.snapshot.revisions.length,
    cursors: contents.snapshot.cursors.length,
    waitlists: contents.snapshot.waitlists!.length,
    announcements: contents.snapshot.announcements!.length,
    announcementMails: contents.snapshot.announcementMails!.length,
    passkeys: contents.snapshot.passkeys!.length,
    factors: contents.snapshot.factors!.length,
    audit: contents.snapshot.audit!.length,
    deposits: contents.snapshot.deposits!.length,
    depositAmounts: contents.snapshot.depositAmounts!.length,
    stripeEvents: contents.snapshot.stripeEvents!.length,
    familyLinks: contents.snapshot.familyLinks!.length,
    litterUpdates: contents.snapshot.litterUpdates!.length,
    files: contents.files.length,
  };
  const told: BackupCounts = {
    ...first.data.counts,
    cursors: first.data.counts.cursors ?? 0,
    waitlists: first.data.counts.waitlists ?? 0,
    announcements: first.data.counts.announcements ?? 0,
    announcementMails: first.data.counts.announcementMails ?? 0,
    passkeys: first.data.counts.passkeys ?? 0,
    factors: first.data.counts.factors ?? 0,
    audit: first.data.counts.audit ?? 0,
    deposits: first.data.counts.deposits ?? 0,
    depositAmounts: first.data.counts.depositAmounts ?? 0,
    stripeEvents: first.data.counts.stripeEvents ?? 0,
    familyLinks: first.data.counts.familyLinks ?? 0,
    litterUpdates: first.data.counts.litterUpdates ?? 0,
  };
  if ((Object.keys(found) as (keyof BackupCounts)[]).some((key) => found[key] !== told[key]))
    throw new BackupError(`${file} is damaged: it holds other entries than its header counts.`);
  return { ...contents, counts: found };
}
