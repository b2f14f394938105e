import { API_ROUTES } from '@cedar/api-contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { perAddressLimit } from '../lib/address-limit';
import { HttpError } from '../lib/http-errors';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { verifyHubSpotRequest } from './hubspot/signature';
import { readWebhookBody } from './hubspot/webhook-body';

/** A contact object with every property and its history runs to tens of kilobytes. */
const HUBSPOT_BODY_LIMIT = 512 * 1024;
/**
 * Deliveries a minute from one address. A workflow enrolling an imported list sends one webhook
 * per contact as fast as HubSpot's webhook queue goes: 10 a second per address takes a burst of
 * a few hundred in a minute or two. Over it, 429 with Retry-After in milliseconds, which
 * HubSpot's workflows honour (the one 4xx they retry, for up to three days): nothing is lost.
 */
export const HUBSPOT_RATE_LIMIT = 600;

/**
 * HubSpot's signed workflow webhook (Operations Hub, a paid tier): POST /api/inquiries/hubspot.
 * Only with HUBSPOT_CLIENT_SECRET; without it the address does not exist (404). Every refusal is
 * a 4xx, which HubSpot's workflows do not retry, but for the 429 of the rate limit, which they
 * retry after its Retry-After (in milliseconds); a stored or repeated delivery is 201 or 200.
 */
export async function hubspotRoutes(app: FastifyInstance) {
  const { env, intake, clock } = app;
  const secret = env.HUBSPOT_CLIENT_SECRET;
  if (!secret) return;
  // During a rotation, requests signed with the previous secret hold too.
  const secrets = [
    secret,
    ...(env.HUBSPOT_CLIENT_SECRET_PREVIOUS ? [env.HUBSPOT_CLIENT_SECRET_PREVIOUS] : []),
  ];
  // A body that names no submission cannot be matched with what the poller reads: said once.
  let unnamedSaid = false;

  // The signature covers the exact bytes sent: the body is kept raw until it holds.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.withTypeProvider<ZodTypeProvider>().post(
    API_ROUTES.hubspotWebhook.path,
    {
      bodyLimit: HUBSPOT_BODY_LIMIT,
      onRequest: perAddressLimit({
        max: HUBSPOT_RATE_LIMIT,
        windowMs: 60_000,
        now: () => clock().getTime(),
        message: (seconds) => `Too many deliveries. Try again in ${seconds} seconds.`,
        retryAfterUnit: 'milliseconds',
      }),
      schema: {
        response: { 200: z.object({ id: z.string() }), 201: z.object({ id: z.string() }) },
      },
    },
    async (request, reply) => {
      const raw = request.body;
      if (!Buffer.isBuffer(raw))
        throw new HttpError(415, 'unsupported_media_type', 'Send the body as application/json');
      const verdict = verifyHubSpotRequest(
        secrets,
        {
          method: request.method,
          uri: `${env.PUBLIC_URL}${request.url}`,
          body: raw,
          headers: request.headers,
        },
        clock().getTime(),
        { acceptV2: env.HUBSPOT_ACCEPT_V2 },
      );
      if (!verdict.ok) throw new HttpError(401, verdict.code, verdict.message);
      let json: unknown;
      try {
        json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(raw));
      } catch {
        throw new HttpError(400, 'bad_request', 'The body is not valid UTF-8 JSON');
      }
      const read = readWebhookBody(json, raw, env.HUBSPOT_COLOR_PROPERTY);
      if ('problem' in read) throw new HttpError(400, 'bad_request', read.problem);
      if (read.unnamed && app.hubspot && !unnamedSaid) {
        unnamedSaid = true;
        request.log.warn(
          "HubSpot webhook: this body has no conversion_id, so the poller will store the same submission again (two cards, two e-mails). In the workflow's webhook action choose 'Include all contact properties' (see docs/hubspot.md).",
        );
      }
      const { answers, ...fields } = read.inquiry;
      const { id, created } = await intake.receive(read.deliveryId, {
        ...fields,
        ...(answers.length > 0 ? { answers } : {}),
        ...(read.form ? { form: read.form } : {}),
        createdAt: clock(),
      });
      request.log.info(
        { signature: verdict.version, shape: read.shape, created },
        created ? 'HubSpot webhook: inquiry stored' : 'HubSpot webhook: a repeat, nothing added',
      );
      return reply.code(created ? 201 : 200).send({ id });
    },
  );
}
