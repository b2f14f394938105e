import { randomBytes } from 'node:crypto';
import { FAMILY_ROUTES, familyLinkRequestSchema, type FamilyLink } from '@cedar/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../lib/http-errors';
import { sortableId } from '../lib/ids';
import { securityEvent } from '../lib/security-log';
import { singleAddress } from '../notify/mail';
import type { Store } from '../store';
import type { AnnouncementMailDoc, WaitlistEntryDoc } from '../store/documents';
import { FAMILY_PAGE_PLACEHOLDER, familyLink, familyPageUrl } from './links';

const entryParams = z.strictObject({ id: z.string().regex(/^[a-z0-9]{1,40}$/) });

/** The family on a list with this entry id; 404 when none is (taken off, or never listed). */
async function listedEntry(store: Store, id: string): Promise<WaitlistEntryDoc> {
  const doc = await store.waitlists.get();
  for (const list of doc.lists) {
    const entry = list.entries.find((e) => e.id === id);
    if (entry) return entry;
  }
  throw new HttpError(404, 'unknown_entry', 'This family is not on a waitlist', { field: 'id' });
}

/** The e-mail that gives a family their page's link (filled in as it is sent). */
function linkMail(entry: WaitlistEntryDoc, now: Date): AnnouncementMailDoc {
  return {
    _id: `link-${sortableId(now)}${randomBytes(3).toString('hex')}:${entry.id}`,
    announcementId: 'family-link',
    entryId: entry.id,
    to: entry.email.trim(),
    subject: 'Your page at Cedar Bluff Labradors',
    text: [
      `Dear ${entry.name},`,
      '',
      'You now have a page of your own on our site: your place on the waitlist, your litter and',
      'its weekly news with photos, your puppy once reserved, and your deposit.',
      '',
      FAMILY_PAGE_PLACEHOLDER,
      '',
      'The link is yours alone: please keep it to yourself. If you lose it, write to us and we',
      'will send you a new one.',
      '',
      'Warm wishes from all of us at Cedar Bluff Labradors',
      '',
    ].join('\n'),
    state: 'pending',
    attempts: 0,
    nextAttemptAt: now,
  };
}

/**
 * The families' page links, from the Waitlist screen (inside /api/admin; waitlist work, so a
 * helper may do it): which families have one, the link itself (made when first asked for, to
 * copy or e-mail), a reissue that replaces it, and a revoke.
 */
export async function familyLinkRoutes(app: FastifyInstance) {
  const { store, env, clock } = app;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(FAMILY_ROUTES.familyLinks.path, { config: { role: 'helper' } }, async (_r, reply) => {
    const links = (await store.familyLinks.list()).map((l) => ({
      entryId: l.entryId,
      createdAt: l.createdAt.toISOString(),
    }));
    return reply.header('cache-control', 'no-store').send({ links });
  });

  routes.post(
    FAMILY_ROUTES.familyLink.path,
    { config: { role: 'helper' }, schema: { params: entryParams, body: familyLinkRequestSchema } },
    async (request, reply) => {
      const entry = await listedEntry(store, request.params.id);
      const username = request.admin!.username;
      const link = await familyLink(store, entry.id, {
        by: username,
        now: clock(),
        reissue: request.body.reissue,
      });
      if (link.created)
        securityEvent(request, 'family-link-issue', 'success', {
          username,
          entry: entry.id,
          reissue: request.body.reissue,
        });
      const answer: FamilyLink = {
        entryId: entry.id,
        url: link.token ? familyPageUrl(env.PUBLIC_URL, link.token) : null,
        createdAt: link.createdAt.toISOString(),
      };
      return reply
        .code(link.created ? 201 : 200)
        .header('cache-control', 'no-store')
        .send(answer);
    },
  );

  routes.post(
    FAMILY_ROUTES.emailFamilyLink.path,
    { config: { role: 'helper' }, schema: { params: entryParams } },
    async (request, reply) => {
      if (!app.outbox)
        throw new HttpError(
          409,
          'mail_off',
          'E-mail is not set up on this server (SMTP_URL, NOTIFY_EMAIL and MAIL_FROM): copy the link instead',
        );
      const entry = await listedEntry(store, request.params.id);
      if (!singleAddress(entry.email))
        throw new HttpError(422, 'no_address', `${entry.name} has no usable e-mail address`);
      if (entry.bouncedAt)
        throw new HttpError(
          422,
          'address_bounces',
          `E-mail to ${entry.email} bounces: copy the link and send it another way`,
        );
      const username = request.admin!.username;
      const now = clock();
      let link = await familyLink(store, entry.id, { by: username, now });
      // A link this server cannot show again (restored from elsewhere) is replaced to be sent.
      if (!link.token)
        link = await familyLink(store, entry.id, { by: username, now, reissue: true });
      if (link.created)
        securityEvent(request, 'family-link-issue', 'success', {
          username,
          entry: entry.id,
          reissue: false,
        });
      await store.announcements.queue([linkMail(entry, now)]);
      app.outbox.kick();
      securityEvent(request, 'family-link-email', 'success', {
        username,
        entry: entry.id,
        recipients: 1,
      });
      return reply
        .code(202)
        .header('cache-control', 'no-store')
        .send({ entryId: entry.id, createdAt: link.createdAt.toISOString() });
    },
  );

  routes.delete(
    FAMILY_ROUTES.revokeFamilyLink.path,
    { config: { role: 'helper' }, schema: { params: entryParams } },
    async (request, reply) => {
      const revoked = await store.familyLinks.revoke(request.params.id);
      if (!revoked)
        throw new HttpError(404, 'no_link', 'This family has no link to revoke', { field: 'id' });
      securityEvent(request, 'family-link-revoke', 'success', {
        username: request.admin!.username,
        entry: request.params.id,
      });
      return reply.code(204).send();
    },
  );
}
