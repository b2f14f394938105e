import formbody from '@fastify/formbody';
import { API_ROUTES } from '@cedar/api-contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../lib/http-errors';
import { sendPage, sitePage } from '../lib/site-page';
import { UNSUBSCRIBE_PATH, unsubscribeKey, validSignature } from './announcements';
import { markEntries } from './entry-marks';

const unsubscribeQuery = z.object({
  e: z.string().regex(/^[a-z0-9]{1,40}$/, 'e: not an entry of the waitlist'),
  s: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 's: not a signature'),
});

/**
 * What the POST may carry: nothing, or RFC 8058's one-click body `List-Unsubscribe=One-Click`
 * (a mail provider's, and the page's own button's).
 */
const unsubscribeBody = z
  .strictObject({
    'List-Unsubscribe': z.literal('One-Click', 'List-Unsubscribe: must be One-Click (RFC 8058)'),
  })
  .partial()
  .nullish();

const html = (reply: FastifyReply, title: string, body: string) =>
  sendPage(reply, sitePage({ title, body }));

/**
 * The unsubscribe link of an announcement (public, signed per family): the GET asks (a mail
 * scanner following links unsubscribes nobody), the POST records it, whether the page's button
 * (a form post) or a mail provider's one-click POST (RFC 8058) sends it. Unsubscribing twice
 * changes nothing; only the breeder puts a family back on the announcements.
 */
export async function unsubscribeRoutes(app: FastifyInstance) {
  const { store, clock } = app;
  // Forms post application/x-www-form-urlencoded: parsed here only, in this plugin's scope. RFC
  // 8058 lets a mail provider send multipart/form-data instead: read with the web's own FormData.
  // Nothing else is a form (415).
  await app.register(formbody, { bodyLimit: 1024 });
  app.removeContentTypeParser(['text/plain', 'application/json']);
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: 4096 },
    async (request: FastifyRequest, body: Buffer) => {
      try {
        const form = await new Response(new Uint8Array(body), {
          headers: { 'content-type': String(request.headers['content-type']) },
        }).formData();
        const fields: Record<string, string | string[]> = {};
        for (const [name, value] of form) {
          const text = typeof value === 'string' ? value : '';
          const had = fields[name];
          fields[name] = had === undefined ? text : [...[had].flat(), text];
        }
        return fields;
      } catch {
        throw new HttpError(400, 'bad_request', 'The body is not a multipart/form-data form');
      }
    },
  );
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
      return html(
        reply,
        'Stop the announcements?',
        `<p>You will get no more e-mails about new litters from Cedar Bluff Labradors. Your place on the waitlist stays.</p><form method="post" action="${action}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
      );
    },
  );

  routes.post(
    API_ROUTES.unsubscribe.path,
    { schema: { querystring: unsubscribeQuery, body: unsubscribeBody } },
    async (request, reply) => {
      await check(request.query);
      const entryId = request.query.e;
      const changed = await markEntries(
        store,
        clock,
        (e) => e.id === entryId,
        (e, now) => (e.unsubscribedAt ? null : { ...e, unsubscribedAt: now }),
      );
      if (changed > 0)
        request.log.info({ entry: entryId }, 'a family unsubscribed from the announcements');
      return html(
        reply,
        'You are unsubscribed',
        '<p>You will get no more announcements from us. Your place on the waitlist stays.</p><p>Changed your mind? Write to us and we will add you again.</p><p><a href="/">Back to the site</a></p>',
      );
    },
  );
}
