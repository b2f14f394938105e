// What the deposit tests share: an app with Stripe on (pointed at a stand-in of its API served by
// the test), a family on a litter's list, and webhook deliveries signed as Stripe signs them.
import { API_ROUTES, type Deposit, type DepositOverview } from '@cedar/api-contract';
import Stripe from 'stripe';
import { expect, onTestFinished } from 'vitest';
import type { LoggedIn, TestApp } from './build';
import { addToWaitlist, call, family, LITTER, signedInApp } from './per-test';
import { startStripeStandIn, STRIPE_TEST_KEY, type StripeStandIn } from './stripe-stand-in';

export const WEBHOOK_SECRET = `whsec_${'Cedar0Bluff1Test2'.repeat(2)}`;

export type DepositApp = TestApp &
  LoggedIn & { stripe: StripeStandIn | null; entryId: string; inquiryId: string };

/**
 * The signed-in app (card payments on unless `cards: false`) with Family1 on Ranger x Juniper's
 * list; `stripeTimeoutMs` shortens the Stripe client's wait for an answer.
 */
export async function depositApp({
  cards = true,
  stripeTimeoutMs,
}: { cards?: boolean; stripeTimeoutMs?: number } = {}): Promise<DepositApp> {
  const stripe = cards ? await startStripeStandIn() : null;
  if (stripe) onTestFinished(() => stripe.close());
  const a = await signedInApp({
    ...(stripe
      ? {
          env: { STRIPE_SECRET_KEY: STRIPE_TEST_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
          stripeApi: {
            ...stripe.api,
            ...(stripeTimeoutMs ? { timeout: stripeTimeoutMs } : {}),
          },
        }
      : {}),
  });
  const inquiry = await a.services.store.inquiries.create(family(1));
  const lists = await addToWaitlist(a, inquiry.id, LITTER);
  const entryId = lists.lists.find((l) => l.key === LITTER)!.entries[0]!.id;
  return Object.assign(a, { stripe, entryId, inquiryId: inquiry.id });
}

/** Puts another family on the list: their entry id. */
export async function anotherFamily(a: DepositApp, i: number, litterId: string | null = LITTER) {
  const inquiry = await a.services.store.inquiries.create(family(i));
  const lists = await addToWaitlist(a, inquiry.id, litterId);
  return lists.lists.flatMap((l) => l.entries).find((e) => e.inquiryId === inquiry.id)!.id;
}

export async function overview(a: DepositApp): Promise<DepositOverview> {
  const res = await call(a, 'GET', API_ROUTES.deposits.path);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

export const depositNow = async (a: DepositApp, entryId = a.entryId): Promise<Deposit> =>
  (await overview(a)).deposits[entryId]!;

let counter = 0;
const nextId = (prefix: string) => `${prefix}_${Date.now().toString(36)}${(counter += 1)}`;

/** A Stripe event as Stripe sends it (its envelope), of `type`, about `object`. */
function stripeEvent(type: string, created: number, object: Record<string, unknown>) {
  return {
    id: nextId('evt'),
    object: 'event',
    api_version: '2026-10-28.endive',
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

/** `checkout.session.completed` for the entry's deposit. */
export function completedEvent(
  entryId: string,
  {
    paymentIntent = nextId('pi'),
    amount = 30_000,
    created,
    paid = true,
  }: { paymentIntent?: string; amount?: number; created: number; paid?: boolean },
) {
  return stripeEvent('checkout.session.completed', created, {
    id: nextId('cs_test'),
    object: 'checkout.session',
    mode: 'payment',
    client_reference_id: entryId,
    metadata: { entryId },
    amount_total: amount,
    currency: 'usd',
    payment_status: paid ? 'paid' : 'unpaid',
    payment_intent: paymentIntent,
    status: 'complete',
  });
}

/** `charge.refunded` for the charge of a payment intent: `refunded` says it is refunded in full. */
export function refundedEvent(
  paymentIntent: string,
  {
    amountRefunded = 30_000,
    refunded = true,
    created,
  }: { amountRefunded?: number; refunded?: boolean; created: number },
) {
  return stripeEvent('charge.refunded', created, {
    id: nextId('ch'),
    object: 'charge',
    amount: 30_000,
    amount_refunded: amountRefunded,
    refunded,
    currency: 'usd',
    payment_intent: paymentIntent,
  });
}

const signer = new Stripe(STRIPE_TEST_KEY);

/**
 * Sends `event` to the webhook as Stripe does: its JSON as the body, `application/json;
 * charset=utf-8`, signed with the endpoint's secret (`timestamp` in seconds, default now).
 */
export function deliver(
  a: TestApp,
  event: object | string,
  { secret = WEBHOOK_SECRET, timestamp }: { secret?: string; timestamp?: number } = {},
) {
  const payload = typeof event === 'string' ? event : JSON.stringify(event, null, 2);
  const header = signer.webhooks.generateTestHeaderString({
    payload,
    secret,
    timestamp: timestamp ?? Math.floor(a.clock.now().getTime() / 1000),
  });
  return a.app.inject({
    method: 'POST',
    url: API_ROUTES.stripeWebhook.path,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
    payload,
  });
}
