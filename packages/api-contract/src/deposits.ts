import { z } from 'zod';

// Issue 40: deposits tied to the waitlist (decision 030). Amounts are integer cents, in USD.

/** The smallest and largest deposit the site takes or records: $0.01 and $5,000.00. */
export const DEPOSIT_LIMITS = { minCents: 1, maxCents: 500_000 } as const;

/** The deposit asked for when the owner has set none: $300.00. */
export const DEFAULT_DEPOSIT_CENTS = 30_000;

/** How a deposit was paid: by card through Stripe Checkout, or another way the owner records. */
export const DEPOSIT_METHODS = ['card', 'cash', 'cheque', 'bank-transfer'] as const;
export type DepositMethod = (typeof DEPOSIT_METHODS)[number];
/** The ways the owner may record by hand (a card payment is Stripe's to report). */
export const MANUAL_DEPOSIT_METHODS = ['cash', 'cheque', 'bank-transfer'] as const;

export const DEPOSIT_METHOD_LABELS: Record<DepositMethod, string> = {
  card: 'Card',
  cash: 'Cash',
  cheque: 'Cheque',
  'bank-transfer': 'Bank transfer',
};

/** An amount in whole cents within the limits, with a sentence for each way it can be wrong. */
export const depositCentsSchema = z
  .number('Give the amount in cents, as a whole number')
  .int('Give the amount in whole cents')
  .min(DEPOSIT_LIMITS.minCents, 'A deposit is more than $0.00')
  .max(DEPOSIT_LIMITS.maxCents, 'A deposit is at most $5,000.00');

/**
 * none: nothing asked or paid yet; awaiting: a card payment page (Stripe Checkout) was opened and
 * not paid; paid; refunded (in full).
 */
export const DEPOSIT_STATES = ['none', 'awaiting', 'paid', 'refunded'] as const;
export type DepositState = (typeof DEPOSIT_STATES)[number];

/** One step of a deposit's story, oldest first: what happened, when, and who or what said so. */
export const depositStepSchema = z.object({
  at: z.iso.datetime(),
  what: z.enum(['checkout', 'paid', 'refunded', 'partly-refunded', 'undone', 'second-payment']),
  amountCents: z.number().int().optional(),
  method: z.enum(DEPOSIT_METHODS).optional(),
  /** The admin who recorded it; absent when Stripe reported it. */
  by: z.string().optional(),
  note: z.string().optional(),
});
export type DepositStep = z.infer<typeof depositStepSchema>;

/**
 * One family's deposit (by their waitlist entry): what the family page and the admin screens
 * show. `amountCents` is what was paid when paid or refunded, else what is asked.
 */
export const depositSchema = z.object({
  entryId: z.string(),
  state: z.enum(DEPOSIT_STATES),
  amountCents: z.number().int().nonnegative(),
  currency: z.literal('usd'),
  method: z.enum(DEPOSIT_METHODS).optional(),
  paidAt: z.iso.datetime().optional(),
  /** Refunded so far (a partial refund leaves the deposit paid). */
  refundedCents: z.number().int().nonnegative().optional(),
  refundedAt: z.iso.datetime().optional(),
  /** The owner's note on a deposit recorded by hand. */
  note: z.string().optional(),
  /** When a card payment page was opened and is still open: when it closes. */
  checkoutExpiresAt: z.iso.datetime().optional(),
  history: z.array(depositStepSchema),
});
export type Deposit = z.infer<typeof depositSchema>;

/** What the owner set: the default, and each litter's own amount where it has one. */
export const depositAmountsSchema = z.object({
  defaultCents: z.number().int(),
  litters: z.array(z.object({ litterId: z.string(), amountCents: z.number().int() })),
});
export type DepositAmounts = z.infer<typeof depositAmountsSchema>;

/** `GET /api/admin/deposits`: whether card payments are on, the amounts, each listed family's deposit. */
export const depositOverviewSchema = z.object({
  /** False without STRIPE_SECRET_KEY: no pay button anywhere, deposits are recorded by hand. */
  cardPayments: z.boolean(),
  amounts: depositAmountsSchema,
  /** By waitlist entry id, for every family on a list. */
  deposits: z.record(z.string(), depositSchema),
  /** Card payments Stripe reported for no family on the lists (taken off since?), newest first. */
  unmatched: z.array(
    z.object({ at: z.iso.datetime(), amountCents: z.number().int(), reference: z.string() }),
  ),
});
export type DepositOverview = z.infer<typeof depositOverviewSchema>;

/** Sets the default amount (litterId null) or a litter's (amountCents null: the default again). */
export const depositAmountSchema = z
  .strictObject({
    litterId: z
      .string()
      .regex(/^[a-z0-9-]{1,80}$/, 'No such litter')
      .nullable(),
    amountCents: depositCentsSchema.nullable(),
  })
  .refine((v) => v.litterId !== null || v.amountCents !== null, {
    message: 'The default deposit needs an amount',
    path: ['amountCents'],
  });
export type DepositAmountChange = z.infer<typeof depositAmountSchema>;

/** A deposit the owner took another way than by card. */
export const depositRecordSchema = z.strictObject({
  amountCents: depositCentsSchema,
  method: z.enum(MANUAL_DEPOSIT_METHODS, 'Choose cash, cheque or bank transfer'),
  note: z.string('Add a note').trim().max(500, 'The note fits in 500 characters').default(''),
});
export type DepositRecord = z.input<typeof depositRecordSchema>;

/** A deposit recorded by hand, given back (a card deposit is refunded in Stripe). */
export const depositRefundSchema = z.strictObject({
  note: z.string().trim().max(500, 'The note fits in 500 characters').default(''),
});

/** `POST …/checkout`: the Stripe Checkout page to pay at. */
export const depositCheckoutSchema = z.object({ url: z.url() });

/** "$300.00", "$1,250.50" */
export function formatCents(cents: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
}

/** The deposit routes of one waitlist entry. */
export function depositUrl(
  entryId: string,
  action: 'checkout' | 'record' | 'refund' = 'record',
): string {
  return `/api/admin/deposits/${encodeURIComponent(entryId)}/${action}`;
}

/**
 * A deposit in a few words, as the waitlist, the inquiry card and the CSV say it: "Paid $300.00
 * (cheque, Nov 29, 2026)", "Refunded $300.00", "$100.00 of $300.00 refunded", "Awaiting card
 * payment of $300.00", "Not paid ($300.00 asked)".
 */
export function depositSummary(deposit: Deposit): string {
  const amount = formatCents(deposit.amountCents);
  const day = (iso: string | undefined) =>
    iso
      ? new Date(iso).toLocaleDateString('en-US', {
          month: 'short',
          day: 'numeric',
          year: 'numeric',
          timeZone: 'America/New_York',
        })
      : '';
  const how = deposit.method ? DEPOSIT_METHOD_LABELS[deposit.method].toLowerCase() : '';
  switch (deposit.state) {
    case 'paid': {
      const paid = `Paid ${amount} (${[how, day(deposit.paidAt)].filter(Boolean).join(', ')})`;
      return deposit.refundedCents
        ? `${paid}; ${formatCents(deposit.refundedCents)} refunded`
        : paid;
    }
    case 'refunded':
      return `Refunded ${formatCents(deposit.refundedCents ?? deposit.amountCents)} (${day(deposit.refundedAt)})`;
    case 'awaiting':
      return `Awaiting card payment of ${amount}`;
    default:
      return `Not paid (${amount} asked)`;
  }
}
