import { GENERAL_LIST } from '@cedar/api-contract';
import Stripe from 'stripe';
import { readLitters } from '../litters/litters-file';
import { HttpError } from '../lib/http-errors';
import { securityEvent } from '../lib/security-log';
import {
  amountDue,
  changeDeposit,
  depositAmounts,
  listedEntry,
  notOnList,
  type DepositDeps,
} from './deposits';

/** An open payment page is handed out again while it has at least this long to run. */
const REUSE_MARGIN_MS = 30 * 60_000;

export interface CheckoutOptions {
  /** Where Stripe sends the payer back, a path under PUBLIC_URL (default: the home page). */
  returnPath?: string;
  /** The admin who asked (origin 'owner'), for the deposit's story and the audit log. */
  by?: string;
}

/**
 * Opens a Stripe Checkout Session for a listed family's deposit (issue 40, decision 030) and
 * answers its page's address: one USD line of the litter's deposit, the waitlist entry as
 * `client_reference_id` and in the metadata, and an idempotency key per entry and amount, so a
 * double click (or the client's retry) opens one session. A page still open for the same amount
 * is handed out again. Card details go to Stripe's page only, never through this server.
 *
 * Throws HttpError: 409 `payments_off` without STRIPE_SECRET_KEY, 404 `not_on_list`, 409
 * `already_paid`, and when Stripe does not open the page (after the client's own retries,
 * plugins/payments.ts) 503 `stripe_busy`, 502 `stripe_unavailable` or 502 `stripe_error`
 * (stripeFailure). Nothing is stored then: the deposit stays as it was.
 */
export async function startDepositCheckout(
  deps: DepositDeps,
  entryId: string,
  origin: 'owner' | 'family',
  options: CheckoutOptions = {},
): Promise<{ url: string }> {
  const { store, stripe, env, clock } = deps;
  if (!stripe)
    throw new HttpError(
      409,
      'payments_off',
      'Card payments are not set up on this site (STRIPE_SECRET_KEY). Record a deposit paid another way instead.',
    );
  const listed = listedEntry(await store.waitlists.get(), entryId);
  if (!listed) throw notOnList();
  const amountCents = amountDue(await depositAmounts(store), listed.listKey);
  const now = clock();
  const doc = await store.deposits.get(entryId);
  if (doc?.state === 'paid')
    throw new HttpError(409, 'already_paid', 'This family’s deposit is already paid.');
  if (
    doc?.state === 'awaiting' &&
    doc.amountCents === amountCents &&
    doc.checkoutUrl &&
    (doc.checkoutExpiresAt?.getTime() ?? 0) - now.getTime() > REUSE_MARGIN_MS
  )
    return { url: doc.checkoutUrl };

  const { litters } = await readLitters(deps.files);
  const litter = litters.find((l) => l.id === listed.listKey);
  const product =
    listed.listKey === GENERAL_LIST || !litter
      ? 'Deposit — Cedar Bluff Labradors waitlist'
      : `Deposit — ${litter.name}’s litter`;
  const back = new URL(options.returnPath ?? '/', env.PUBLIC_URL);
  const withDeposit = (word: string) => {
    const url = new URL(back);
    url.searchParams.set('deposit', word);
    return url.toString();
  };

  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        client_reference_id: entryId,
        metadata: { entryId, inquiryId: listed.entry.inquiryId },
        payment_intent_data: { metadata: { entryId } },
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: amountCents,
              product_data: { name: product },
            },
          },
        ],
        ...(listed.entry.email.includes('@') ? { customer_email: listed.entry.email } : {}),
        success_url: withDeposit('paid'),
        cancel_url: withDeposit('cancelled'),
      },
      {
        // Per entry and amount; a deposit refunded and asked again gets a new one.
        idempotencyKey: `deposit-${entryId}-${amountCents}-${doc?.refunds ?? 0}-${origin}`,
      },
    );
  } catch (error) {
    throw stripeFailure(deps, error, origin);
  }
  if (!session.url) throw stripeFailure(deps, new Error('a session without a url'), origin);
  await changeDeposit(
    store,
    now,
    { entryId, inquiryId: listed.entry.inquiryId },
    {
      kind: 'checkout',
      sessionId: session.id,
      url: session.url,
      expiresAt: new Date((session.expires_at ?? Math.floor(now.getTime() / 1000) + 86_400) * 1000),
      amountCents,
      ...(options.by ? { by: options.by } : {}),
    },
  );
  securityEvent(deps.log, 'deposit-checkout', 'success', {
    username: options.by ?? null,
    target: listed.entry.inquiryId,
    entry: entryId,
    list: listed.listKey,
    amount: amountCents,
    method: origin,
  });
  return { url: session.url };
}

/** Seconds a family or the owner is asked to wait after Stripe's rate limiter said no. */
const BUSY_RETRY_AFTER_S = 60;

/** A word of Stripe's (an error type or code, a request id) fit to show the owner, or null. */
const stripeWord = (value: unknown, shape: RegExp) =>
  typeof value === 'string' && shape.test(value) ? value : null;

/**
 * What the owner (JSON on the admin screens) or the family (their page) is told when Stripe did
 * not open the payment page, the client's retries spent (decision 030, "Stripe's errors"):
 * - 429 that Stripe did not mark for a retry (its rate limiter, before its idempotency layer:
 *   nothing was saved under our key): 503 `stripe_busy` with Retry-After, try again in a minute;
 * - a fault on Stripe's side (5xx), no answer in time, no connection: 502 `stripe_unavailable`;
 * - any other refusal (400, 401, 402, 403, 404, an idempotency error): 502 `stripe_error`, a
 *   setting or a request of ours Stripe will not take, the owner's to look at.
 * Stripe's own message is logged, never shown (it can name Stripe's or our internals); the owner
 * sees Stripe's error type, code and request id (words Stripe documents, for its Dashboard's
 * logs), the family only that nothing was charged and when to try again.
 */
function stripeFailure(deps: DepositDeps, error: unknown, origin: 'owner' | 'family') {
  const stripeError = error instanceof Stripe.errors.StripeError ? error : null;
  const status = stripeError?.statusCode;
  const kind: 'busy' | 'unavailable' | 'refused' =
    stripeError instanceof Stripe.errors.StripeRateLimitError
      ? 'busy'
      : !stripeError ||
          stripeError instanceof Stripe.errors.StripeConnectionError ||
          stripeError instanceof Stripe.errors.StripeAPIError ||
          (status ?? 0) >= 500
        ? 'unavailable'
        : 'refused';
  const type = stripeWord(stripeError?.rawType, /^[a-z_]{1,40}$/);
  const code = stripeWord(stripeError?.code, /^[a-z_]{1,60}$/);
  const requestId = stripeWord(stripeError?.requestId, /^req_[A-Za-z0-9]{1,60}$/);
  deps.log.warn(
    {
      stripe: {
        kind,
        status: status ?? null,
        type,
        code,
        requestId,
        message: error instanceof Error ? error.message : String(error),
      },
    },
    'Stripe did not open a Checkout Session',
  );
  const nothingCharged = 'Nothing was charged and no payment page is open.';
  if (kind === 'busy')
    return new HttpError(
      503,
      'stripe_busy',
      origin === 'family'
        ? 'Our payment provider is busy just now. Nothing has been charged. Please try again in a minute.'
        : `Stripe is busy and asked us to slow down. ${nothingCharged} Try again in a minute.`,
      {},
      { 'retry-after': String(BUSY_RETRY_AFTER_S) },
    );
  if (origin === 'family')
    return new HttpError(
      502,
      kind === 'unavailable' ? 'stripe_unavailable' : 'stripe_error',
      'The payment page could not be opened just now. Nothing has been charged. Please try again in a few minutes; if it keeps failing, write to us and we will sort it out.',
    );
  if (kind === 'unavailable')
    return new HttpError(
      502,
      'stripe_unavailable',
      `Stripe did not answer, or had a fault, even when asked again. ${nothingCharged} Try again in a few minutes; status.stripe.com says whether Stripe is having trouble.`,
    );
  const what = [type, code].filter(Boolean).join(': ');
  const why =
    stripeError instanceof Stripe.errors.StripeAuthenticationError
      ? 'Stripe did not accept the secret key (STRIPE_SECRET_KEY).'
      : `Stripe refused to open the payment page${what ? ` (${what})` : ''}.`;
  return new HttpError(
    502,
    'stripe_error',
    `${why} ${nothingCharged} Check the Stripe settings${requestId ? `; Stripe's Dashboard (Developers → Logs) has request ${requestId}` : ''}.`,
  );
}
