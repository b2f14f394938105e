import { API_ROUTES } from '@cedar/api-contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Stripe from 'stripe';
import { perAddressLimit } from '../lib/address-limit';
import { HttpError } from '../lib/http-errors';
import { securityEvent } from '../lib/security-log';
import type { StripeEventDoc } from '../store/documents';
import { changeDeposit, listedEntry } from './deposits';

/** Stripe's events are a few kilobytes; a checkout session with every field under 64 KB. */
const STRIPE_BODY_LIMIT = 256 * 1024;
/** Deliveries a minute from one address: far above what one breeder's deposits bring. */
const STRIPE_RATE_LIMIT = 120;
/** A claim left this long by a delivery that never finished may be taken over by a later one. */
const STALE_CLAIM_MS = 60_000;

type Finished = Omit<StripeEventDoc, '_id' | 'type' | 'created' | 'state' | 'claimedAt'>;

/** The id of a field Stripe may send as an id or as the expanded object. */
const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/**
 * Stripe's signed webhook (issue 40, decision 030): POST /api/stripe/webhook, public, only with
 * STRIPE_WEBHOOK_SECRET. The signature is checked on the exact bytes received (the JSON parser is
 * replaced in this plugin's scope only) with Stripe's own `constructEvent`. Each event id is
 * taken in once (a unique key in the store). Answers: 400 for a body Stripe did not sign (or signed
 * more than 5 minutes ago); 200 for everything Stripe sent, applied or not (a repeat, an event of
 * another kind, a payment for no family on the lists: Stripe's advice is to acknowledge every
 * event, and a retry would change nothing), each recorded; 500 only when the store failed, so
 * that Stripe delivers it again.
 */
export async function stripeWebhookRoutes(app: FastifyInstance) {
  const { env, clock, store } = app;
  const secret = env.STRIPE_WEBHOOK_SECRET;
  const stripe = app.stripe;
  if (!secret || !stripe) return;

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  const audit = (
    request: FastifyRequest,
    event: Stripe.Event,
    outcome: 'success' | 'refused',
    fields: Finished,
  ) =>
    securityEvent(request, 'deposit-webhook', outcome, {
      username: null,
      target: fields.entryId,
      entry: fields.entryId,
      stripeEvent: event.id,
      eventType: event.type,
      result: fields.outcome,
      amount: fields.amountCents,
    });

  /** What the event does to a deposit, and what to record of it. */
  async function handle(event: Stripe.Event): Promise<Finished> {
    const at = new Date(event.created * 1000);
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = event.data.object;
        const entryId = session.client_reference_id ?? session.metadata?.entryId ?? null;
        const paymentIntentId = idOf(session.payment_intent);
        const amountCents = session.amount_total ?? 0;
        const reference = session.id;
        if (session.mode !== 'payment' || !entryId) return { outcome: 'not-a-deposit', reference };
        if (session.payment_status !== 'paid' || !paymentIntentId)
          return { outcome: 'not-paid-yet', entryId, reference };
        const deposit = await store.deposits.get(entryId);
        const listed = listedEntry(await store.waitlists.get(), entryId);
        const inquiryId = deposit?.inquiryId ?? listed?.entry.inquiryId;
        if (!inquiryId)
          return { outcome: 'unknown-entry', entryId, paymentIntentId, amountCents, reference };
        const refunds = await store.stripeEvents.refundsOf(paymentIntentId);
        const { outcome: applied } = await changeDeposit(
          store,
          at,
          { entryId, inquiryId },
          {
            kind: 'card-paid',
            sessionId: session.id,
            paymentIntentId,
            amountCents,
            earlierRefunds: refunds.map((r) => ({
              refundedCents: r.refundedCents ?? 0,
              full: r.fullyRefunded ?? false,
              at: new Date(r.created * 1000),
            })),
          },
        );
        // Paid by a family taken off the lists since: recorded, and shown to the owner to place.
        const outcome = !listed && applied === 'applied' ? 'off-list' : applied;
        return { outcome, entryId, paymentIntentId, amountCents, reference };
      }
      case 'checkout.session.expired': {
        const session = event.data.object;
        const entryId = session.client_reference_id;
        const deposit = entryId ? await store.deposits.get(entryId) : null;
        if (!entryId || !deposit) return { outcome: 'not-a-deposit', reference: session.id };
        const { outcome } = await changeDeposit(
          store,
          at,
          { entryId, inquiryId: deposit.inquiryId },
          { kind: 'checkout-expired', sessionId: session.id },
        );
        return { outcome, entryId, reference: session.id };
      }
      case 'charge.refunded': {
        const charge = event.data.object;
        const paymentIntentId = idOf(charge.payment_intent);
        const refund = {
          paymentIntentId: paymentIntentId ?? undefined,
          refundedCents: charge.amount_refunded,
          fullyRefunded: charge.refunded,
          reference: charge.id,
        };
        if (!paymentIntentId) return { outcome: 'not-a-deposit', ...refund };
        const deposit = await store.deposits.findByPaymentIntent(paymentIntentId);
        // Before its payment's event: kept, and applied when the payment comes (decision 030).
        if (!deposit) return { outcome: 'refund-waiting', ...refund };
        const { outcome } = await changeDeposit(
          store,
          at,
          { entryId: deposit._id, inquiryId: deposit.inquiryId },
          {
            kind: 'card-refund',
            paymentIntentId,
            refundedCents: charge.amount_refunded,
            full: charge.refunded,
          },
        );
        return { outcome, entryId: deposit._id, ...refund };
      }
      default:
        return { outcome: 'ignored' };
    }
  }

  const HANDLED: ReadonlySet<string> = new Set([
    'checkout.session.completed',
    'checkout.session.async_payment_succeeded',
    'checkout.session.expired',
    'charge.refunded',
  ]);

  app.post(
    API_ROUTES.stripeWebhook.path,
    {
      bodyLimit: STRIPE_BODY_LIMIT,
      onRequest: perAddressLimit({
        max: STRIPE_RATE_LIMIT,
        windowMs: 60_000,
        now: () => clock().getTime(),
        message: (seconds) => `Too many deliveries. Try again in ${seconds} seconds.`,
      }),
    },
    async (request, reply) => {
      const raw = request.body;
      if (!Buffer.isBuffer(raw))
        throw new HttpError(415, 'unsupported_media_type', 'Send the body as application/json');
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || signature === '')
        throw new HttpError(400, 'bad_signature', 'The Stripe-Signature header is missing');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          raw,
          signature,
          secret,
          undefined,
          undefined,
          clock().getTime(),
        );
      } catch (error) {
        const why =
          error instanceof Stripe.errors.StripeSignatureVerificationError &&
          /tolerance/i.test(error.message)
            ? 'The signature is more than 5 minutes old'
            : 'The signature does not match the body';
        securityEvent(request, 'deposit-webhook', 'failure', { username: null, reason: why });
        throw new HttpError(400, 'bad_signature', why);
      }
      // Signed, but not an event (`null`, a number, an object without an id or type): Stripe never
      // sends one, so whoever holds the secret sent a mistake; 400, and nothing recorded.
      const shape = event as unknown as { id?: unknown; type?: unknown } | null;
      if (
        typeof shape !== 'object' ||
        shape === null ||
        typeof shape.id !== 'string' ||
        typeof shape.type !== 'string'
      )
        throw new HttpError(400, 'not_an_event', 'The body is not a Stripe event');
      if (!HANDLED.has(event.type)) return reply.code(200).send({ received: true, ignored: true });

      const claim = await store.stripeEvents.claim(
        event.id,
        { type: event.type, created: event.created },
        clock(),
        STALE_CLAIM_MS,
      );
      if (claim !== 'claimed') return reply.code(200).send({ received: true, duplicate: true });
      let finished: Finished;
      try {
        finished = await handle(event);
        await store.stripeEvents.finish(event.id, finished);
      } catch (error) {
        // Stripe delivers it again (a non-2xx answer), and that delivery works on it anew.
        await store.stripeEvents.release(event.id).catch(() => undefined);
        throw error;
      }
      const refused = ['unknown-entry', 'off-list', 'second-payment'].includes(
        finished.outcome ?? '',
      );
      if (refused)
        request.log.warn(
          { stripeEvent: event.id, outcome: finished.outcome },
          finished.outcome === 'second-payment'
            ? 'Stripe: a second deposit paid by a family whose deposit was paid already'
            : 'Stripe: a deposit paid for no family on the lists',
        );
      if (finished.outcome !== 'ignored' && finished.outcome !== 'not-a-deposit')
        audit(request, event, refused ? 'refused' : 'success', finished);
      return reply.code(200).send({ received: true, outcome: finished.outcome });
    },
  );
}
