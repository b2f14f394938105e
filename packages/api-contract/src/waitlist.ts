import { z } from 'zod';
import { PREFERRED_COLOR_MAX } from './schemas';

/** The list of families waiting for no particular litter. */
export const GENERAL_LIST = 'general';

/** What a family wishes for: a sex, or either. */
export const WISH_SEXES = ['Male', 'Female', 'Either'] as const;
export const wishSexSchema = z.enum(WISH_SEXES, 'Choose Male, Female or Either');

const litterIdSchema = z.string().regex(/^[a-z0-9-]{1,80}$/, 'No such litter');
const puppyIdSchema = z.string().regex(/^[a-z0-9-]{1,40}$/, 'No such puppy');

/** One family on a list, in the list's order. */
export const waitlistEntrySchema = z.object({
  id: z.string(),
  inquiryId: z.string(),
  name: z.string(),
  email: z.string(),
  sex: wishSexSchema,
  /** The colour they wish for, as the inquiry said it; '' for none said. */
  color: z.string(),
  addedAt: z.iso.datetime(),
  /** The puppy of the litter reserved for them. */
  puppyId: z.string().optional(),
  /** They followed an announcement's unsubscribe link: no more announcements. */
  unsubscribed: z.boolean(),
  /** An announcement to them bounced (no such address): no more announcements until it is changed. */
  bounced: z.boolean(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;

/** One list: the general one (litterId null) or a litter's. */
export const waitlistListSchema = z.object({
  key: z.string(),
  litterId: z.string().nullable(),
  /** "the general list", "Ranger x Juniper's list" */
  name: z.string(),
  entries: z.array(waitlistEntrySchema),
});
export type WaitlistList = z.infer<typeof waitlistListSchema>;

/** `GET /api/admin/waitlist`: every list in order, and the version a change must name (If-Match). */
export const waitlistSchema = z.object({
  version: z.number().int().nonnegative(),
  lists: z.array(waitlistListSchema),
});
export type Waitlist = z.infer<typeof waitlistSchema>;

/** Puts a family (an inquiry) on a litter's list or, with `litterId: null`, on the general list. */
export const waitlistAddSchema = z.strictObject({
  inquiryId: z.string('Choose the inquiry').min(1).max(100),
  litterId: litterIdSchema.nullable(),
  /** Taken from the inquiry when not given. */
  sex: wishSexSchema.optional(),
  color: z.string().trim().max(PREFERRED_COLOR_MAX).optional(),
});
export type WaitlistAdd = z.infer<typeof waitlistAddSchema>;

/** A list's new order: every one of its entries' ids, each once. */
export const waitlistOrderSchema = z.strictObject({
  entryIds: z.array(z.string().min(1).max(100)).max(2000),
});
export type WaitlistOrder = z.infer<typeof waitlistOrderSchema>;

/** Reserves a puppy of the litter for the family, or (null) takes the reservation back. */
export const waitlistReserveSchema = z.strictObject({ puppyId: puppyIdSchema.nullable() });
export type WaitlistReserve = z.infer<typeof waitlistReserveSchema>;

export const ANNOUNCEMENT_LIMITS = { subject: 150, body: 10_000 } as const;

/** An announcement of a birth to a litter's list (and, if asked, the general list). */
export const announcementDraftSchema = z.strictObject({
  litterId: litterIdSchema,
  includeGeneral: z.boolean().default(false),
  subject: z
    .string('A subject is needed')
    .trim()
    .min(1, 'A subject is needed')
    .max(
      ANNOUNCEMENT_LIMITS.subject,
      `The subject fits in ${ANNOUNCEMENT_LIMITS.subject} characters`,
    ),
  body: z
    .string('The message is needed')
    .trim()
    .min(1, 'The message is needed')
    .max(ANNOUNCEMENT_LIMITS.body, `The message fits in ${ANNOUNCEMENT_LIMITS.body} characters`),
});
export type AnnouncementDraft = z.input<typeof announcementDraftSchema>;

/** The words the template's {placeholders} are replaced by, for each family. */
export const ANNOUNCEMENT_PLACEHOLDERS = ['name', 'litter', 'birthDate', 'puppies'] as const;

/** What would be sent: to whom, the first family's e-mail in full, who is left out and why. */
export const announcementPreviewSchema = z.object({
  recipients: z.array(z.object({ name: z.string(), email: z.string() })),
  skipped: z.array(z.object({ name: z.string(), email: z.string(), reason: z.string() })),
  sample: z.object({ to: z.string(), subject: z.string(), text: z.string() }).nullable(),
});
export type AnnouncementPreview = z.infer<typeof announcementPreviewSchema>;

export const announcementSchema = z.object({
  id: z.string(),
  litterId: z.string(),
  includeGeneral: z.boolean(),
  subject: z.string(),
  createdAt: z.iso.datetime(),
  createdBy: z.string(),
  recipients: z.number().int(),
  sent: z.number().int(),
  waiting: z.number().int(),
  failed: z.number().int(),
});
export type Announcement = z.infer<typeof announcementSchema>;
export const announcementListSchema = z.object({ announcements: z.array(announcementSchema) });

/** The template the owner starts from. */
export const DEFAULT_ANNOUNCEMENT = {
  subject: '{litter} puppies are here!',
  body: [
    'Dear {name},',
    '',
    'We are happy to tell you that the {litter} litter was born on {birthDate}: {puppies}.',
    'You are on our waitlist, and we will be in touch soon about the next steps.',
    '',
    'Warm wishes from all of us at Cedar Bluff Labradors',
  ].join('\n'),
} as const;
