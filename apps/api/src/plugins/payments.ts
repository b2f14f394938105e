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
}

/**
 * Stripe's client, made once (decision 030). Its requests carry an idempotency key of ours, so
 * the client's own retries of a request that timed out never open a second Checkout Session.
 */
export const paymentsPlugin = fp(
  async (app: FastifyInstance, options: PaymentOptions) => {
    const key = app.env.STRIPE_SECRET_KEY;
    app.decorate(
      'stripe',
      key
        ? new Stripe(key, {
            maxNetworkRetries: 2,
            timeout: 20_000,
            appInfo: { name: 'Cedar Bluff Labradors' },
            ...options,
          })
        : null,
    );
  },
  { name: 'payments', dependencies: ['config'] },
);
