import { API_ROUTES } from '@cedar/api-contract';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import {
  anotherFamily,
  completedEvent,
  deliver,
  depositApp,
  depositNow,
  overview,
  refundedEvent,
  WEBHOOK_SECRET,
} from '../test/deposits';
import { call, testApp } from '../test/per-test';
import { STRIPE_TEST_KEY } from '../test/stripe-stand-in';

const seconds = (a: { clock: { now: () => Date } }) => Math.floor(a.clock.now().getTime() / 1000);

/** A delivery as captured on the wire: its exact body and its Stripe-Signature header. */
function signedDelivery(event: object, timestamp: number) {
  const payload = JSON.stringify(event, null, 2);
  const header = new Stripe(STRIPE_TEST_KEY).webhooks.generateTestHeaderString({
    payload,
    secret: WEBHOOK_SECRET,
    timestamp,
  });
  return { payload, header };
}

/** Sends a captured delivery again, byte for byte, with its original header. */
const replay = (
  a: { app: Awaited<ReturnType<typeof depositApp>>['app'] },
  capture: { payload: string; header: string },
) =>
  a.app.inject({
    method: 'POST',
    url: API_ROUTES.stripeWebhook.path,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': capture.header,
    },
    payload: capture.payload,
  });

const auditOf = async (a: Awaited<ReturnType<typeof depositApp>>) =>
  (await a.services.store.audit.page({ action: 'deposit-webhook' }, { limit: 50 })).items;

describe("Stripe's webhook", () => {
  it('marks the family’s deposit paid on checkout.session.completed, signed as Stripe signs it', async () => {
    const a = await depositApp();
    const event = completedEvent(a.entryId, { paymentIntent: 'pi_ok', created: seconds(a) });
    const res = await deliver(a, event);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ received: true, outcome: 'applied' });
    const deposit = await depositNow(a);
    expect(deposit).toMatchObject({ state: 'paid', amountCents: 30_000, method: 'card' });
    expect(deposit.paidAt).toBe(new Date(event.created * 1000).toISOString());
    const doc = await a.services.store.deposits.get(a.entryId);
    expect(doc).toMatchObject({
      paymentIntentId: 'pi_ok',
      checkoutSessionId: event.data.object.id,
      inquiryId: a.inquiryId,
    });
    const [entry] = await auditOf(a);
    expect(entry).toMatchObject({
      outcome: 'success',
      target: a.entryId,
      details: { stripeEvent: event.id, eventType: event.type, result: 'applied', amount: 30_000 },
    });
  });

  it('refuses a body with a wrong signature, another secret, a stale timestamp or none (400), changing nothing', async () => {
    const a = await depositApp();
    const event = completedEvent(a.entryId, { created: seconds(a) });
    const wrongSecret = await deliver(a, event, { secret: `whsec_${'x'.repeat(32)}` });
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json()).toMatchObject({
      error: 'bad_signature',
      message: 'The signature does not match the body',
    });
    // Signed, then altered on the way: the amount changed.
    const signed = await deliver(a, event);
    expect(signed.statusCode).toBe(200);
    const b = await depositApp();
    const body = JSON.stringify(completedEvent(b.entryId, { created: seconds(b) }));
    const header = new Stripe(STRIPE_TEST_KEY).webhooks.generateTestHeaderString({
      payload: body,
      secret: WEBHOOK_SECRET,
      timestamp: seconds(b),
    });
    const altered = await b.app.inject({
      method: 'POST',
      url: API_ROUTES.stripeWebhook.path,
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
      payload: body.replace('30000', '1'),
    });
    expect(altered.statusCode).toBe(400);
    const stale = await deliver(b, completedEvent(b.entryId, { created: seconds(b) - 600 }), {
      timestamp: seconds(b) - 600,
    });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe('The signature is more than 5 minutes old');
    const none = await b.app.inject({
      method: 'POST',
      url: API_ROUTES.stripeWebhook.path,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      payload: body,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe('bad_signature');
    const form = await b.app.inject({
      method: 'POST',
      url: API_ROUTES.stripeWebhook.path,
      headers: { 'content-type': 'text/plain', 'stripe-signature': header },
      payload: body,
    });
    expect(form.statusCode).toBe(415);
    expect((await depositNow(b)).state).toBe('none');
    const refusals = (
      await b.services.store.audit.page({ action: 'deposit-webhook' }, { limit: 9 })
    ).items;
    expect(refusals.map((r) => r.outcome)).toEqual(['failure', 'failure']);
  });

  it('refuses a signed body that is not an event (null, a number, an object without id or type) with 400', async () => {
    // Found by the hostile-input property: `null`, signed with the secret, was a 500.
    const a = await depositApp();
    for (const body of ['null', '42', '"text"', '{}', '{"id":"evt_1"}', '[]']) {
      const res = await deliver(a, body);
      expect(res.statusCode, body).toBe(400);
      expect(res.json()).toMatchObject({ error: 'not_an_event' });
    }
    expect((await depositNow(a)).state).toBe('none');
  });

  it('takes each event id in once: sent again, or twice at once, it changes nothing twice', async () => {
    const a = await depositApp();
    const event = completedEvent(a.entryId, { paymentIntent: 'pi_twice', created: seconds(a) });
    const first = await deliver(a, event);
    const again = await deliver(a, event);
    expect(first.json()).toMatchObject({ outcome: 'applied' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ duplicate: true });
    const doc = await a.services.store.deposits.get(a.entryId);
    expect(doc?.history.filter((s) => s.what === 'paid')).toHaveLength(1);
    expect(doc?.version).toBe(1);

    // Five deliveries of one event at the same moment: one works on it.
    const other = await anotherFamily(a, 2);
    const parallel = completedEvent(other, { paymentIntent: 'pi_parallel', created: seconds(a) });
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(a, parallel)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((r) => r.json().outcome === 'applied')).toHaveLength(1);
    const otherDoc = await a.services.store.deposits.get(other);
    expect(otherDoc?.version).toBe(1);
    expect(otherDoc?.history).toHaveLength(1);
    // Two different events for one payment (Stripe's retry of the session, say): paid once.
    const sameIntent = completedEvent(other, { paymentIntent: 'pi_parallel', created: seconds(a) });
    expect((await deliver(a, sameIntent)).json()).toMatchObject({ outcome: 'duplicate' });
    expect((await a.services.store.deposits.get(other))?.version).toBe(1);
  });

  it('acknowledges a captured delivery replayed with its original signature inside the tolerance, changing nothing; refuses it as stale after', async () => {
    const a = await depositApp();
    const event = completedEvent(a.entryId, { paymentIntent: 'pi_replay', created: seconds(a) });
    const capture = signedDelivery(event, seconds(a));
    const first = await replay(a, capture);
    expect(first.json()).toMatchObject({ outcome: 'applied' });
    const stored = await a.services.store.deposits.get(a.entryId);
    const shown = await overview(a);
    const audited = (await auditOf(a)).length;

    // The same bytes and Stripe-Signature header, 4 minutes later (Stripe's tolerance is 5).
    a.clock.advance(4 * 60_000);
    const within = await replay(a, capture);
    expect(within.statusCode).toBe(200);
    expect(within.json()).toEqual({ received: true, duplicate: true });
    // 6 minutes after it was signed: a replay of an old capture, refused before it is read.
    a.clock.advance(2 * 60_000);
    const stale = await replay(a, capture);
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual({
      error: 'bad_signature',
      message: 'The signature is more than 5 minutes old',
    });

    // The deposit, the owner's view and the event taken in: as after the first delivery.
    expect(await a.services.store.deposits.get(a.entryId)).toEqual(stored);
    expect(await overview(a)).toEqual(shown);
    expect(shown.deposits[a.entryId]).toMatchObject({ state: 'paid', amountCents: 30_000 });
    const events = (await a.services.store.snapshot()).stripeEvents!.filter(
      (e) => e._id === event.id,
    );
    expect(events).toEqual([expect.objectContaining({ state: 'done', outcome: 'applied' })]);
    const audit = await auditOf(a);
    // One more entry: the stale replay, refused; the acknowledged replay added none.
    expect(audit).toHaveLength(audited + 1);
    expect(audit[0]).toMatchObject({
      outcome: 'failure',
      details: { reason: 'The signature is more than 5 minutes old' },
    });
  });

  it('takes in one of ten copies of one signed delivery sent at once', async () => {
    const a = await depositApp();
    const event = completedEvent(a.entryId, { paymentIntent: 'pi_ten', created: seconds(a) });
    const capture = signedDelivery(event, seconds(a));
    const answers = await Promise.all(Array.from({ length: 10 }, () => replay(a, capture)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const outcomes = answers.map((r) => r.json<{ outcome?: string; duplicate?: boolean }>());
    expect(outcomes.filter((o) => o.outcome === 'applied')).toHaveLength(1);
    expect(outcomes.filter((o) => o.duplicate === true)).toHaveLength(9);
    const events = (await a.services.store.snapshot()).stripeEvents!.filter(
      (e) => e._id === event.id,
    );
    expect(events).toHaveLength(1);
    const doc = await a.services.store.deposits.get(a.entryId);
    expect(doc).toMatchObject({ state: 'paid', version: 1, paymentIntentId: 'pi_ten' });
    expect(doc?.history.map((s) => s.what)).toEqual(['paid']);
    expect((await auditOf(a)).filter((e) => e.details?.stripeEvent === event.id)).toHaveLength(1);
    expect((await depositNow(a)).state).toBe('paid');
  });

  it('marks a refund, and a refund that comes before its payment still holds: never paid again', async () => {
    const a = await depositApp();
    const t = seconds(a);
    // In order: paid, then refunded in full.
    await deliver(a, completedEvent(a.entryId, { paymentIntent: 'pi_1', created: t }));
    const refund = await deliver(a, refundedEvent('pi_1', { created: t + 60 }));
    expect(refund.json()).toMatchObject({ outcome: 'applied' });
    expect(await depositNow(a)).toMatchObject({ state: 'refunded', refundedCents: 30_000 });
    // A late repeat of the payment (a new event id) turns nothing back.
    await deliver(a, completedEvent(a.entryId, { paymentIntent: 'pi_1', created: t }));
    expect((await depositNow(a)).state).toBe('refunded');

    // Out of order: the refund first (no deposit has that payment yet), then the payment.
    const other = await anotherFamily(a, 2);
    const early = await deliver(a, refundedEvent('pi_2', { created: t + 120 }));
    expect(early.statusCode).toBe(200);
    expect(early.json()).toMatchObject({ outcome: 'refund-waiting' });
    const late = await deliver(a, completedEvent(other, { paymentIntent: 'pi_2', created: t }));
    expect(late.json()).toMatchObject({ outcome: 'refund-kept' });
    const deposit = await depositNow(a, other);
    expect(deposit).toMatchObject({ state: 'refunded', refundedCents: 30_000, method: 'card' });
    expect(deposit.history.map((s) => s.what)).toEqual(['paid', 'refunded']);

    // A partial refund leaves the deposit paid, a smaller one after a bigger one changes nothing.
    const third = await anotherFamily(a, 3);
    await deliver(a, completedEvent(third, { paymentIntent: 'pi_3', created: t }));
    await deliver(
      a,
      refundedEvent('pi_3', { amountRefunded: 10_000, refunded: false, created: t + 5 }),
    );
    await deliver(
      a,
      refundedEvent('pi_3', { amountRefunded: 5_000, refunded: false, created: t + 1 }),
    );
    expect(await depositNow(a, third)).toMatchObject({ state: 'paid', refundedCents: 10_000 });
  });

  it('answers 200 for a payment for no family on the lists, and records it for the owner', async () => {
    const a = await depositApp();
    const res = await deliver(
      a,
      completedEvent('nosuchentry0001', {
        paymentIntent: 'pi_x',
        amount: 25_000,
        created: seconds(a),
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ received: true, outcome: 'unknown-entry' });
    const { unmatched, deposits } = await overview(a);
    expect(unmatched).toEqual([
      expect.objectContaining({
        amountCents: 25_000,
        reference: expect.stringMatching(/^cs_test/),
      }),
    ]);
    expect(Object.values(deposits).map((d) => d.state)).toEqual(['none']);
    const [entry] = await auditOf(a);
    expect(entry).toMatchObject({ outcome: 'refused', details: { result: 'unknown-entry' } });
  });

  it('records a payment by a family taken off the lists since their page was opened, and shows it to place', async () => {
    const a = await depositApp();
    expect((await call(a, 'POST', `/api/admin/deposits/${a.entryId}/checkout`)).statusCode).toBe(
      201,
    );
    await call(a, 'DELETE', `/api/admin/waitlist/entries/${a.entryId}`, undefined, {
      'if-match': '"1"',
    });
    const res = await deliver(
      a,
      completedEvent(a.entryId, { paymentIntent: 'pi_off', created: seconds(a) }),
    );
    expect(res.json()).toMatchObject({ outcome: 'off-list' });
    expect((await a.services.store.deposits.get(a.entryId))?.state).toBe('paid');
    expect((await overview(a)).unmatched).toEqual([
      expect.objectContaining({ amountCents: 30_000 }),
    ]);
  });

  it('answers 200 to events of other kinds and unpaid sessions, changing nothing', async () => {
    const a = await depositApp();
    const other = {
      ...completedEvent(a.entryId, { created: seconds(a) }),
      type: 'customer.created',
      data: { object: { id: 'cus_1', object: 'customer' } },
    };
    const res = await deliver(a, other);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, ignored: true });
    const unpaid = await deliver(
      a,
      completedEvent(a.entryId, { created: seconds(a), paid: false }),
    );
    expect(unpaid.json()).toMatchObject({ outcome: 'not-paid-yet' });
    expect((await depositNow(a)).state).toBe('none');
    expect(await a.services.store.deposits.get(a.entryId)).toBeNull();
  });

  it('loses nothing to a restart between the checkout and the webhook, nor takes an event in twice after it', async () => {
    const a = await depositApp();
    const opened = await a.app.inject({
      method: 'POST',
      url: `/api/admin/deposits/${a.entryId}/checkout`,
      headers: a.headers,
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const event = completedEvent(a.entryId, { paymentIntent: 'pi_restart', created: seconds(a) });
    const b = Object.assign(await a.restart(), { entryId: a.entryId });
    const res = await deliver(b, event);
    expect(res.json()).toMatchObject({ outcome: 'applied' });
    const c = await b.restart();
    expect((await deliver(c, event)).json()).toMatchObject({ duplicate: true });
    const doc = await c.services.store.deposits.get(a.entryId);
    expect(doc?.state).toBe('paid');
    expect(doc?.history.map((s) => s.what)).toEqual(['checkout', 'paid']);
  });

  it('does not exist without STRIPE_WEBHOOK_SECRET (404)', async () => {
    const a = await testApp();
    const res = await a.app.inject({
      method: 'POST',
      url: API_ROUTES.stripeWebhook.path,
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(404);
  });
});
