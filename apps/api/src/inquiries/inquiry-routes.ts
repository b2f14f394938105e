import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  API_ROUTES,
  WEBHOOK_SIGNATURE_HEADER,
  inquiryListSchema,
  inquirySubmissionSchema,
} from '@cedar/api-contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAdmin } from '../auth/guards';
import { HttpError } from '../lib/http-errors';
import type { ZodTypeProvider } from '../lib/zod-schemas';
import type { Services } from '../services';

/** Does `signature` (hex) equal the HMAC-SHA256 of the raw body under `secret`? Constant time. */
export function validSignature(
  secret: string,
  rawBody: Buffer,
  signature: string | undefined,
): boolean {
  if (!signature) return false;
  const given = Buffer.from(signature.trim().replace(/^sha256=/i, ''), 'hex');
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const signBody = (secret: string, rawBody: string | Buffer) =>
  createHmac('sha256', secret).update(rawBody).digest('hex');

export async function inquiryRoutes(app: FastifyInstance, services: Services) {
  const { env, store, sessions, cookieName, clock } = services;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    API_ROUTES.inquiries.path,
    {
      onRequest: requireAdmin(sessions, cookieName),
      schema: { response: { 200: inquiryListSchema } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return store.inquiries.list();
    },
  );

  const secret = env.INQUIRY_WEBHOOK_SECRET;
  // Production without a secret: no webhook at all (404), rather than one anybody could call.
  if (!secret) return;

  // The signature covers the exact bytes sent, so this scope keeps the raw body and parses it
  // only once the signature holds.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );

    scope.withTypeProvider<ZodTypeProvider>().post(
      API_ROUTES.inquiryWebhook.path,
      {
        preValidation: async (request) => {
          const raw = request.body;
          if (!Buffer.isBuffer(raw))
            throw new HttpError(
              415,
              'unsupported_media_type',
              'Send the submission as application/json',
            );
          if (
            !validSignature(
              secret,
              raw,
              request.headers[WEBHOOK_SIGNATURE_HEADER] as string | undefined,
            )
          ) {
            throw new HttpError(
              401,
              'invalid_signature',
              `Missing or wrong ${WEBHOOK_SIGNATURE_HEADER} header`,
            );
          }
          let text: string;
          try {
            // Strict: a stray byte would otherwise be stored as U+FFFD, changing what was sent.
            text = new TextDecoder('utf-8', { fatal: true }).decode(raw);
          } catch {
            throw new HttpError(400, 'bad_request', 'Body is not valid UTF-8');
          }
          try {
            request.body = JSON.parse(text);
          } catch {
            throw new HttpError(400, 'bad_request', 'Body is not valid JSON');
          }
        },
        schema: { body: inquirySubmissionSchema, response: { 201: z.object({ id: z.string() }) } },
      },
      async (request, reply) => {
        const { submittedAt, ...submission } = request.body;
        const now = clock();
        // A provider's own timestamp is kept unless it claims the future.
        const createdAt = submittedAt && new Date(submittedAt) <= now ? new Date(submittedAt) : now;
        const { message, ...person } = submission;
        const inquiry = await store.inquiries.create({
          ...person,
          ...(message ? { message } : {}),
          createdAt,
        });
        return reply.code(201).send({ id: inquiry.id });
      },
    );
  });
}
