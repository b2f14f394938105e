import {
  API_ROUTES,
  DEPOSIT_LIMITS,
  depositAmountSchema,
  depositRecordSchema,
  depositUrl,
  waitlistEntryUrl,
} from '@cedar/api-contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  anotherFamily,
  completedEvent,
  deliver,
  depositApp,
  depositNow,
  overview,
} from '../test/deposits';
import { call, LITTER } from '../test/per-test';
import { stripeError } from '../test/stripe-stand-in';
import { addHelper, HELPER } from '../test/people';
import { logIn } from '../test/build';

const record = (a: Awaited<ReturnType<typeof depositApp>>, body: object, entryId = a.entryId) =>
  call(a, 'POST', depositUrl(entryId, 'record'), body);
const checkout = (a: Awaited<ReturnType<typeof depositApp>>, entryId = a.entryId) =>
  call(a, 'POST', depositUrl(entryId, 'checkout'));
const setAmount = (a: Awaited<ReturnType<typeof depositApp>>, body: object) =>
  call(a, 'PUT', API_ROUTES.depositAmount.path, body);

describe('the amount asked', () => {
  it('is $300.00 until the owner sets a default, and a litter’s own amount wins over it', async () => {
    const a = await depositApp({ cards: false });
    const general = await anotherFamily(a, 2, null);
    let all = await overview(a);
    expect(all.amounts).toEqual({ defaultCents: 30_000, litters: [] });
    expect(all.deposits[a.entryId]).toMatchObject({ state: 'none', amountCents: 30_000 });
    expect((await setAmount(a, { litterId: null, amountCents: 25_000 })).statusCode).toBe(200);
    const res = await setAmount(a, { litterId: LITTER, amountCents: 50_000 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      defaultCents: 25_000,
      litters: [{ litterId: LITTER, amountCents: 50_000 }],
    });
    all = await overview(a);
    expect(all.deposits[a.entryId]!.amountCents).toBe(50_000);
    expect(all.deposits[general]!.amountCents).toBe(25_000);
    // null: the litter asks the default again.
    await setAmount(a, { litterId: LITTER, amountCents: null });
    expect((await depositNow(a)).amountCents).toBe(25_000);
    const [entry] = (await a.services.store.audit.page({ action: 'deposit-amount' }, { limit: 5 }))
      .items;
    expect(entry).toMatchObject({ details: { litter: LITTER, amount: 'default' } });
  });

  it('refuses 0, a negative amount, cents that are not whole, over $5,000, a string, and an unknown litter', async () => {
    const a = await depositApp({ cards: false });
    for (const [amountCents, message] of [
      [0, 'A deposit is more than $0.00'],
      [-100, 'A deposit is more than $0.00'],
      [100.5, 'Give the amount in whole cents'],
      [500_001, 'A deposit is at most $5,000.00'],
      ['300', 'Give the amount in cents, as a whole number'],
    ] as const) {
      const res = await setAmount(a, { litterId: LITTER, amountCents });
      expect(res.statusCode, String(amountCents)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const noDefault = await setAmount(a, { litterId: null, amountCents: null });
    expect(noDefault.statusCode).toBe(400);
    expect(noDefault.json().message).toContain('The default deposit needs an amount');
    const unknown = await setAmount(a, { litterId: 'no-such-litter', amountCents: 100 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'unknown_litter' });
    expect((await setAmount(a, { litterId: LITTER, amountCents: 1, extra: 1 })).statusCode).toBe(
      400,
    );
    expect((await overview(a)).amounts.litters).toEqual([]);
  });

  it('takes exactly the whole cents from $0.01 to $5,000.00 (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: -1_000_000, max: 1_000_000 }),
          fc.double({ noNaN: false }),
          fc.constantFrom(Number.MAX_SAFE_INTEGER, Infinity, -0, 1e-9),
        ),
        (amountCents) => {
          const valid =
            Number.isInteger(amountCents) &&
            amountCents >= DEPOSIT_LIMITS.minCents &&
            amountCents <= DEPOSIT_LIMITS.maxCents;
          expect(depositAmountSchema.safeParse({ litterId: LITTER, amountCents }).success).toBe(
            valid,
          );
          expect(
            depositRecordSchema.safeParse({ amountCents, method: 'cash', note: '' }).success,
          ).toBe(valid);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('a deposit paid another way', () => {
  it('is recorded with its method and note, refused twice, marked refunded, or taken back', async () => {
    const a = await depositApp({ cards: false });
    const res = await record(a, { amountCents: 30_000, method: 'cheque', note: ' Cheque #1042 ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      state: 'paid',
      amountCents: 30_000,
      method: 'cheque',
      note: 'Cheque #1042',
      history: [{ what: 'paid', by: 'owner', method: 'cheque' }],
    });
    const twice = await record(a, { amountCents: 30_000, method: 'cash' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ error: 'already_paid' });
    const refunded = await call(a, 'POST', depositUrl(a.entryId, 'refund'), { note: 'Moved away' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toMatchObject({ state: 'refunded', refundedCents: 30_000 });
    expect((await call(a, 'POST', depositUrl(a.entryId, 'refund'), {})).statusCode).toBe(409);

    const other = await anotherFamily(a, 2);
    await record(a, { amountCents: 20_000, method: 'bank-transfer' }, other);
    const undone = await call(a, 'DELETE', depositUrl(other, 'record'));
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toMatchObject({ state: 'none', amountCents: 30_000 });
    expect(undone.json().history.map((s: { what: string }) => s.what)).toEqual(['paid', 'undone']);
    const nothing = await call(a, 'DELETE', depositUrl(other, 'record'));
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toMatchObject({ error: 'not_paid' });
    const audit = await a.services.store.audit.page({}, { limit: 50 });
    expect(audit.items.map((e) => e.action)).toEqual(
      expect.arrayContaining(['deposit-record', 'deposit-refund', 'deposit-undo']),
    );
  });

  it('shows in the inquiries CSV export, a column of its own', async () => {
    const a = await depositApp({ cards: false });
    await anotherFamily(a, 2);
    await record(a, { amountCents: 30_000, method: 'cheque', note: '=HYPERLINK("x")' });
    const csv = (await call(a, 'GET', API_ROUTES.inquiryExport.path)).body;
    const [header, ...rows] = csv.slice(1).trim().split('\r\n');
    expect(header).toMatch(/"Waitlist","Place","Deposit"$/);
    const day = new Date(a.clock.now()).toLocaleDateString('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'America/New_York',
    });
    expect(rows.find((r) => r.includes('family1@'))).toMatch(
      new RegExp(`"1","Paid \\$300\\.00 \\(cheque, ${day}\\)"$`),
    );
    expect(rows.find((r) => r.includes('family2@'))).toMatch(/"2","Not paid \(\$300\.00 asked\)"$/);
    // The owner's note is never in the export (it could hold a formula).
    expect(csv).not.toContain('HYPERLINK');
  });

  it('answers each bad request with its 4xx', async () => {
    const a = await depositApp({ cards: false });
    for (const [body, status, text] of [
      [{ amountCents: 0, method: 'cash' }, 400, 'A deposit is more than $0.00'],
      [{ amountCents: 600_000, method: 'cash' }, 400, 'at most $5,000.00'],
      [{ amountCents: 100, method: 'card' }, 400, 'Choose cash, cheque or bank transfer'],
      [{ amountCents: 100 }, 400, 'Choose cash, cheque or bank transfer'],
      [{ amountCents: 100, method: 'cash', note: 'x'.repeat(501) }, 400, '500 characters'],
      [{ amountCents: 100, method: 'cash', $where: '1' }, 400, ''],
    ] as const) {
      const res = await record(a, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toContain(text);
    }
    // A family on no list (taken off), a malformed id.
    await call(a, 'DELETE', waitlistEntryUrl(a.entryId), undefined, { 'if-match': '"1"' });
    const gone = await record(a, { amountCents: 100, method: 'cash' });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ error: 'not_on_list' });
    expect(
      (await call(a, 'POST', depositUrl('../x', 'record'), { amountCents: 1, method: 'cash' }))
        .statusCode,
    ).toBe(404);
    expect((await call(a, 'DELETE', depositUrl('nosuch', 'record'))).statusCode).toBe(404);
    expect((await call(a, 'POST', depositUrl('nosuch', 'refund'), {})).statusCode).toBe(404);
  });

  it('is the owner’s: a helper reads the deposits but changes none (403)', async () => {
    const a = await depositApp({ cards: false });
    await addHelper(a);
    const helper = await logIn(a.app, HELPER);
    const as = { ...a, headers: helper.headers };
    expect((await call(as, 'GET', API_ROUTES.deposits.path)).statusCode).toBe(200);
    expect((await record(as, { amountCents: 100, method: 'cash' })).statusCode).toBe(403);
    expect((await setAmount(as, { litterId: null, amountCents: 100 })).statusCode).toBe(403);
    expect((await checkout(as)).statusCode).toBe(403);
  });
});

describe('a card payment page (Stripe Checkout)', () => {
  it('is opened on Stripe with the entry, the amount in cents, USD and an idempotency key', async () => {
    const a = await depositApp();
    await call(a, 'PUT', API_ROUTES.depositAmount.path, { litterId: LITTER, amountCents: 35_000 });
    const res = await checkout(a);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const [sent] = a.stripe!.requests;
    expect(sent!.path).toBe('/v1/checkout/sessions');
    expect(sent!.authorization).toBe(`Bearer ${a.stripe!.key}`);
    const form = Object.fromEntries(sent!.form);
    expect(form).toMatchObject({
      mode: 'payment',
      client_reference_id: a.entryId,
      'metadata[entryId]': a.entryId,
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '35000',
      'line_items[0][price_data][product_data][name]': 'Deposit — Ranger x Juniper’s litter',
      customer_email: 'family1@example.com',
      success_url: `${a.env.PUBLIC_URL}/?deposit=paid`,
      cancel_url: `${a.env.PUBLIC_URL}/?deposit=cancelled`,
    });
    expect(Object.keys(form).some((k) => /card|number|cvc/i.test(k))).toBe(false);
    expect(sent!.idempotencyKey).toBe(`deposit-${a.entryId}-35000-0-owner`);
    expect(await depositNow(a)).toMatchObject({ state: 'awaiting', amountCents: 35_000 });
    // Asked again while the page is open: the same page, no second request to Stripe.
    expect((await checkout(a)).json().url).toBe(res.json().url);
    expect(a.stripe!.requests).toHaveLength(1);
  });

  it('opens one page for two clicks at once', async () => {
    const a = await depositApp();
    const [one, two] = await Promise.all([checkout(a), checkout(a)]);
    expect(one.json().url).toBe(two.json().url);
    const keys = new Set(a.stripe!.requests.map((r) => r.idempotencyKey));
    expect(keys.size).toBe(1);
  });

  it('answers each case it cannot open a page for', async () => {
    const a = await depositApp();
    // Paid already (by card here).
    await deliver(
      a,
      completedEvent(a.entryId, { created: Math.floor(a.clock.now().getTime() / 1000) }),
    );
    const paid = await checkout(a);
    expect(paid.statusCode).toBe(409);
    expect(paid.json()).toMatchObject({ error: 'already_paid' });
    // A card deposit is refunded in Stripe, not here.
    const refund = await call(a, 'POST', depositUrl(a.entryId, 'refund'), {});
    expect(refund.statusCode).toBe(409);
    expect(refund.json()).toMatchObject({ error: 'refund_in_stripe' });
    // Not on a list.
    const missing = await checkout(a, 'nosuchentry');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'not_on_list' });
    // Stripe refuses (a 400 with its error body): a clear 502, nothing stored.
    const other = await anotherFamily(a, 2);
    a.stripe!.script(stripeError(400, 'Invalid currency: usd'));
    const refused = await checkout(a, other);
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toMatchObject({ error: 'stripe_error' });
    expect(refused.body).not.toContain('Invalid currency');
    expect(await a.services.store.deposits.get(other)).toBeNull();
  });

  it('is not offered without STRIPE_SECRET_KEY: 409 and card payments off', async () => {
    const a = await depositApp({ cards: false });
    const res = await checkout(a);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'payments_off' });
    expect((await overview(a)).cardPayments).toBe(false);
  });
});
