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
import { z } from 'zod';
import { readLitters } from '../litters/litters-file';
import { HttpError } from '../lib/http-errors';
import { sortableId } from '../lib/ids';
import {
  announcementMail,
  recipientsOf,
  unsubscribeKey,
  unsubscribeLink,
  UNSUBSCRIBE_PATH,
  validSignature,
} from './announcements';

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

  routes.get(API_ROUTES.announcements.path, async (_request, reply) => {
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
  });

  routes.post(
    API_ROUTES.previewAnnouncement.path,
    { schema: { body: announcementDraftSchema } },
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
    { schema: { body: announcementDraftSchema } },
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
      return reply.code(201).send({ id, recipients: mails.length });
    },
  );
}

const unsubscribeQuery = z.object({
  e: z.string().regex(/^[a-z0-9]{1,40}$/),
  s: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/),
});

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body style="font-family: sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5"><h1>${title}</h1>${body}</body></html>`;

/**
 * The unsubscribe link of an announcement (public, signed per family): the GET asks (a mail
 * scanner following links unsubscribes nobody), the POST records it.
 */
export async function unsubscribeRoutes(app: FastifyInstance) {
  const { store } = app;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const check = async (query: z.infer<typeof unsubscribeQuery>) => {
    if (!validSignature(await unsubscribeKey(store), query.e, query.s))
      throw new HttpError(403, 'forbidden', 'This unsubscribe link is not valid');
  };

  routes.get(
    API_ROUTES.unsubscribePage.path,
    { schema: { querystring: unsubscribeQuery } },
    async (request, reply) => {
      await check(request.query);
      const action = `${UNSUBSCRIBE_PATH}?e=${request.query.e}&s=${request.query.s}`;
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          page(
            'Stop the announcements?',
            `<p>You will get no more e-mails about new litters from Cedar Bluff Labradors. Your place on the waitlist stays.</p><form method="post" action="${action}"><button type="submit">Unsubscribe</button></form>`,
          ),
        );
    },
  );

  routes.post(
    API_ROUTES.unsubscribe.path,
    { schema: { querystring: unsubscribeQuery } },
    async (request, reply) => {
      await check(request.query);
      const entryId = request.query.e;
      // Recorded on the family's entry, over any change made at the same moment.
      for (let attempt = 0; attempt < 5; attempt++) {
        const doc = await store.waitlists.get();
        const listed = doc.lists.some((l) =>
          l.entries.some((e) => e.id === entryId && !e.unsubscribedAt),
        );
        if (!listed) break;
        const now = app.clock();
        const lists = doc.lists.map((l) => ({
          ...l,
          entries: l.entries.map((e) => (e.id === entryId ? { ...e, unsubscribedAt: now } : e)),
        }));
        if (await store.waitlists.replace(lists, doc.version, now)) break;
      }
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(page('You are unsubscribed', '<p>You will get no more announcements from us.</p>'));
    },
  );
}
