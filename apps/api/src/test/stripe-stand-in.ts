// A stand-in for Stripe's API, served over real HTTP by the test, for the `stripe` package pointed
// at it (`host`, `port`, `protocol: 'http'`): POST /v1/checkout/sessions with its form-encoded body
// read as Stripe reads it, answered with a `checkout.session` object (with `url`), the same object
// again for a repeated Idempotency-Key, and Stripe's error body for a scripted 4xx.
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

type Scripted = { status: number; body: unknown };

export interface StripeStandIn {
  /** What to give `buildApp`'s `stripeApi`. */
  api: { host: string; port: number; protocol: 'http' };
  key: string;
  requests: SeenStripeRequest[];
  /** The next requests get these answers, one each. */
  script(...answers: Scripted[]): void;
  close(): Promise<void>;
}

export const STRIPE_TEST_KEY = `sk_test_${'standin'.padEnd(24, '0')}`;

/** Stripe's error body for a refused request (https://docs.stripe.com/api/errors). */
export const stripeError = (status: number, message: string, type = 'invalid_request_error') => ({
  status,
  body: { error: { type, message, code: 'parameter_invalid' } },
});

export async function startStripeStandIn(
  clock: () => Date = () => new Date(),
): Promise<StripeStandIn> {
  const requests: SeenStripeRequest[] = [];
  const scripted: Scripted[] = [];
  const byKey = new Map<string, unknown>();

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
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_standin' });
        res.end(JSON.stringify(body));
      };
      const next = scripted.shift();
      if (next) return send(next.status, next.body);
      if (req.headers.authorization !== `Bearer ${STRIPE_TEST_KEY}`)
        return send(
          401,
          stripeError(401, 'Invalid API Key provided', 'invalid_request_error').body,
        );
      if (req.method !== 'POST' || seen.path !== '/v1/checkout/sessions')
        return send(404, stripeError(404, `Unrecognized request URL (${seen.path})`).body);
      if (idempotencyKey && byKey.has(idempotencyKey)) return send(200, byKey.get(idempotencyKey));
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
      send(200, session);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    api: { host: '127.0.0.1', port, protocol: 'http' },
    key: STRIPE_TEST_KEY,
    requests,
    script: (...answers) => scripted.push(...answers),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
