// A stand-in for Stripe's API, served over real HTTP by the test, for the `stripe` package pointed
// at it (`host`, `port`, `protocol: 'http'`): POST /v1/checkout/sessions with its form-encoded body
// read as Stripe reads it, answered with a `checkout.session` object (with `url`), the same object
// again for a repeated Idempotency-Key. A test scripts Stripe's refusals and faults as Stripe sends
// them (https://docs.stripe.com/error-low-level, https://docs.stripe.com/rate-limits): its error
// body `{"error":{"type","code","message"}}` with the status, the `Stripe-Should-Retry` header the
// client obeys, or a session made but its answer held back past the client's timeout (a response
// lost on the way).
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface SeenStripeRequest {
  method: string;
  path: string;
  /** The form body, as flat `key[sub][0]` names Stripe's API takes. */
  form: URLSearchParams;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

/** One scripted answer. */
type Scripted =
  | {
      status: number;
      body: unknown;
      /** Response headers, e.g. `{ 'stripe-should-retry': 'false' }`. */
      headers?: Record<string, string>;
    }
  | {
      /** The request is worked on as Stripe would (a session made, kept under its key), but the
       * answer is sent only after this long: past the client's timeout, it never arrives. */
      lateMs: number;
    };

export interface StripeStandIn {
  /** What to give `buildApp`'s `stripeApi`. */
  api: { host: string; port: number; protocol: 'http' };
  key: string;
  requests: SeenStripeRequest[];
  /** The next requests get these answers, one each. */
  script(...answers: Scripted[]): void;
  /** Every request gets this answer until it is called with null (Stripe down for a while). */
  failAll(answer: Scripted | null): void;
  /** The checkout sessions made (each idempotency key's once). */
  sessions(): number;
  close(): Promise<void>;
}

export const STRIPE_TEST_KEY = `sk_test_${'standin'.padEnd(24, '0')}`;

/** Stripe's error body for a refused request (https://docs.stripe.com/api/errors). */
export const stripeError = (
  status: number,
  message: string,
  type = 'invalid_request_error',
  code = 'parameter_invalid',
  headers: Record<string, string> = {},
) => ({ status, body: { error: { type, message, code } }, headers });

/** Stripe's rate limiter (429 `rate_limit`): it runs before the idempotency layer, saving nothing. */
export const rateLimited = (headers: Record<string, string> = {}) =>
  stripeError(
    429,
    'Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits.',
    'invalid_request_error',
    'rate_limit',
    headers,
  );

/** A fault on Stripe's side (500 `api_error`), with an internal-looking message that must not leak. */
export const serverFault = (headers: Record<string, string> = {}) => ({
  status: 500,
  body: {
    error: {
      type: 'api_error',
      message: 'An unknown error occurred (internal: shard db-7 timed out, req_inner_42)',
    },
  },
  headers,
});

export async function startStripeStandIn(
  clock: () => Date = () => new Date(),
): Promise<StripeStandIn> {
  const requests: SeenStripeRequest[] = [];
  const scripted: Scripted[] = [];
  let always: Scripted | null = null;
  const byKey = new Map<string, unknown>();
  let made = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      const seen: SeenStripeRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        form,
        idempotencyKey,
        authorization: req.headers.authorization,
      };
      requests.push(seen);
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        if (res.destroyed) return;
        res.writeHead(status, {
          'content-type': 'application/json',
          'request-id': `req_standin${requests.length}`,
          ...headers,
        });
        res.end(JSON.stringify(body));
      };
      const next = scripted.shift() ?? always;
      let late = 0;
      if (next && 'lateMs' in next) late = next.lateMs;
      else if (next) return send(next.status, next.body, next.headers);
      if (req.headers.authorization !== `Bearer ${STRIPE_TEST_KEY}`)
        return send(
          401,
          stripeError(401, 'Invalid API Key provided', 'invalid_request_error').body,
        );
      if (req.method !== 'POST' || seen.path !== '/v1/checkout/sessions')
        return send(404, stripeError(404, `Unrecognized request URL (${seen.path})`).body);
      if (idempotencyKey && byKey.has(idempotencyKey)) return send(200, byKey.get(idempotencyKey));
      made += 1;
      const id = `cs_test_${randomBytes(12).toString('hex')}`;
      const created = Math.floor(clock().getTime() / 1000);
      const session = {
        id,
        object: 'checkout.session',
        mode: form.get('mode'),
        client_reference_id: form.get('client_reference_id'),
        currency: form.get('line_items[0][price_data][currency]'),
        amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
        payment_status: 'unpaid',
        status: 'open',
        created,
        expires_at: created + 24 * 3600,
        metadata: { entryId: form.get('metadata[entryId]') },
        success_url: form.get('success_url'),
        cancel_url: form.get('cancel_url'),
        url: `https://checkout.stripe.com/c/pay/${id}`,
      };
      if (idempotencyKey) byKey.set(idempotencyKey, session);
      if (late > 0) setTimeout(() => send(200, session), late).unref();
      else send(200, session);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    api: { host: '127.0.0.1', port, protocol: 'http' },
    key: STRIPE_TEST_KEY,
    requests,
    script: (...answers) => scripted.push(...answers),
    failAll: (answer) => {
      always = answer;
    },
    sessions: () => made,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
