import type { Inquiry } from '@cedar/api-contract';
import { describe, expect, it } from 'vitest';
import { computeInquiryStats } from './inquiry-stats';

const NOW = new Date('2026-05-10T12:00:00.000Z');
let seq = 0;
function inquiry(preferredColor: string, createdAt: string): Inquiry {
  seq += 1;
  return {
    id: String(seq),
    firstName: 'A',
    lastName: 'B',
    email: 'a@example.com',
    phone: '518-555-0100',
    preferredColor,
    createdAt,
  };
}

describe('dashboard stats', () => {
  it('counts all inquiries and those of the last 24 hours', () => {
    const stats = computeInquiryStats(
      [
        inquiry('yellow', '2026-05-10T11:59:00.000Z'),
        inquiry('yellow', '2026-05-09T12:00:01.000Z'),
        inquiry('black', '2026-05-09T12:00:00.000Z'), // exactly 24 h ago: outside
        inquiry('black', '2026-05-01T08:00:00.000Z'),
      ],
      NOW,
    );
    expect(stats.total).toBe(4);
    expect(stats.recent).toBe(2);
  });

  it('finds the most requested colour', () => {
    const stats = computeInquiryStats(
      [
        inquiry('fox-red', '2026-05-01T00:00:00.000Z'),
        inquiry('black', '2026-05-08T00:00:00.000Z'),
        inquiry('fox-red', '2026-05-02T00:00:00.000Z'),
      ],
      NOW,
    );
    expect(stats.mostRequested).toEqual({ label: 'Fox Red', count: 2, tiedWith: [] });
  });

  it('breaks a tie in favour of the most recently requested colour', () => {
    const stats = computeInquiryStats(
      [
        inquiry('chocolate', '2026-05-01T00:00:00.000Z'),
        inquiry('yellow', '2026-05-02T00:00:00.000Z'),
        inquiry('chocolate', '2026-05-03T00:00:00.000Z'),
        inquiry('yellow', '2026-05-09T00:00:00.000Z'),
      ],
      NOW,
    );
    expect(stats.mostRequested).toEqual({ label: 'Yellow', count: 2, tiedWith: ['Chocolate'] });
  });

  it("ignores 'no-preference' and has none when no colour was asked for", () => {
    expect(computeInquiryStats([], NOW).mostRequested).toBeNull();
    expect(
      computeInquiryStats([inquiry('no-preference', '2026-05-01T00:00:00.000Z')], NOW)
        .mostRequested,
    ).toBeNull();
    const stats = computeInquiryStats(
      [
        inquiry('no-preference', '2026-05-01T00:00:00.000Z'),
        inquiry('no-preference', '2026-05-02T00:00:00.000Z'),
        inquiry('silver', '2026-05-03T00:00:00.000Z'),
      ],
      NOW,
    );
    expect(stats.mostRequested?.label).toBe('Silver');
  });
});
