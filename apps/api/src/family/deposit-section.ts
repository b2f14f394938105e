import { FAMILY_PAGE_PREFIX } from '@cedar/api-contract';
import { escapeHtml } from '../lib/site-page';
import { longDate } from './family-words';

/**
 * What the family page shows of the deposit. The deposits themselves (Stripe, a record of one
 * paid another way) are issue 40's point 1: its route hands its state here.
 */
export interface FamilyDeposit {
  /** The amount asked, in whole cents (USD), when one is set. */
  cents?: number;
  status: 'none' | 'paid' | 'refunded';
  /** When it was paid or refunded. */
  at?: Date;
  /** True when the family may pay it from the page (Stripe set up, not paid yet). */
  payable: boolean;
}

/** Where Stripe's payment page sent the family back to (`?deposit=` on the page's address). */
export type DepositReturn = 'paid' | 'cancelled';

const RETURN_NOTICE: Record<DepositReturn, string> = {
  // Stripe's webhook, not this redirect, marks the deposit paid: the redirect can be typed by anyone.
  paid: 'Thank you! Your payment went through; this page will show your deposit as paid as soon as Stripe confirms it to us, usually within a minute.',
  cancelled:
    'You left the payment page before paying: nothing was charged. You can pay whenever you are ready.',
};

/** $300.00 */
export const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * The deposit part of a family's page: the amount and where it stands, and with `payable` a
 * button that posts to `/family/<token>/deposit` (which opens the payment), no script needed.
 */
export function depositSection(
  deposit: FamilyDeposit,
  token: string,
  returned?: DepositReturn,
): string {
  const amount = deposit.cents === undefined ? '' : ` ${dollars(deposit.cents)}`;
  const when = deposit.at ? ` on ${longDate(deposit.at)}` : '';
  const state =
    deposit.status === 'paid'
      ? `paid${when}`
      : deposit.status === 'refunded'
        ? `refunded${when}`
        : 'not yet paid';
  const button =
    deposit.payable && deposit.status === 'none'
      ? `<form method="post" action="${FAMILY_PAGE_PREFIX}${escapeHtml(token)}/deposit"><button type="submit">Pay the deposit${escapeHtml(amount)}</button></form>`
      : '';
  // 'Deposit: $300.00 — paid on November 2, 2026'; 'Deposit: not yet paid' while no amount is set.
  const line = amount ? `Deposit:${amount} — ${state}` : `Deposit: ${state}`;
  const notice =
    returned && !(returned === 'paid' && deposit.status === 'paid')
      ? `<p role="status">${escapeHtml(RETURN_NOTICE[returned])}</p>`
      : '';
  return `<section class="deposit" aria-labelledby="deposit-heading"><h2 id="deposit-heading">Your deposit</h2>${notice}<p>${escapeHtml(line)}</p>${button}</section>`;
}
