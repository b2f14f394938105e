import { describe, expect, it } from 'vitest';
import { depositSection, dollars } from './deposit-section';

const TOKEN = 'A'.repeat(43);
const line = (html: string) => /<p>([^<]*)<\/p>/.exec(html)![1];

describe('the deposit part of a family’s page', () => {
  it('says the amount and where it stands', () => {
    const paidOn = new Date('2026-11-02T15:00:00Z');
    expect(
      line(depositSection({ cents: 30_000, status: 'paid', at: paidOn, payable: false }, TOKEN)),
    ).toBe('Deposit: $300.00 — paid on November 2, 2026');
    expect(
      line(
        depositSection({ cents: 30_000, status: 'refunded', at: paidOn, payable: false }, TOKEN),
      ),
    ).toBe('Deposit: $300.00 — refunded on November 2, 2026');
    expect(line(depositSection({ cents: 50, status: 'none', payable: false }, TOKEN))).toBe(
      'Deposit: $0.50 — not yet paid',
    );
    expect(line(depositSection({ status: 'none', payable: false }, TOKEN))).toBe(
      'Deposit: not yet paid',
    );
    expect(dollars(123_456_78)).toBe('$123,456.78');
  });

  it('offers a button that posts to the page’s own deposit address only when it can be paid', () => {
    const payable = depositSection({ cents: 30_000, status: 'none', payable: true }, TOKEN);
    expect(payable).toContain(
      `<form method="post" action="/family/${TOKEN}/deposit"><button type="submit">Pay the deposit $300.00</button></form>`,
    );
    expect(depositSection({ cents: 30_000, status: 'none', payable: false }, TOKEN)).not.toContain(
      '<form',
    );
    expect(
      depositSection({ cents: 30_000, status: 'paid', at: new Date(), payable: true }, TOKEN),
    ).not.toContain('<form');
  });
});
