import fs from 'node:fs/promises';
import path from 'node:path';
import {
  FAMILY_ROUTES,
  familyTokenSchema,
  NEWS_PHOTOS_DIR,
  newsPhotoNameSchema,
} from '@cedar/api-contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hashToken } from '../auth/sessions';
import { perAddressLimit } from '../lib/address-limit';
import { sendPage } from '../lib/site-page';
import { readLitters } from '../litters/litters-file';
import type { WaitlistEntryDoc } from '../store/documents';
import type { FamilyDeposit } from './deposit-section';
import { FAMILY_NOT_FOUND, familyPage } from './family-page';

/** Pages per minute from one address: a family reloading often, never a guesser's pace. */
const PAGE_LIMIT = 30;
/** Photos per minute from one address: a page's photos, loaded many times over. */
const PHOTO_LIMIT = 600;

/** Any text: the route answers a malformed token with the same 404 as an unknown one. */
const pageParams = z.object({ token: z.string() });
const photoParams = z.object({ token: z.string(), name: z.string() });

/** Headers of every family page and photo: never cached, indexed or leaked by a Referer. */
function privateHeaders(reply: FastifyReply) {
  return reply
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex, nofollow')
    .header('referrer-policy', 'no-referrer');
}

/** The one answer to every link that opens nothing. */
export const familyNotFound = (reply: FastifyReply) =>
  sendPage(privateHeaders(reply), FAMILY_NOT_FOUND, 404);

/**
 * The family's deposit as the page shows it. Issue 40's point 1 (deposits) replaces this with
 * the entry's own: the amount of their litter, whether paid, and whether Stripe can take it.
 */
async function depositOf(_app: FastifyInstance, _entry: WaitlistEntryDoc): Promise<FamilyDeposit> {
  return { status: 'none', payable: false };
}

/**
 * /family/<token>: a family's own page (issue 40), rendered per request, and its news photos.
 * The token is looked up by its sha256 (the store holds no token); an unknown, malformed or
 * revoked one, or one whose family left the lists, gets the same plain 404.
 */
export async function familyRoutes(app: FastifyInstance) {
  const { store, clock } = app;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  /** The family the token opens, with the lists as they are now; null when it opens nothing. */
  const familyOf = async (token: string) => {
    // Every token is hashed and looked up, well-formed or not: each answer takes the same steps.
    const link = await store.familyLinks.find(hashToken(token));
    if (!link || !familyTokenSchema.safeParse(token).success) return null;
    const doc = await store.waitlists.get();
    for (const list of doc.lists) {
      const index = list.entries.findIndex((e) => e.id === link.entryId);
      if (index >= 0) return { entry: list.entries[index]!, doc, key: list.key, place: index + 1 };
    }
    return null;
  };

  routes.get(
    FAMILY_ROUTES.familyPage.path,
    {
      schema: { params: pageParams },
      onRequest: perAddressLimit({
        max: PAGE_LIMIT,
        windowMs: 60_000,
        message: (s) => `Too many requests: try again in ${s} seconds`,
      }),
    },
    async (request, reply) => {
      const { token } = request.params;
      const found = await familyOf(token);
      if (!found) return familyNotFound(reply);
      const { entry, doc } = found;
      // Their places on every list (a family is on one list; should it ever be on more, each).
      const places = doc.lists.flatMap((l) => {
        const index = l.entries.findIndex((e) => e.inquiryId === entry.inquiryId);
        return index >= 0 ? [{ key: l.key, place: index + 1 }] : [];
      });
      const { litters } = await readLitters(app.files);
      const litter = litters.find((l) => l.id === found.key) ?? null;
      const updates = litter ? await store.litterUpdates.listFor(litter.id) : [];
      const page = familyPage({
        token,
        entry,
        places,
        litter,
        litters,
        updates,
        deposit: await depositOf(app, entry),
        now: clock(),
      });
      return sendPage(privateHeaders(reply), page);
    },
  );

  routes.get(
    FAMILY_ROUTES.familyPhoto.path,
    {
      schema: { params: photoParams },
      onRequest: perAddressLimit({
        max: PHOTO_LIMIT,
        windowMs: 60_000,
        message: (s) => `Too many requests: try again in ${s} seconds`,
      }),
    },
    async (request, reply) => {
      const { token, name } = request.params;
      const found = await familyOf(token);
      if (!found || !newsPhotoNameSchema.safeParse(name).success) return familyNotFound(reply);
      // Only a photo of their own litter's news.
      const updates = await store.litterUpdates.listFor(found.key);
      if (!updates.some((u) => u.photos.some((p) => p.name === name))) return familyNotFound(reply);
      const file = await fs
        .readFile(path.join(app.env.REPO_ROOT, NEWS_PHOTOS_DIR, name))
        .catch(() => null);
      if (!file) return familyNotFound(reply);
      return privateHeaders(reply).type('image/jpeg').send(file);
    },
  );
}
