import {
  FAMILY_PAGE_PREFIX,
  FAMILY_ROUTES,
  familyTokenSchema,
  newsPhotoNameSchema,
  newsPhotoQuerySchema,
} from '@cedar/api-contract';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hashToken } from '../auth/sessions';
import { depositOf as depositOfEntry } from '../deposits/deposits';
import { startDepositCheckout } from '../deposits/checkout';
import { perAddressLimit } from '../lib/address-limit';
import { HttpError } from '../lib/http-errors';
import { escapeHtml, sendPage, sitePage } from '../lib/site-page';
import { familyPagePolicy } from '../security-policy';
import { readLitters } from '../litters/litters-file';
import type { WaitlistEntryDoc } from '../store/documents';
import type { DepositReturn, FamilyDeposit } from './deposit-section';
import { FAMILY_NOT_FOUND, familyPage } from './family-page';
import { readNewsPhoto } from './news-photos';

/** Pages per minute from one address: a family reloading often, never a guesser's pace. */
const PAGE_LIMIT = 30;
/** Photos per minute from one address: a page's photos, loaded many times over. */
const PHOTO_LIMIT = 600;

/** Any text: the route answers a malformed token with the same 404 as an unknown one. */
const pageParams = z.object({ token: z.string() });
const photoParams = z.object({ token: z.string(), name: z.string() });
/** `?w=` any text too: a width that is not one of ours is the same 404; other keys are ignored. */
const photoQuery = z.object({ w: z.unknown().optional() });

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
 * The family's deposit as the page shows it (deposits/deposits.ts, decision 030): the amount of
 * their list, whether it is paid or refunded, and whether they can pay it here (Stripe set up).
 * The owner's private note on it never reaches the page.
 */
async function depositOf(app: FastifyInstance, entry: WaitlistEntryDoc): Promise<FamilyDeposit> {
  const deposit = await depositOfEntry(app, entry.id);
  if (deposit.state === 'paid')
    return {
      status: 'paid',
      cents: deposit.amountCents,
      at: deposit.paidAt ? new Date(deposit.paidAt) : undefined,
      payable: false,
    };
  if (deposit.state === 'refunded')
    return {
      status: 'refunded',
      cents: deposit.refundedCents ?? deposit.amountCents,
      at: deposit.refundedAt ? new Date(deposit.refundedAt) : undefined,
      payable: false,
    };
  return { status: 'none', cents: deposit.amountCents, payable: app.stripe !== null };
}

/** `?deposit=` when Stripe's payment page sends the family back; anything else is ignored. */
const pageQuery = z.object({ deposit: z.string().optional() });
const depositReturnOf = (value: string | undefined): DepositReturn | undefined =>
  value === 'paid' || value === 'cancelled' ? value : undefined;

/** Why the payment page could not be opened, on a page of the site's look with a way back. */
const cannotPayPage = (message: string, token: string) =>
  sitePage({
    title: 'The payment page could not be opened',
    body: `<p>${escapeHtml(message)}</p><p><a href="/family/${escapeHtml(token)}">Back to your page</a></p>`,
  });

/**
 * /family/<token>: a family's own page (issue 40), rendered per request, and its news photos.
 * The token is looked up by its sha256 (the store holds no token); an unknown, malformed or
 * revoked one, or one whose family left the lists, gets the same plain 404.
 */
export async function familyRoutes(app: FastifyInstance) {
  const { store, clock } = app;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const limit = (max: number) =>
    perAddressLimit({
      max,
      windowMs: 60_000,
      message: (s) => `Too many requests: try again in ${s} seconds`,
    });
  // One count for a family's page and its Pay button: a stranger guessing tokens gets 30 a minute
  // from one address, whichever of the two they try.
  const pageLimit = limit(PAGE_LIMIT);
  const photoLimit = limit(PHOTO_LIMIT);
  // The deposit button is a form post (the page has no script): parsed in this plugin's scope only.
  await app.register(formbody, { bodyLimit: 1024 });

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
      schema: { params: pageParams, querystring: pageQuery },
      onRequest: pageLimit,
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
        depositReturn: depositReturnOf(request.query.deposit),
        now: clock(),
      });
      // The Pay button's form post is answered with a redirect to Stripe Checkout.
      reply.helmet({ contentSecurityPolicy: familyPagePolicy(app.env.NODE_ENV === 'production') });
      return sendPage(privateHeaders(reply), page);
    },
  );

  routes.get(
    FAMILY_ROUTES.familyPhoto.path,
    {
      schema: { params: photoParams, querystring: photoQuery },
      onRequest: photoLimit,
    },
    async (request, reply) => {
      const { token, name } = request.params;
      const found = await familyOf(token);
      const query = newsPhotoQuerySchema.safeParse({ w: request.query.w });
      if (!found || !query.success || !newsPhotoNameSchema.safeParse(name).success)
        return familyNotFound(reply);
      // Only a photo of their own litter's news, as stored or (`?w=`) its display copy.
      const updates = await store.litterUpdates.listFor(found.key);
      if (!updates.some((u) => u.photos.some((p) => p.name === name))) return familyNotFound(reply);
      const file = await readNewsPhoto(app.env.REPO_ROOT, name, query.data.w);
      if (!file) return familyNotFound(reply);
      return privateHeaders(reply).type('image/jpeg').send(file);
    },
  );
  routes.post(
    FAMILY_ROUTES.familyDeposit.path,
    {
      schema: { params: pageParams },
      onRequest: pageLimit,
    },
    async (request, reply) => {
      const { token } = request.params;
      const found = await familyOf(token);
      if (!found) return familyNotFound(reply);
      try {
        const { url } = await startDepositCheckout(app, found.entry.id, 'family', {
          returnPath: `${FAMILY_PAGE_PREFIX}${token}`,
        });
        // The browser goes on to Stripe's own page: no card detail ever reaches this server.
        return privateHeaders(reply).redirect(url, 303);
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        // Stripe's own words never reach the family: the message is written for them
        // (deposits/checkout.ts), with Retry-After when Stripe asked to slow down.
        return sendPage(
          privateHeaders(reply).headers(error.headers),
          cannotPayPage(error.message, token),
          error.statusCode,
        );
      }
    },
  );
}
