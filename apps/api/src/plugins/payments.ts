import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import Stripe from 'stripe';

declare module 'fastify' {
  interface FastifyInstance {
    /** Stripe's client with STRIPE_SECRET_KEY (issue 40); null without it: no card payments. */
    stripe: Stripe | null;
  }
}

/** Where Stripe's API answers: Stripe's own by default; tests point it at a stand-in. */
export interface PaymentOptions {
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  /** Tests: a shorter wait for an answer than STRIPE_TIMEOUT_MS. */
  timeout?: number;
}

/**
 * Tries of one request after the first (stripe-node's own default for Node, written down so that
 * it is a choice): the client retries a connection error or timeout, a 409, a 5xx, and whatever
 * Stripe marks `Stripe-Should-Retry: true`; never what Stripe marks `false`, and never a plain
 * 429 or another 4xx. Each retry carries the request's idempotency key (ours), so a request that
 * reached Stripe but whose answer was lost opens no second session. Waits between tries: 0.5 s,
 * then 0.5–1 s (the client's backoff with jitter).
 */
const STRIPE_RETRIES = 2;
/**
 * The longest wait for one answer (stripe-node's default is 80 s). A Checkout Session is made in
 * well under a second; three tries of 15 s and the backoff stay under 47 s, inside the 60 s a
 * reverse proxy (nginx's `proxy_read_timeout`) waits for the family's Pay button to be answered.
 */
const STRIPE_TIMEOUT_MS = 15_000;

/**
 * Stripe's client, made once (decisions 030, 031). Its requests carry an idempotency key of ours,
 * so the client's own retries of a request that timed out never open a second Checkout Session.
 */
export const paymentsPlugin = fp(
  async (app: FastifyInstance, options: PaymentOptions) => {
    const key = app.env.STRIPE_SECRET_KEY;
    app.decorate(
      'stripe',
      key
        ? new Stripe(key, {
            maxNetworkRetries: STRIPE_RETRIES,
            timeout: STRIPE_TIMEOUT_MS,
            appInfo: { name: 'Cedar Bluff Labradors' },
            ...options,
          })
        : null,
    );
  },
  { name: 'payments', dependencies: ['config'] },
);
