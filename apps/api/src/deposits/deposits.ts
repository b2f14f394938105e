import {
  DEFAULT_DEPOSIT_CENTS,
  GENERAL_LIST,
  type Deposit,
  type DepositAmounts,
  type DepositOverview,
} from '@cedar/api-contract';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../lib/http-errors';
import type { Store } from '../store';
import type { DepositDoc, WaitlistDoc, WaitlistEntryDoc } from '../store/documents';
import {
  applyDepositChange,
  depositView,
  type ChangeResult,
  type DepositChange,
} from './deposit-state';

/** What the deposit services need of the app: the store, the litters, the clock, Stripe. */
export type DepositDeps = Pick<
  FastifyInstance,
  'store' | 'files' | 'env' | 'clock' | 'stripe' | 'log'
>;

/** The store key of a litter's own amount. */
export const litterAmountKey = (litterId: string) => `litter:${litterId}`;
export const DEFAULT_AMOUNT_KEY = 'default';

/** The amounts the owner set, with the product's default where none is. */
export async function depositAmounts(store: Store): Promise<DepositAmounts> {
  const docs = await store.deposits.amounts();
  return {
    defaultCents:
      docs.find((d) => d._id === DEFAULT_AMOUNT_KEY)?.amountCents ?? DEFAULT_DEPOSIT_CENTS,
    litters: docs
      .filter((d) => d._id.startsWith('litter:'))
      .map((d) => ({ litterId: d._id.slice('litter:'.length), amountCents: d.amountCents })),
  };
}

/** The deposit a family on `listKey` is asked for: the litter's own amount, else the default. */
export function amountDue(amounts: DepositAmounts, listKey: string): number {
  if (listKey === GENERAL_LIST) return amounts.defaultCents;
  return amounts.litters.find((l) => l.litterId === listKey)?.amountCents ?? amounts.defaultCents;
}

/** The family on the lists with this entry id, and the list's key; null when on none. */
export function listedEntry(
  doc: WaitlistDoc,
  entryId: string,
): { entry: WaitlistEntryDoc; listKey: string } | null {
  for (const list of doc.lists) {
    const entry = list.entries.find((e) => e.id === entryId);
    if (entry) return { entry, listKey: list.key };
  }
  return null;
}

/**
 * Applies a change to a family's deposit over any change made at the same moment (a webhook and
 * the owner's click): each write names the version it read, and a refused write is tried again
 * on the deposit as it is now. Answers the deposit as written and what the change did.
 */
export async function changeDeposit(
  store: Store,
  now: Date,
  base: { entryId: string; inquiryId: string },
  change: DepositChange,
): Promise<{ doc: DepositDoc | null } & Pick<ChangeResult, 'outcome'>> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const doc = await store.deposits.get(base.entryId);
    const { next, outcome } = applyDepositChange(doc, base, change, now);
    if (!next) return { doc, outcome };
    const saved = await store.deposits.write(next, doc?.version ?? 0);
    if (saved) return { doc: saved, outcome };
  }
  throw new HttpError(
    409,
    'conflict',
    'The deposit was changed at the same moment. It is shown as it is now: try again.',
  );
}

/**
 * A family's deposit, by their waitlist entry id, as the family page and the admin screens show
 * it: state, amount (asked, or paid), method, dates and its story. Throws 404 when the family is
 * on no list.
 */
export async function depositOf(
  deps: Pick<DepositDeps, 'store' | 'clock'>,
  entryId: string,
): Promise<Deposit> {
  const listed = listedEntry(await deps.store.waitlists.get(), entryId);
  if (!listed) throw notOnList();
  const [doc, amounts] = await Promise.all([
    deps.store.deposits.get(entryId),
    depositAmounts(deps.store),
  ]);
  return depositView(doc, entryId, amountDue(amounts, listed.listKey), deps.clock());
}

/** Every listed family's deposit, the amounts, whether cards are taken, what matched no family. */
export async function depositOverview(deps: DepositDeps): Promise<DepositOverview> {
  const [waitlists, docs, amounts, unmatched] = await Promise.all([
    deps.store.waitlists.get(),
    deps.store.deposits.list(),
    depositAmounts(deps.store),
    deps.store.stripeEvents.unmatched(20),
  ]);
  const byId = new Map(docs.map((d) => [d._id, d]));
  const now = deps.clock();
  const deposits: Record<string, Deposit> = {};
  for (const list of waitlists.lists)
    for (const entry of list.entries)
      deposits[entry.id] = depositView(
        byId.get(entry.id) ?? null,
        entry.id,
        amountDue(amounts, list.key),
        now,
      );
  return {
    cardPayments: deps.stripe !== null,
    amounts,
    deposits,
    unmatched: unmatched.map((e) => ({
      at: new Date(e.created * 1000).toISOString(),
      amountCents: e.amountCents ?? 0,
      reference: e.reference ?? e._id,
    })),
  };
}

export const notOnList = () =>
  new HttpError(404, 'not_on_list', 'This family is not on a waitlist.');
