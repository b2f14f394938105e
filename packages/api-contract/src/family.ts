// Issue 40: families' private pages and the weekly news of a litter.
import { z } from 'zod';

/** Where the photos of the litters' news are stored, from the repository root: never public. */
export const NEWS_PHOTOS_DIR = 'private/litter-news';

/** A family's page: `/family/<token>`, the token 32 random bytes in base64url (43 characters). */
export const FAMILY_PAGE_PREFIX = '/family/';
export const familyTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

export const NEWS_LIMITS = { note: 2000, photos: 12 } as const;

/** A news photo's name, as the server chose it at upload. */
export const newsPhotoNameSchema = z
  .string('Upload the photo first')
  .regex(/^[a-f0-9]{24}\.jpg$/, 'Upload the photo first');

/**
 * The widths a news photo is also served at, for display (`?w=` on its address): the family
 * page's grid shows it 9 to 15rem wide, so these cover phones' 2x and 3x screens; the address
 * without `w` is the photo as stored (up to 2,400 px), opened by a tap.
 */
export const NEWS_PHOTO_WIDTHS = [320, 640, 960] as const;
export type NewsPhotoWidth = (typeof NEWS_PHOTO_WIDTHS)[number];
/** `?w=` of a news photo's address: one of NEWS_PHOTO_WIDTHS, or none for the stored photo. */
export const newsPhotoQuerySchema = z.strictObject({
  // Written exactly as the page writes it ("640", not "0640" or "6.4e2"): one address per copy.
  w: z
    .string()
    .regex(
      new RegExp(`^(${NEWS_PHOTO_WIDTHS.join('|')})$`),
      `The width is one of ${NEWS_PHOTO_WIDTHS.join(', ')}`,
    )
    .transform((w) => Number(w) as NewsPhotoWidth)
    .optional(),
});

/** A news photo: its name (what a draft names) and its size; an upload answers one. */
export const newsPhotoSchema = z.object({
  name: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type NewsPhoto = z.infer<typeof newsPhotoSchema>;

/** What the owner posts or edits: a short note and up to 12 photos uploaded before. */
export const litterUpdateDraftSchema = z.strictObject({
  note: z
    .string('Write a short note')
    .trim()
    .min(1, 'Write a short note')
    .max(NEWS_LIMITS.note, `The note fits in ${NEWS_LIMITS.note} characters`),
  photos: z
    .array(newsPhotoNameSchema, 'The photos are a list')
    .max(NEWS_LIMITS.photos, `At most ${NEWS_LIMITS.photos} photos`)
    .refine((names) => new Set(names).size === names.length, 'A photo is there twice'),
});
export type LitterUpdateDraft = z.input<typeof litterUpdateDraftSchema>;

export const litterUpdateSchema = z.object({
  id: z.string(),
  litterId: z.string(),
  note: z.string(),
  photos: z.array(newsPhotoSchema),
  createdAt: z.iso.datetime(),
  createdBy: z.string(),
  updatedAt: z.iso.datetime().optional(),
});
export type LitterUpdate = z.infer<typeof litterUpdateSchema>;
export const litterUpdateListSchema = z.object({ updates: z.array(litterUpdateSchema) });

/** The answer to a post: the update, and how many families were e-mailed. */
export const litterUpdatePostedSchema = z.object({
  update: litterUpdateSchema,
  recipients: z.number().int(),
});

/** A family's link as the Waitlist screen shows it. */
export const familyLinkSchema = z.object({
  entryId: z.string(),
  /** The link itself; null when it can no longer be shown (a restore into a new store). */
  url: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type FamilyLink = z.infer<typeof familyLinkSchema>;
export const familyLinkListSchema = z.object({
  links: z.array(familyLinkSchema.omit({ url: true })),
});

/** Makes the family's link if they have none (`reissue`: replaces the one they have). */
export const familyLinkRequestSchema = z.strictObject({ reissue: z.boolean().default(false) });

export const FAMILY_ROUTES = {
  familyLinks: { method: 'GET', path: '/api/admin/family-links' },
  familyLink: { method: 'POST', path: '/api/admin/waitlist/entries/:id/link' },
  emailFamilyLink: { method: 'POST', path: '/api/admin/waitlist/entries/:id/link/email' },
  revokeFamilyLink: { method: 'DELETE', path: '/api/admin/waitlist/entries/:id/link' },
  litterNews: { method: 'GET', path: '/api/admin/litters/:id/news' },
  postLitterNews: { method: 'POST', path: '/api/admin/litters/:id/news' },
  editLitterNews: { method: 'PUT', path: '/api/admin/litter-news/:id' },
  removeLitterNews: { method: 'DELETE', path: '/api/admin/litter-news/:id' },
  uploadNewsPhoto: { method: 'POST', path: '/api/admin/litter-news-photos' },
  newsPhoto: { method: 'GET', path: '/api/admin/litter-news-photos/:name' },
  familyPage: { method: 'GET', path: '/family/:token' },
  familyPhoto: { method: 'GET', path: '/family/:token/photos/:name' },
  /** The page's "Pay the deposit" button (a form post): 303 to Stripe Checkout. */
  familyDeposit: { method: 'POST', path: '/family/:token/deposit' },
} as const;

export const familyLinkUrl = (entryId: string) =>
  `/api/admin/waitlist/entries/${encodeURIComponent(entryId)}/link`;
export const litterNewsUrl = (litterId: string) =>
  `/api/admin/litters/${encodeURIComponent(litterId)}/news`;
export const litterUpdateUrl = (id: string) => `/api/admin/litter-news/${encodeURIComponent(id)}`;
/** A news photo on the admin screens, as stored or (`width`) at a display width. */
export const newsPhotoUrl = (name: string, width?: NewsPhotoWidth) =>
  `/api/admin/litter-news-photos/${encodeURIComponent(name)}${width ? `?w=${width}` : ''}`;
