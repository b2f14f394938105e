import { randomBytes } from 'node:crypto';
import {
  API_ROUTES,
  announcementDraftSchema,
  type Announcement,
  type AnnouncementPreview,
} from '@cedar/api-contract';
import type { Litter } from '@cedar/content';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { readLitters } from '../litters/litters-file';
import { securityEvent } from '../lib/security-log';
import { HttpError } from '../lib/http-errors';
import { sortableId } from '../lib/ids';
import { announcementMail, recipientsOf, unsubscribeKey, unsubscribeLink } from './announcements';

/** The litter announced: one of the data file's, born (its birth date a real date). */
async function bornLitter(app: FastifyInstance, litterId: string): Promise<Litter> {
  const { litters } = await readLitters(app.files);
  const litter = litters.find((l) => l.id === litterId);
  if (!litter) throw new HttpError(404, 'unknown_litter', 'No such litter', { field: 'litterId' });
  if (!/^\d{4}-\d{2}-\d{2}$/.test(litter.birthDate))
    throw new HttpError(
      422,
      'not_born',
      `${litter.name} is not born yet: give its birth date on the Litters screen first`,
      { field: 'litterId' },
    );
  return litter;
}

/**
 * Announcements of a birth to a litter's list (inside /api/admin): a preview of who gets what,
 * then one e-mail per family through the outbox, each at most once per announcement.
 */
export async function announcementRoutes(app: FastifyInstance) {
  const { store, env } = app;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const prepare = async (draft: z.output<typeof announcementDraftSchema>) => {
    const litter = await bornLitter(app, draft.litterId);
    const doc = await store.waitlists.get();
    const key = await unsubscribeKey(store);
    const { recipients, skipped } = recipientsOf(doc, draft.litterId, draft.includeGeneral);
    return { litter, recipients, skipped, key };
  };

  routes.get(
    API_ROUTES.announcements.path,
    { config: { role: 'helper' } },
    async (_request, reply) => {
      const announcements: Announcement[] = (await store.announcements.list()).map((a) => ({
        id: a._id,
        litterId: a.litterId,
        includeGeneral: a.includeGeneral,
        subject: a.subject,
        createdAt: new Date(a.createdAt).toISOString(),
        createdBy: a.createdBy,
        recipients: a.recipients,
        sent: a.states.sent,
        waiting: a.states.pending + a.states.sending,
        failed: a.states.failed,
      }));
      return reply.header('cache-control', 'no-store').send({ announcements });
    },
  );

  routes.post(
    API_ROUTES.previewAnnouncement.path,
    { config: { role: 'helper' }, schema: { body: announcementDraftSchema } },
    async (request) => {
      const { litter, recipients, skipped, key } = await prepare(request.body);
      const first = recipients[0];
      const sample = first
        ? announcementMail(
            'preview',
            first,
            litter,
            request.body,
            unsubscribeLink(env.PUBLIC_URL, key, first.id),
            app.clock(),
          )
        : null;
      const preview: AnnouncementPreview = {
        recipients: recipients.map((r) => ({ name: r.name, email: r.email })),
        skipped,
        sample: sample ? { to: sample.to, subject: sample.subject, text: sample.text } : null,
      };
      return preview;
    },
  );

  routes.post(
    API_ROUTES.sendAnnouncement.path,
    { config: { role: 'helper' }, schema: { body: announcementDraftSchema } },
    async (request, reply) => {
      if (!app.outbox)
        throw new HttpError(
          409,
          'mail_off',
          'E-mail is not set up on this server (SMTP_URL, NOTIFY_EMAIL and MAIL_FROM): nothing can be sent',
        );
      const { litter, recipients, key } = await prepare(request.body);
      if (recipients.length === 0)
        throw new HttpError(422, 'no_recipients', 'Nobody on the list can be written to');
      const now = app.clock();
      const id = `${sortableId(now)}${randomBytes(3).toString('hex')}`;
      const mails = recipients.map((entry) =>
        announcementMail(
          id,
          entry,
          litter,
          request.body,
          unsubscribeLink(env.PUBLIC_URL, key, entry.id),
          now,
        ),
      );
      await store.announcements.create(
        {
          _id: id,
          litterId: litter.id,
          includeGeneral: request.body.includeGeneral,
          subject: request.body.subject,
          body: request.body.body,
          createdAt: now,
          createdBy: request.admin!.username,
          recipients: mails.length,
        },
        mails,
      );
      app.outbox.kick();
      securityEvent(request, 'announcement-send', 'success', {
        username: request.admin?.username,
        litter: litter.id,
        recipients: mails.length,
      });
      return reply.code(201).send({ id, recipients: mails.length });
    },
  );
}
