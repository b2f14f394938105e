import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import {
  API_ROUTES,
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  inquiryListSchema,
  inquirySubmissionSchema,
} from '@cedar/api-contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ownSiteOnly, requireAdmin } from '../auth/guards';
import { perAddressLimit } from '../lib/address-limit';
import { HttpError } from '../lib/http-errors';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** A delivery older than this, or signed this far in the future, is refused (a replay). */
const WEBHOOK_MAX_AGE_S = 5 * 60;
/** Clocks differ a little; a delivery dated further ahead than this is refused. */
const WEBHOOK_MAX_FUTURE_S = 30;
/** A form submission is a few hundred bytes; nothing legitimate comes near this. */
export const WEBHOOK_BODY_LIMIT = 16 * 1024;
/** Deliveries per minute from one address. */
export const WEBHOOK_RATE_LIMIT = 60;

const DELIVERY_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The signed text: the delivery id, a dot, the timestamp header, a dot, then the raw body. The id
 * is signed so that a captured delivery cannot be sent again under another id.
 */
const signedBytes = (deliveryId: string, timestamp: string, rawBody: string | Buffer) =>
  Buffer.concat([Buffer.from(`${deliveryId}.${timestamp}.`, 'utf8'), Buffer.from(rawBody)]);

/** The hex HMAC-SHA256 of `<delivery id>.<timestamp>.<raw body>` under `secret`. */
export const signDelivery = (
  secret: string,
  deliveryId: string,
  timestamp: string,
  rawBody: string | Buffer,
) =>
  createHmac('sha256', secret)
    .update(signedBytes(deliveryId, timestamp, rawBody))
    .digest('hex');

/** Does `signature` (hex, optionally `sha256=`) sign these bytes? Constant time. */
function signs(secret: string, signed: Buffer, signature: string | undefined): boolean {
  if (!signature) return false;
  const given = Buffer.from(signature.trim().replace(/^sha256=/i, ''), 'hex');
  const expected = createHmac('sha256', secret).update(signed).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The signature of a delivery, by the current form; 'old' when it signs `<timestamp>.<body>` only. */
export function checkDeliverySignature(
  secret: string,
  deliveryId: string,
  timestamp: string,
  rawBody: Buffer,
  signature: string | undefined,
): 'valid' | 'old' | 'wrong' {
  if (signs(secret, signedBytes(deliveryId, timestamp, rawBody), signature)) return 'valid';
  const old = Buffer.concat([Buffer.from(`${timestamp}.`, 'utf8'), rawBody]);
  return signs(secret, old, signature) ? 'old' : 'wrong';
}

/** The three headers of one signed delivery (for tests, the benchmark and the docs' example). */
export function webhookHeaders(
  secret: string,
  rawBody: string | Buffer,
  { at = new Date(), id }: { at?: Date; id: string },
): Record<string, string> {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  return {
    [WEBHOOK_TIMESTAMP_HEADER]: timestamp,
    [WEBHOOK_DELIVERY_HEADER]: id,
    [WEBHOOK_SIGNATURE_HEADER]: signDelivery(secret, id, timestamp, rawBody),
  };
}

/** Each delivery's body hash, from the check of its raw bytes to the handler. */
const bodyKeys = new WeakMap<object, string>();

const header = (value: string | string[] | undefined) =>
  Array.isArray(value) ? undefined : value?.trim();

export async function inquiryRoutes(app: FastifyInstance) {
  const { env, store, sessions, cookieName, clock, intake } = app;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    API_ROUTES.inquiries.path,
    {
      config: { role: 'helper' },
      onRequest: [ownSiteOnly(env), requireAdmin(sessions, cookieName, store)],
      schema: { response: { 200: inquiryListSchema } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return store.inquiries.list();
    },
  );

  const secret = env.INQUIRY_WEBHOOK_SECRET;
  // No secret: no webhook at all (404), rather than one anybody could call.
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
        bodyLimit: WEBHOOK_BODY_LIMIT,
        onRequest: perAddressLimit({
          max: WEBHOOK_RATE_LIMIT,
          windowMs: 60_000,
          now: () => clock().getTime(),
          message: (seconds) => `Too many deliveries. Try again in ${seconds} seconds.`,
        }),
        preValidation: async (request) => {
          const raw = request.body;
          if (!Buffer.isBuffer(raw))
            throw new HttpError(
              415,
              'unsupported_media_type',
              'Send the submission as application/json',
            );
          const timestamp = header(request.headers[WEBHOOK_TIMESTAMP_HEADER]) ?? '';
          const deliveryId = header(request.headers[WEBHOOK_DELIVERY_HEADER]) ?? '';
          const signature = header(request.headers[WEBHOOK_SIGNATURE_HEADER]);
          if (!DELIVERY_ID.test(deliveryId)) {
            throw new HttpError(
              400,
              'bad_request',
              `The ${WEBHOOK_DELIVERY_HEADER} header must be 1 to 128 letters, digits or . _ : -`,
            );
          }
          const verdict = /^\d{1,12}$/.test(timestamp)
            ? checkDeliverySignature(secret, deliveryId, timestamp, raw, signature)
            : 'wrong';
          if (verdict === 'old')
            throw new HttpError(
              401,
              'invalid_signature',
              `The ${WEBHOOK_SIGNATURE_HEADER} header signs "<timestamp>.<body>", the old form: sign "<${WEBHOOK_DELIVERY_HEADER}>.<${WEBHOOK_TIMESTAMP_HEADER}>.<body>" (see docs/operations.md)`,
            );
          if (verdict === 'wrong') {
            throw new HttpError(
              401,
              'invalid_signature',
              `Missing or wrong ${WEBHOOK_SIGNATURE_HEADER} header (the HMAC-SHA256 of "<${WEBHOOK_DELIVERY_HEADER}>.<${WEBHOOK_TIMESTAMP_HEADER}>.<body>")`,
            );
          }
          const age = Math.floor(clock().getTime() / 1000) - Number(timestamp);
          if (age > WEBHOOK_MAX_AGE_S || age < -WEBHOOK_MAX_FUTURE_S) {
            throw new HttpError(
              401,
              'stale_delivery',
              `The delivery is dated ${age > 0 ? `${age} s ago` : `${-age} s ahead`}; only deliveries from the last ${WEBHOOK_MAX_AGE_S / 60} minutes are accepted.`,
            );
          }
          let text: string;
          try {
            // Strict: a stray byte would otherwise be stored as U+FFFD, changing what was sent.
            text = new TextDecoder('utf-8', { fatal: true }).decode(raw);
          } catch {
            throw new HttpError(400, 'bad_request', 'Body is not valid UTF-8');
          }
          bodyKeys.set(request, `webhook:body:${createHash('sha256').update(raw).digest('hex')}`);
          try {
            request.body = JSON.parse(text);
          } catch {
            throw new HttpError(400, 'bad_request', 'Body is not valid JSON');
          }
        },
        schema: {
          body: inquirySubmissionSchema,
          response: { 200: z.object({ id: z.string() }), 201: z.object({ id: z.string() }) },
        },
      },
      async (request, reply) => {
        // The provider's own `submittedAt` is not trusted: the inquiry is dated by our clock.
        const { submittedAt: _ignored, message, ...person } = request.body;
        const deliveryId = header(request.headers[WEBHOOK_DELIVERY_HEADER])!;
        // The same body under another id within the window is a replay (or a relay's retry
        // under a new id): it adds nothing either.
        const bodyKey = bodyKeys.get(request)!;
        const { id, created } = await intake.receive(
          deliveryId,
          { ...person, ...(message ? { message } : {}), createdAt: clock() },
          { sameAs: [bodyKey] },
        );
        // A repeat of a delivery already stored: acknowledged, nothing added.
        return reply.code(created ? 201 : 200).send({ id });
      },
    );
  });
}
