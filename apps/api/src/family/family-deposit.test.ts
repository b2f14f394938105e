// A family's deposit on their own page (issue 40): the amount of their list and where it stands,
// the "Pay the deposit" button (a plain form post, as a browser sends it) that takes them to
// Stripe Checkout, and what the page says when Stripe sends them back.
import { depositUrl, familyLinkUrl, type FamilyLink } from '@cedar/api-contract';
import { describe, expect, it } from 'vitest';
import { completedEvent, deliver, depositApp, type DepositApp } from '../test/deposits';
import { call } from '../test/per-test';

/** The family's page path, from the link the owner copies. */
async function pagePath(a: DepositApp) {
  const res = await call(a, 'POST', familyLinkUrl(a.entryId), { reissue: false });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return new URL(res.json<FamilyLink>().url!).pathname;
}

const open = (a: DepositApp, url: string) => a.app.inject({ method: 'GET', url });

/** The page's button, as a browser posts a form with no fields. */
const pressPay = (a: DepositApp, url: string) =>
  a.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });

const formOf = (html: string) => /<form method="post" action="([^"]+)">/.exec(html)?.[1];

describe("a family's deposit on their page", () => {
  it('shows the amount not yet paid and a Pay button that opens Stripe Checkout for their entry', async () => {
    const a = await depositApp();
    const path = await pagePath(a);
    const page = await open(a, path);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Deposit: $300.00 — not yet paid');
    expect(page.body).toContain('Pay the deposit $300.00');
    const action = formOf(page.body);
    expect(action).toBe(`${path}/deposit`);
    // A browser holds the form's redirect to form-action: Stripe Checkout is allowed, on this page.
    expect(page.headers['content-security-policy']).toMatch(
      /form-action 'self' https:\/\/checkout\.stripe\.com(;|$)/,
    );

    const pressed = await pressPay(a, action!);
    expect(pressed.statusCode).toBe(303);
    expect(pressed.headers.location).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    expect(pressed.headers['cache-control']).toBe('no-store');
    const seen = a.stripe!.requests.at(-1)!;
    expect(seen.form.get('mode')).toBe('payment');
    expect(seen.form.get('client_reference_id')).toBe(a.entryId);
    expect(seen.form.get('line_items[0][price_data][unit_amount]')).toBe('30000');
    // Stripe sends them back to their own page, which then says what happened.
    expect(new URL(seen.form.get('success_url')!).pathname).toBe(path);
    expect(new URL(seen.form.get('success_url')!).searchParams.get('deposit')).toBe('paid');
    expect(new URL(seen.form.get('cancel_url')!).searchParams.get('deposit')).toBe('cancelled');
  });

  it('says what happened when Stripe sends them back, and shows it paid only once the webhook says so', async () => {
    const a = await depositApp();
    const path = await pagePath(a);
    const cancelled = await open(a, `${path}?deposit=cancelled`);
    expect(cancelled.body).toContain('nothing was charged');
    // Anyone can type ?deposit=paid: the page thanks them but the deposit stays unpaid.
    const back = await open(a, `${path}?deposit=paid`);
    expect(back.body).toContain('as soon as Stripe confirms it');
    expect(back.body).toContain('not yet paid');
    // Any other value is ignored, never an error.
    expect((await open(a, `${path}?deposit=<b>`)).statusCode).toBe(200);

    const delivered = await deliver(
      a,
      completedEvent(a.entryId, { created: Math.floor(a.clock.now().getTime() / 1000) }),
    );
    expect(delivered.statusCode, delivered.body).toBe(200);
    const paid = await open(a, `${path}?deposit=paid`);
    expect(paid.body).toMatch(/Deposit: \$300\.00 — paid on /);
    expect(paid.body).not.toContain('as soon as Stripe confirms it');
    expect(formOf(paid.body)).toBeUndefined();
    // Paid: pressing an old page's button opens no second payment.
    const again = await pressPay(a, `${path}/deposit`);
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('The payment page could not be opened');
  });

  it('has no Pay button without Stripe, and a deposit recorded by the owner shows paid without their note', async () => {
    const a = await depositApp({ cards: false });
    const path = await pagePath(a);
    const page = await open(a, path);
    expect(page.body).toContain('Deposit: $300.00 — not yet paid');
    expect(formOf(page.body)).toBeUndefined();
    const pressed = await pressPay(a, `${path}/deposit`);
    expect(pressed.statusCode).toBe(409);
    expect(pressed.body).toContain(`<a href="${path}">Back to your page</a>`);

    const recorded = await call(a, 'POST', depositUrl(a.entryId, 'record'), {
      amountCents: 25_000,
      method: 'cheque',
      note: 'Cheque 1042, owner-only remark',
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    const paid = await open(a, path);
    expect(paid.body).toMatch(/Deposit: \$250\.00 — paid on /);
    expect(paid.body).not.toContain('owner-only remark');
  });

  it('answers an unknown link’s Pay button with the same 404 as its page, and opens nothing at Stripe', async () => {
    const a = await depositApp();
    const unknown = `/family/${'A'.repeat(43)}`;
    const page = await open(a, unknown);
    const pressed = await pressPay(a, `${unknown}/deposit`);
    expect(pressed.statusCode).toBe(404);
    expect(pressed.body).toBe(page.body);
    expect(a.stripe!.requests).toHaveLength(0);
  });

  it('counts the Pay button with the page, per address: the 31st try in a minute is 429 whichever it is', async () => {
    const a = await depositApp({ cards: false });
    const path = await pagePath(a);
    const remoteAddress = '10.9.8.7';
    for (let i = 0; i < 30; i++) {
      const res = await a.app.inject({ method: 'GET', url: path, remoteAddress });
      expect(res.statusCode).toBe(200);
    }
    const pressed = await a.app.inject({
      method: 'POST',
      url: `${path}/deposit`,
      remoteAddress,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(pressed.statusCode).toBe(429);
    // Another address is not held back.
    expect((await open(a, path)).statusCode).toBe(200);
  });
});
