import type { Deposit, DepositMethod } from '@cedar/api-contract';
import { HttpError } from '../lib/http-errors';
import type { DepositDoc, DepositStepDoc } from '../store/documents';

// What each thing that happens does to a deposit, as pure functions: the routes and the webhook
// read the deposit, apply one of these and write the result over the version they read
// (deposits.ts). The rules for events that come twice or out of order are decision 030's.

/** A deposit without its version: what a change makes, before it is written. */
export type DepositDraft = Omit<DepositDoc, 'version'>;

/** How many steps of its story a deposit keeps (the oldest go). */
const HISTORY_KEPT = 50;

export type DepositChange =
  /** A card payment page (Stripe Checkout Session) was opened. */
  | {
      kind: 'checkout';
      sessionId: string;
      url: string;
      expiresAt: Date;
      amountCents: number;
      by?: string;
    }
  /** Stripe: the page closed unpaid (checkout.session.expired). */
  | { kind: 'checkout-expired'; sessionId: string }
  /** Stripe: paid by card (checkout.session.completed, payment_status 'paid'). */
  | {
      kind: 'card-paid';
      sessionId: string;
      paymentIntentId: string;
      amountCents: number;
      /** Refunds of this payment Stripe reported before the payment itself, oldest first. */
      earlierRefunds: { refundedCents: number; full: boolean; at: Date }[];
    }
  /** Stripe: the charge was refunded, in part or in full (charge.refunded). */
  | { kind: 'card-refund'; paymentIntentId: string; refundedCents: number; full: boolean }
  /** The owner: paid another way. */
  | { kind: 'manual-paid'; amountCents: number; method: DepositMethod; note: string; by: string }
  /** The owner: a deposit recorded by hand was given back. */
  | { kind: 'manual-refund'; note: string; by: string }
  /** The owner: a deposit recorded by hand by mistake is taken back. */
  | { kind: 'undo'; by: string };

/** What a change did: the deposit to write (null: nothing to write) and a word for the log. */
export interface ChangeResult {
  next: DepositDraft | null;
  outcome:
    'applied' | 'duplicate' | 'second-payment' | 'refund-kept' | 'not-awaiting' | 'partly-refunded';
}

const withStep = (doc: DepositDraft, step: DepositStepDoc): DepositDraft => ({
  ...doc,
  history: [...doc.history, step].slice(-HISTORY_KEPT),
});

/** The deposit's fields of a payment, cleared (a new payment or an undo starts from none). */
function withoutPayment(doc: DepositDraft): DepositDraft {
  const {
    method: _m,
    paidAt: _p,
    refundedCents: _rc,
    refundedAt: _ra,
    note: _n,
    checkoutSessionId: _s,
    checkoutUrl: _u,
    checkoutExpiresAt: _e,
    paymentIntentId: _pi,
    ...rest
  } = doc;
  return rest;
}

/** A refund of the card payment: the most refunded so far holds (refunds only grow). */
function refund(doc: DepositDraft, refundedCents: number, full: boolean, at: Date): ChangeResult {
  const before = doc.refundedCents ?? 0;
  const most = Math.max(before, refundedCents);
  if (doc.state === 'refunded' || (most === before && !full))
    return { next: null, outcome: 'duplicate' };
  if (full)
    return {
      next: withStep(
        {
          ...doc,
          state: 'refunded',
          refundedCents: most,
          refundedAt: at,
          refunds: (doc.refunds ?? 0) + 1,
        },
        { at, what: 'refunded', amountCents: most, method: 'card' },
      ),
      outcome: 'applied',
    };
  return {
    next: withStep(
      { ...doc, refundedCents: most },
      { at, what: 'partly-refunded', amountCents: most, method: 'card' },
    ),
    outcome: 'partly-refunded',
  };
}

/**
 * Applies one change to a family's deposit (`doc` null: none yet) at `at`. Throws the HttpError
 * the owner sees when the change makes no sense for the deposit as it is (recording a deposit
 * twice, refunding a card deposit here rather than in Stripe).
 */
export function applyDepositChange(
  doc: DepositDraft | null,
  base: { entryId: string; inquiryId: string },
  change: DepositChange,
  at: Date,
): ChangeResult {
  const current: DepositDraft = doc ?? {
    _id: base.entryId,
    inquiryId: base.inquiryId,
    state: 'none',
    amountCents: 0,
    history: [],
    updatedAt: at,
  };
  const stamp = (next: DepositDraft): DepositDraft => ({ ...next, updatedAt: at });
  switch (change.kind) {
    case 'checkout': {
      if (current.state === 'paid') throw alreadyPaid(current);
      const next = withStep(
        {
          ...withoutPayment(current),
          state: 'awaiting',
          amountCents: change.amountCents,
          checkoutSessionId: change.sessionId,
          checkoutUrl: change.url,
          checkoutExpiresAt: change.expiresAt,
        },
        {
          at,
          what: 'checkout',
          amountCents: change.amountCents,
          method: 'card',
          ...(change.by ? { by: change.by } : {}),
        },
      );
      return { next: stamp(next), outcome: 'applied' };
    }
    case 'checkout-expired': {
      if (current.state !== 'awaiting' || current.checkoutSessionId !== change.sessionId)
        return { next: null, outcome: 'not-awaiting' };
      return { next: stamp({ ...withoutPayment(current), state: 'none' }), outcome: 'applied' };
    }
    case 'card-paid': {
      // The same payment again (or after its refund): a refunded deposit stays refunded.
      if (
        current.paymentIntentId === change.paymentIntentId &&
        (current.state === 'paid' || current.state === 'refunded')
      )
        return { next: null, outcome: 'duplicate' };
      if (current.state === 'paid') {
        // Paid already (by hand, or another card payment): the owner has one to give back.
        const next = withStep(current, {
          at,
          what: 'second-payment',
          amountCents: change.amountCents,
          method: 'card',
        });
        return { next: stamp(next), outcome: 'second-payment' };
      }
      let next = withStep(
        {
          ...withoutPayment(current),
          state: 'paid',
          amountCents: change.amountCents,
          method: 'card',
          paidAt: at,
          checkoutSessionId: change.sessionId,
          paymentIntentId: change.paymentIntentId,
        },
        { at, what: 'paid', amountCents: change.amountCents, method: 'card' },
      );
      // A refund Stripe reported first still holds: the payment never turns it back to paid.
      for (const earlier of change.earlierRefunds)
        next = refund(next, earlier.refundedCents, earlier.full, earlier.at).next ?? next;
      return {
        next: stamp(next),
        outcome: next.state === 'refunded' ? 'refund-kept' : 'applied',
      };
    }
    case 'card-refund': {
      if (current.paymentIntentId !== change.paymentIntentId)
        return { next: null, outcome: 'duplicate' };
      const result = refund(current, change.refundedCents, change.full, at);
      return { ...result, next: result.next ? stamp(result.next) : null };
    }
    case 'manual-paid': {
      if (current.state === 'paid') throw alreadyPaid(current);
      const next = withStep(
        {
          ...withoutPayment(current),
          state: 'paid',
          amountCents: change.amountCents,
          method: change.method,
          paidAt: at,
          ...(change.note ? { note: change.note } : {}),
        },
        {
          at,
          what: 'paid',
          amountCents: change.amountCents,
          method: change.method,
          by: change.by,
          ...(change.note ? { note: change.note } : {}),
        },
      );
      return { next: stamp(next), outcome: 'applied' };
    }
    case 'manual-refund': {
      if (current.state !== 'paid')
        throw new HttpError(409, 'not_paid', 'There is no paid deposit to mark as refunded.');
      if (current.method === 'card') throw refundInStripe();
      const next = withStep(
        {
          ...current,
          state: 'refunded',
          refundedCents: current.amountCents,
          refundedAt: at,
          refunds: (current.refunds ?? 0) + 1,
        },
        {
          at,
          what: 'refunded',
          amountCents: current.amountCents,
          ...(current.method ? { method: current.method } : {}),
          by: change.by,
          ...(change.note ? { note: change.note } : {}),
        },
      );
      return { next: stamp(next), outcome: 'applied' };
    }
    case 'undo': {
      if (current.state !== 'paid')
        throw new HttpError(409, 'not_paid', 'There is no recorded deposit to undo.');
      if (current.method === 'card') throw refundInStripe();
      const next = withStep(
        { ...withoutPayment(current), state: 'none', amountCents: 0 },
        {
          at,
          what: 'undone',
          amountCents: current.amountCents,
          ...(current.method ? { method: current.method } : {}),
          by: change.by,
        },
      );
      return { next: stamp(next), outcome: 'applied' };
    }
  }
}

const alreadyPaid = (doc: DepositDraft) =>
  new HttpError(
    409,
    'already_paid',
    `This family’s deposit is already paid${doc.paidAt ? ` (${doc.paidAt.toISOString().slice(0, 10)})` : ''}.`,
  );

const refundInStripe = () =>
  new HttpError(
    409,
    'refund_in_stripe',
    'A card deposit is refunded in your Stripe Dashboard; the site marks it refunded when Stripe says so.',
  );

/**
 * The deposit as the screens and the family page show it: `due` is the amount asked when there
 * is none yet; a card payment page that has closed unpaid shows as none.
 */
export function depositView(
  doc: DepositDoc | null,
  entryId: string,
  due: number,
  now: Date,
): Deposit {
  const history = (doc?.history ?? []).map((step) => ({
    ...step,
    at: step.at.toISOString(),
  }));
  const open =
    doc?.state === 'awaiting' &&
    doc.checkoutExpiresAt !== undefined &&
    doc.checkoutExpiresAt.getTime() > now.getTime();
  if (!doc || doc.state === 'none' || (doc.state === 'awaiting' && !open))
    return { entryId, state: 'none', amountCents: due, currency: 'usd', history };
  return {
    entryId,
    state: doc.state,
    amountCents: doc.amountCents,
    currency: 'usd',
    ...(doc.method ? { method: doc.method } : {}),
    ...(doc.paidAt ? { paidAt: doc.paidAt.toISOString() } : {}),
    ...(doc.refundedCents ? { refundedCents: doc.refundedCents } : {}),
    ...(doc.refundedAt ? { refundedAt: doc.refundedAt.toISOString() } : {}),
    ...(doc.note ? { note: doc.note } : {}),
    ...(open && doc.checkoutExpiresAt
      ? { checkoutExpiresAt: doc.checkoutExpiresAt.toISOString() }
      : {}),
    history,
  };
}
