import {
  API_ROUTES,
  INQUIRY_NEWS_LIMIT,
  type IntakeStatus,
  inquiryNewsQuerySchema,
  inquiryNewsSchema,
  intakeStatusSchema,
} from '@cedar/api-contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../lib/http-errors';
import { ID_PATTERN } from '../lib/ids';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/**
 * The live inbox asks from a little before the time it was last told: an inquiry whose write
 * began before that time but ended after it is not missed. It drops the ones it already lists.
 */
export const NEWS_OVERLAP_MS = 60_000;
/** How many e-mails given up on the dashboard lists. */
const FAILED_SHOWN = 20;

/** The live inbox's news, how inquiries come in and go out, and a failed e-mail sent again. */
export async function intakeRoutes(app: FastifyInstance) {
  const { store, clock, hubspot, mail, outbox, env } = app;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    API_ROUTES.inquiryNews.path,
    {
      config: { role: 'helper' },
      schema: { querystring: inquiryNewsQuerySchema, response: { 200: inquiryNewsSchema } },
    },
    async (request, reply) => {
      const { since, ...filter } = request.query;
      const asOf = clock();
      const from = new Date(Math.min(Date.parse(since), asOf.getTime()) - NEWS_OVERLAP_MS);
      const news = await store.inquiries.arrivedSince(filter, from, INQUIRY_NEWS_LIMIT);
      reply.header('cache-control', 'no-store');
      return { ...news, asOf: asOf.toISOString() };
    },
  );

  routes.get(
    API_ROUTES.intakeStatus.path,
    { config: { role: 'helper' }, schema: { response: { 200: intakeStatusSchema } } },
    async (_request, reply): Promise<IntakeStatus> => {
      const poller = hubspot?.status();
      const outboxNow = mail ? await store.outbox.summary(FAILED_SHOWN) : null;
      reply.header('cache-control', 'no-store');
      return {
        hubspot: {
          state: poller?.state ?? 'off',
          problem: poller?.problem ?? null,
          lastSuccessAt: poller?.lastSuccessAt?.toISOString() ?? null,
          intervalMs: env.HUBSPOT_POLL_INTERVAL,
        },
        mail: {
          state: mail ? 'on' : 'off',
          to: mail ? mail.to.join(', ') : null,
          problem: outbox?.status().problem ?? null,
          pending: outboxNow?.pending ?? 0,
          failed: (outboxNow?.failed ?? []).map((f) => ({
            ...f,
            failedAt: f.failedAt.toISOString(),
          })),
        },
      };
    },
  );

  routes.post(
    API_ROUTES.retryMail.path,
    {
      config: { role: 'helper' },
      schema: {
        params: z.strictObject({ id: z.string().regex(ID_PATTERN) }),
        response: { 200: z.object({ queued: z.literal(true) }) },
      },
    },
    async (request) => {
      if (!outbox)
        throw new HttpError(
          409,
          'mail_off',
          'E-mail to the owner is off: set SMTP_URL, NOTIFY_EMAIL and MAIL_FROM.',
        );
      const result = await store.outbox.requeue(request.params.id, clock());
      if (result === 'no-inquiry') throw new HttpError(404, 'not_found', 'No such inquiry');
      if (result === 'not-failed')
        throw new HttpError(409, 'conflict', 'The e-mail about this inquiry has not failed');
      outbox.kick();
      return { queued: true as const };
    },
  );
}
