import {
  API_ROUTES,
  depositAmountSchema,
  depositRecordSchema,
  depositUrl,
  type Deposit,
  type DepositOverview,
  type Waitlist,
  type WaitlistEntry,
} from '@cedar/api-contract';
import { allLitters } from '@cedar/content';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DashboardScreen } from './dashboard-screen';
import { DepositAmountsPanel } from './litters/deposit-amounts';
import { inboxInquiry, serveInbox } from './test/inbox-api';
import { expectFieldError, schemaMessage } from './test/fields';
import { api, callsTo, renderAdmin, resetToasts, signIn, toasts } from './test/render-admin';
import { WaitlistScreen } from './waitlist-screen';

// Typing into Mantine inputs is slow on a busy machine: the record form types three fields.
vi.setConfig({ testTimeout: 60_000 });

// Issue 40: each family's deposit on the Waitlist screen and the inquiry card; the amounts on the
// Litters screen.

const LITTER = allLitters[0]!;

const entry = (n: number): WaitlistEntry => ({
  id: `e${n}`,
  inquiryId: `inq000${n}`,
  name: `Family ${n}`,
  email: `family${n}@example.com`,
  sex: 'Either',
  color: '',
  addedAt: '2026-11-01T12:00:00.000Z',
  unsubscribed: false,
  bounced: false,
});

const LISTS: Waitlist = {
  version: 1,
  lists: [
    { key: 'general', litterId: null, name: 'the general list', entries: [] },
    {
      key: LITTER.id,
      litterId: LITTER.id,
      name: `${LITTER.name}’s list`,
      entries: [entry(1), entry(2), entry(3)],
    },
  ],
};

const none = (entryId: string): Deposit => ({
  entryId,
  state: 'none',
  amountCents: 30_000,
  currency: 'usd',
  history: [],
});

const OVERVIEW: DepositOverview = {
  cardPayments: true,
  amounts: { defaultCents: 30_000, litters: [] },
  deposits: {
    e1: {
      entryId: 'e1',
      state: 'paid',
      amountCents: 30_000,
      currency: 'usd',
      method: 'cheque',
      paidAt: '2026-11-20T15:00:00.000Z',
      note: 'Cheque #1042',
      history: [],
    },
    e2: none('e2'),
    e3: {
      entryId: 'e3',
      state: 'paid',
      amountCents: 35_000,
      currency: 'usd',
      method: 'card',
      paidAt: '2026-11-21T15:00:00.000Z',
      history: [],
    },
  },
  unmatched: [],
};

/** A 400 as the API words it: the request schema's issue, at its path in the body. */
const refused = (path: string, message: string) =>
  HttpResponse.json(
    { error: 'bad_request', message: `${path}: ${message}`, details: [{ path, message }] },
    { status: 400 },
  );

function serve(overview: DepositOverview = OVERVIEW) {
  let current = structuredClone(overview);
  api.use(
    http.get(API_ROUTES.waitlist.path, () => HttpResponse.json(LISTS)),
    http.get(API_ROUTES.litters.path, () =>
      HttpResponse.json({ sha256: 'a'.repeat(64), litters: allLitters }),
    ),
    http.get(API_ROUTES.announcements.path, () => HttpResponse.json({ announcements: [] })),
    http.get(API_ROUTES.deposits.path, () => HttpResponse.json(current)),
    http.post(API_ROUTES.recordDeposit.path, async ({ request, params }) => {
      const body = (await request.json()) as { amountCents: number; method: 'cash' };
      const deposit: Deposit = {
        entryId: String(params.entryId),
        state: 'paid',
        amountCents: body.amountCents,
        currency: 'usd',
        method: body.method,
        paidAt: '2026-11-29T15:00:00.000Z',
        history: [],
      };
      current = { ...current, deposits: { ...current.deposits, [deposit.entryId]: deposit } };
      return HttpResponse.json(deposit, { status: 201 });
    }),
    http.post(API_ROUTES.depositCheckout.path, ({ params }) =>
      HttpResponse.json(
        { url: `https://checkout.stripe.com/c/pay/cs_test_${String(params.entryId)}` },
        { status: 201 },
      ),
    ),
    http.post(API_ROUTES.refundDeposit.path, ({ params }) => {
      const id = String(params.entryId);
      const deposit: Deposit = {
        ...current.deposits[id]!,
        state: 'refunded',
        refundedCents: current.deposits[id]!.amountCents,
        refundedAt: '2026-11-29T15:00:00.000Z',
      };
      current = { ...current, deposits: { ...current.deposits, [id]: deposit } };
      return HttpResponse.json(deposit);
    }),
  );
}

const rowOf = async (name: string) =>
  (await screen.findAllByTestId('waitlist-entry')).find((r) => r.textContent?.includes(name))!;

beforeEach(() => {
  localStorage.clear();
  signIn();
});
afterEach(resetToasts);

describe('deposits on the Waitlist screen', () => {
  it('shows each family’s deposit: paid by cheque with its note, not paid, paid by card', async () => {
    serve();
    renderAdmin(<WaitlistScreen />, { route: '/admin/waitlist' });
    const first = await rowOf('Family 1');
    await waitFor(() => expect(first).toHaveTextContent('Paid $300.00 (cheque, Nov 20, 2026)'));
    expect(first).toHaveTextContent('Note: Cheque #1042');
    expect(await rowOf('Family 2')).toHaveTextContent('Not paid ($300.00 asked)');
    const third = await rowOf('Family 3');
    expect(third).toHaveTextContent('Paid $350.00 (card, Nov 21, 2026)');
    expect(third).toHaveTextContent('Refund card payments in Stripe');
    expect(within(third).queryByRole('button', { name: /Refunded|Undo/ })).toBeNull();
  });

  it('records a deposit paid another way: checks the amount, then sends cents, the method and the note', async () => {
    serve();
    const user = userEvent.setup();
    renderAdmin(<WaitlistScreen />, { route: '/admin/waitlist' });
    await user.click(await screen.findByRole('button', { name: 'Record a deposit from Family 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a deposit from Family 2' });
    const amount = within(dialog).getByRole('textbox', { name: 'Amount paid' });
    expect(amount).toHaveValue('$300.00');
    await user.clear(amount);
    await user.type(amount, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Record deposit' }));
    expect(await within(dialog).findByText('A deposit is more than $0.00')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose cash, cheque or bank transfer')).toBeInTheDocument();
    expect(callsTo('POST', depositUrl('e2', 'record'))).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '250.5');
    const method = within(dialog).getByRole('combobox', { name: 'Paid by' });
    await user.click(method);
    const options = document.getElementById(method.getAttribute('aria-controls')!)!;
    await user.click(within(options).getByRole('option', { name: 'Bank transfer', hidden: true }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Transfer of Nov 28');
    await user.click(within(dialog).getByRole('button', { name: 'Record deposit' }));
    await waitFor(() => expect(callsTo('POST', depositUrl('e2', 'record'))).toHaveLength(1));
    expect(await callsTo('POST', depositUrl('e2', 'record'))[0]!.json()).toEqual({
      amountCents: 25_050,
      method: 'bank-transfer',
      note: 'Transfer of Nov 28',
    });
    expect(
      await toasts().findByText(/Family 2’s deposit of \$250\.50 is recorded/),
    ).toBeInTheDocument();
    await waitFor(async () =>
      expect(await rowOf('Family 2')).toHaveTextContent('Paid $250.50 (bank transfer'),
    );
  });

  it('opens a card payment link for a family and shows it to copy', async () => {
    serve();
    const user = userEvent.setup();
    renderAdmin(<WaitlistScreen />, { route: '/admin/waitlist' });
    await user.click(await screen.findByRole('button', { name: 'Card payment link for Family 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Card payment for Family 2' });
    expect(within(dialog).getByRole('textbox', { name: 'Payment link' })).toHaveValue(
      'https://checkout.stripe.com/c/pay/cs_test_e2',
    );
    expect(within(dialog).getByRole('link', { name: 'Open the payment page' })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
    expect(callsTo('POST', depositUrl('e2', 'checkout'))).toHaveLength(1);
  });

  it('offers no card link without card payments, and marks a recorded deposit refunded after asking', async () => {
    serve({ ...OVERVIEW, cardPayments: false });
    const user = userEvent.setup();
    renderAdmin(<WaitlistScreen />, { route: '/admin/waitlist' });
    await screen.findByRole('button', { name: 'Record a deposit from Family 2' });
    expect(screen.queryByRole('button', { name: /Card payment link/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Mark Family 1’s deposit refunded' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Family 1’s deposit of $300.00 was given back to them.');
    await user.click(within(dialog).getByRole('button', { name: 'Mark refunded' }));
    await waitFor(() => expect(callsTo('POST', depositUrl('e1', 'refund'))).toHaveLength(1));
    await waitFor(async () =>
      expect(await rowOf('Family 1')).toHaveTextContent('Refunded $300.00'),
    );
  });

  it('shows a helper the deposits without a button to change them', async () => {
    localStorage.clear();
    signIn('helper', 'helper');
    serve();
    renderAdmin(<WaitlistScreen />, { route: '/admin/waitlist' });
    await waitFor(async () => expect(await rowOf('Family 2')).toHaveTextContent('Not paid'));
    expect(
      screen.queryByRole('button', { name: /Record a deposit|Card payment link|refunded|Undo/ }),
    ).toBeNull();
  });

  it('tells the owner of a card payment Stripe reported for no family on the lists', async () => {
    serve({
      ...OVERVIEW,
      unmatched: [
        { at: '2026-11-25T12:00:00.000Z', amountCents: 30_000, reference: 'cs_test_lost' },
      ],
    });
    renderAdmin(<WaitlistScreen />, { route: '/admin/waitlist' });
    const alert = await screen.findByTestId('unmatched-payments');
    expect(alert).toHaveTextContent('Stripe reported a payment for no family on the lists');
    expect(alert).toHaveTextContent('$300.00 on 11/25/2026 (Stripe reference cs_test_lost)');
  });
});

describe('the deposit on the inquiry card', () => {
  it('says the listed family’s deposit under their place', async () => {
    const inbox = serveInbox([
      inboxInquiry(1, { firstName: 'Megan', lastName: 'Whitaker' }),
      inboxInquiry(2, { firstName: 'Noah', lastName: 'Brooks' }),
    ]);
    inbox.waitlist.lists = inbox.waitlist.lists.map((l) =>
      l.key === LITTER.id ? { ...l, entries: [entry(1), entry(2)] } : l,
    );
    api.use(http.get(API_ROUTES.deposits.path, () => HttpResponse.json(OVERVIEW)));
    renderAdmin(<DashboardScreen />, { route: '/admin' });
    const megan = await screen.findByRole('article', { name: 'Megan Whitaker' });
    expect(await within(megan).findByTestId('inquiry-deposit')).toHaveTextContent(
      'Deposit: Paid $300.00 (cheque, Nov 20, 2026)',
    );
    const noah = screen.getByRole('article', { name: 'Noah Brooks' });
    expect(await within(noah).findByTestId('inquiry-deposit')).toHaveTextContent(
      'Deposit: Not paid ($300.00 asked)',
    );
  });
});

describe('the deposit amounts on the Litters screen', () => {
  it('shows the default and sets a litter’s own, refusing an amount over the limit', async () => {
    serve();
    api.use(
      http.put(API_ROUTES.depositAmount.path, async ({ request }) =>
        HttpResponse.json({
          defaultCents: 30_000,
          litters: [{ litterId: LITTER.id, ...((await request.json()) as object) }],
        }),
      ),
    );
    const user = userEvent.setup();
    renderAdmin(<DepositAmountsPanel litters={allLitters} />, { route: '/admin/litters' });
    expect(
      await screen.findByRole('textbox', { name: 'Deposit for Every list (the default)' }),
    ).toHaveValue('$300.00');
    const mine = screen.getByRole('textbox', { name: `Deposit for ${LITTER.name}’s list` });
    expect(mine).toHaveAttribute('placeholder', 'Default ($300.00)');
    await user.type(mine, '6000');
    await user.click(
      screen.getByRole('button', { name: `Save the deposit for ${LITTER.name}’s list` }),
    );
    expect(await screen.findByText('A deposit is at most $5,000.00')).toBeInTheDocument();
    expect(callsTo('PUT', API_ROUTES.depositAmount.path)).toHaveLength(0);
    await user.clear(mine);
    await user.type(mine, '450');
    await user.click(
      screen.getByRole('button', { name: `Save the deposit for ${LITTER.name}’s list` }),
    );
    await waitFor(() => expect(callsTo('PUT', API_ROUTES.depositAmount.path)).toHaveLength(1));
    expect(await callsTo('PUT', API_ROUTES.depositAmount.path)[0]!.json()).toEqual({
      litterId: LITTER.id,
      amountCents: 45_000,
    });
    expect(await toasts().findByText(`${LITTER.name}’s list: $450.00.`)).toBeInTheDocument();
  });

  it('says the default needs an amount in the API’s words, and a refusal on the amount’s field', async () => {
    serve();
    api.use(
      http.put(API_ROUTES.depositAmount.path, () =>
        refused('amountCents', 'The server refuses this amount'),
      ),
    );
    const user = userEvent.setup();
    renderAdmin(<DepositAmountsPanel litters={allLitters} />, { route: '/admin/litters' });
    const field = await screen.findByRole('textbox', {
      name: 'Deposit for Every list (the default)',
    });
    const save = screen.getByRole('button', {
      name: 'Save the deposit for Every list (the default)',
    });
    await user.clear(field);
    await user.click(save);
    const rule = schemaMessage(depositAmountSchema, { litterId: null, amountCents: null });
    expect(await screen.findByText(rule)).toBeInTheDocument();
    expectFieldError(field, rule);
    expect(callsTo('PUT', API_ROUTES.depositAmount.path)).toHaveLength(0);
    await user.type(field, '320');
    await user.click(save);
    await waitFor(() => expectFieldError(field, 'The server refuses this amount'));
  });

  it('shows the server’s refusal of a recorded deposit on the field it names (amountCents on Amount paid)', async () => {
    serve();
    api.use(
      http.post(depositUrl('e2', 'record'), () =>
        refused('amountCents', 'The server refuses this amount'),
      ),
    );
    const user = userEvent.setup();
    renderAdmin(<WaitlistScreen />, { route: '/admin/waitlist' });
    await user.click(await screen.findByRole('button', { name: 'Record a deposit from Family 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a deposit from Family 2' });
    const method = within(dialog).getByRole('combobox', { name: 'Paid by' });
    await user.click(within(dialog).getByRole('button', { name: 'Record deposit' }));
    const rule = schemaMessage(depositRecordSchema, { amountCents: 30_000 });
    expect(await within(dialog).findByText(rule)).toBeInTheDocument();
    expectFieldError(method, rule);
    await user.click(method);
    const options = document.getElementById(method.getAttribute('aria-controls')!)!;
    await user.click(within(options).getByRole('option', { name: 'Cash', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Record deposit' }));
    const amount = within(dialog).getByRole('textbox', { name: 'Amount paid' });
    await waitFor(() => expectFieldError(amount, 'The server refuses this amount'));
  });
});
