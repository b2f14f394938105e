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
 * `already_paid`, 502 `stripe_error` when Stripe refuses or cannot be reached.
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
    deps.log.warn(
      { err: error instanceof Stripe.errors.StripeError ? error.message : String(error) },
      'Stripe did not open a Checkout Session',
    );
    throw new HttpError(
      502,
      'stripe_error',
      'Stripe did not open the payment page. Try again in a minute; if it keeps failing, check the Stripe settings.',
    );
  }
  if (!session.url)
    throw new HttpError(502, 'stripe_error', 'Stripe answered without a payment page.');
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
