// Stripe's errors and retries as Stripe documents them (https://docs.stripe.com/error-low-level,
// https://docs.stripe.com/rate-limits) and as the `stripe` package acts on them, against the
// stand-in of Stripe's API: what the owner (the admin route) and a family (their page's Pay
// button) see when Stripe is slow, busy, faulty or refuses, and that nothing is recorded as paid.
import { depositUrl, familyLinkUrl, type FamilyLink } from '@cedar/api-contract';
import { describe, expect, it } from 'vitest';
import { depositApp, depositNow, type DepositApp } from '../test/deposits';
import { call } from '../test/per-test';
import { rateLimited, serverFault, stripeError } from '../test/stripe-stand-in';

const checkout = (a: DepositApp) => call(a, 'POST', depositUrl(a.entryId, 'checkout'));

const keysOf = (a: DepositApp) => a.stripe!.requests.map((r) => r.idempotencyKey);

/** The deposit as stored and as the owner's screens show it: untouched, never paid. */
async function expectNothingRecorded(a: DepositApp) {
  expect(await a.services.store.deposits.get(a.entryId)).toBeNull();
  expect(await depositNow(a)).toMatchObject({ state: 'none' });
}

/** Nothing of Stripe's own message, its internals or a stack reaches the answer. */
function expectNoLeak(body: string) {
  expect(body).not.toMatch(/internal|shard|req_inner|unknown error|rate limit exceeded|at .+\.js/i);
}

describe("Stripe's faults and refusals, for the owner (POST /api/admin/deposits/:entry/checkout)", () => {
  it('retries a 500 with the same idempotency key, and the page opens once', async () => {
    const a = await depositApp();
    a.stripe!.script(serverFault());
    const res = await checkout(a);
    expect(res.statusCode, res.body).toBe(201);
    expect(a.stripe!.requests).toHaveLength(2);
    expect(new Set(keysOf(a))).toEqual(new Set([`deposit-${a.entryId}-30000-0-owner`]));
    expect(a.stripe!.sessions()).toBe(1);
    expect(await depositNow(a)).toMatchObject({ state: 'awaiting' });
  });

  it('retries a 429 that Stripe marks Stripe-Should-Retry: true (a lock timeout), same key', async () => {
    const a = await depositApp();
    a.stripe!.script(
      stripeError(
        429,
        'This object cannot be accessed right now',
        'invalid_request_error',
        'lock_timeout',
        {
          'stripe-should-retry': 'true',
        },
      ),
    );
    const res = await checkout(a);
    expect(res.statusCode, res.body).toBe(201);
    const [first, second] = keysOf(a);
    expect(second).toBe(first);
    expect(a.stripe!.sessions()).toBe(1);
  });

  it('answers a plain 429 rate_limit 503 with Retry-After, saving nothing; asked again, the same key opens the page', async () => {
    const a = await depositApp();
    a.stripe!.script(rateLimited());
    const busy = await checkout(a);
    // stripe-node does not retry a 429 Stripe did not mark for a retry: one request.
    expect(a.stripe!.requests).toHaveLength(1);
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('60');
    expect(busy.headers['content-type']).toMatch(/^application\/json/);
    expect(busy.json()).toEqual({
      error: 'stripe_busy',
      message:
        'Stripe is busy and asked us to slow down. Nothing was charged and no payment page is open. Try again in a minute.',
    });
    expectNoLeak(busy.body);
    await expectNothingRecorded(a);

    a.clock.advance(60_000);
    const again = await checkout(a);
    expect(again.statusCode, again.body).toBe(201);
    const [first, second] = keysOf(a);
    expect(second).toBe(first);
    expect(a.stripe!.sessions()).toBe(1);
  });

  it('answers a persistent 500 with 502 stripe_unavailable after the client’s three tries, each with the same key', async () => {
    const a = await depositApp();
    a.stripe!.failAll(serverFault());
    const res = await checkout(a);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      error: 'stripe_unavailable',
      message:
        'Stripe did not answer, or had a fault, even when asked again. Nothing was charged and no payment page is open. Try again in a few minutes; status.stripe.com says whether Stripe is having trouble.',
    });
    expectNoLeak(res.body);
    expect(a.stripe!.requests).toHaveLength(3);
    expect(new Set(keysOf(a)).size).toBe(1);
    await expectNothingRecorded(a);
    // Stripe back: the next click opens the page, with the same key still.
    a.stripe!.failAll(null);
    expect((await checkout(a)).statusCode).toBe(201);
    expect(new Set(keysOf(a)).size).toBe(1);
  });

  it('does not retry a 500 Stripe marks Stripe-Should-Retry: false (its idempotency layer saved it)', async () => {
    const a = await depositApp();
    a.stripe!.script(serverFault({ 'stripe-should-retry': 'false' }));
    const res = await checkout(a);
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toBe('stripe_unavailable');
    expect(a.stripe!.requests).toHaveLength(1);
    await expectNothingRecorded(a);
  });

  it('retries a request whose answer was lost (past the timeout) with the same key: one session, not two', async () => {
    const a = await depositApp({ stripeTimeoutMs: 400 });
    a.stripe!.script({ lateMs: 2_000 });
    const res = await checkout(a);
    expect(res.statusCode, res.body).toBe(201);
    expect(a.stripe!.requests).toHaveLength(2);
    expect(new Set(keysOf(a)).size).toBe(1);
    // Stripe made the session on the first request; the retry was given that same session.
    expect(a.stripe!.sessions()).toBe(1);
    const doc = await a.services.store.deposits.get(a.entryId);
    expect(res.json().url).toBe(doc?.checkoutUrl);
  });

  it('answers Stripe unreachable with 502 stripe_unavailable', async () => {
    const a = await depositApp();
    await a.stripe!.close();
    const res = await checkout(a);
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toBe('stripe_unavailable');
    await expectNothingRecorded(a);
  });

  it('answers a refusal (402 card_error, 400 invalid_request_error, 401) with 502 stripe_error: Stripe’s type, code and request id, never its message', async () => {
    const a = await depositApp();
    const cases = [
      [
        stripeError(
          402,
          'Your card was declined (issuer 0x4f, risk rule 17).',
          'card_error',
          'card_declined',
        ),
        'Stripe refused to open the payment page (card_error: card_declined).',
      ],
      [
        stripeError(
          400,
          'Invalid currency: usd (account acct_internal_9)',
          'invalid_request_error',
          'parameter_invalid',
        ),
        'Stripe refused to open the payment page (invalid_request_error: parameter_invalid).',
      ],
      [
        stripeError(
          401,
          'Invalid API Key provided: sk_live_****1234',
          'invalid_request_error',
          'api_key_invalid',
        ),
        'Stripe did not accept the secret key (STRIPE_SECRET_KEY).',
      ],
    ] as const;
    for (const [answer, sentence] of cases) {
      a.stripe!.script(answer);
      const before = a.stripe!.requests.length;
      const res = await checkout(a);
      expect(res.statusCode, sentence).toBe(502);
      // A 4xx is not retried: one request each.
      expect(a.stripe!.requests.length - before).toBe(1);
      const { error, message } = res.json<{ error: string; message: string }>();
      expect(error).toBe('stripe_error');
      expect(message).toBe(
        `${sentence} Nothing was charged and no payment page is open. Check the Stripe settings; Stripe's Dashboard (Developers → Logs) has request req_standin${a.stripe!.requests.length}.`,
      );
      expect(res.body).not.toContain(answer.body.error.message);
      expect(res.body).not.toMatch(/issuer|acct_internal|sk_live/);
    }
    await expectNothingRecorded(a);
  });
});

/** The family's page path, from the link the owner copies. */
async function pagePath(a: DepositApp) {
  const res = await call(a, 'POST', familyLinkUrl(a.entryId), { reissue: false });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return new URL(res.json<FamilyLink>().url!).pathname;
}

/** The page's Pay button, as a browser posts a form with no fields. */
const pressPay = (a: DepositApp, path: string) =>
  a.app.inject({
    method: 'POST',
    url: `${path}/deposit`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });

/** A page in the site's look (its header and heading), about the payment page, with a way back. */
function expectCannotPayPage(res: Awaited<ReturnType<typeof pressPay>>, path: string) {
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.body).toContain('<header><a href="/">Cedar Bluff Labradors</a></header>');
  expect(res.body).toContain('<h1>The payment page could not be opened</h1>');
  expect(res.body).toContain('Nothing has been charged.');
  expect(res.body).toContain(`<a href="${path}">Back to your page</a>`);
  // The owner's words (settings, request ids, Stripe's error types) are not the family's.
  expect(res.body).not.toMatch(/STRIPE_SECRET_KEY|req_|card_error|api_error|Dashboard/);
  expectNoLeak(res.body);
}

describe("Stripe's faults and refusals, for a family (their page's Pay button)", () => {
  it('goes on to Stripe after a 500 retried with the same key', async () => {
    const a = await depositApp();
    const path = await pagePath(a);
    a.stripe!.script(serverFault());
    const res = await pressPay(a, path);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    expect(new Set(keysOf(a))).toEqual(new Set([`deposit-${a.entryId}-30000-0-family`]));
    expect(a.stripe!.requests).toHaveLength(2);
  });

  it('shows a 502 page in the site’s look for a persistent 500, and their page still says not yet paid', async () => {
    const a = await depositApp();
    const path = await pagePath(a);
    a.stripe!.failAll(serverFault());
    const res = await pressPay(a, path);
    expect(res.statusCode).toBe(502);
    expectCannotPayPage(res, path);
    expect(res.body).toContain('Please try again in a few minutes');
    expect(new Set(keysOf(a)).size).toBe(1);
    await expectNothingRecorded(a);
    const page = await a.app.inject({ method: 'GET', url: path });
    expect(page.body).toContain('Deposit: $300.00 — not yet paid');
  });

  it('shows a 503 page with Retry-After for a 429 rate_limit, then goes on with the same key', async () => {
    const a = await depositApp();
    const path = await pagePath(a);
    a.stripe!.script(rateLimited());
    const busy = await pressPay(a, path);
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('60');
    expectCannotPayPage(busy, path);
    expect(busy.body).toContain('Our payment provider is busy just now.');
    await expectNothingRecorded(a);
    const again = await pressPay(a, path);
    expect(again.statusCode).toBe(303);
    const [first, second] = keysOf(a);
    expect(second).toBe(first);
  });

  it('shows a 502 page for a refusal (402 card_error), without Stripe’s message', async () => {
    const a = await depositApp();
    const path = await pagePath(a);
    a.stripe!.script(
      stripeError(402, 'Your card was declined (issuer 0x4f).', 'card_error', 'card_declined'),
    );
    const res = await pressPay(a, path);
    expect(res.statusCode).toBe(502);
    expectCannotPayPage(res, path);
    expect(res.body).not.toContain('declined');
    await expectNothingRecorded(a);
  });
});
