import { KNOWN_PREFERRED_COLORS } from '@cedar/api-contract';
import { describe, expect, it } from 'vitest';
import { NEUTRAL_BADGE, badgeKey, badgeStyle, colorLabel } from './preferred-colors';

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('preferred colour badges', () => {
  it('gives each known colour a readable label', () => {
    expect(KNOWN_PREFERRED_COLORS.map(colorLabel)).toEqual([
      'Yellow',
      'Black',
      'Chocolate',
      'Silver',
      'Fox Red',
      'Charcoal',
      'Champagne',
      'No Preference',
    ]);
  });

  it('labels unknown values as words', () => {
    expect(colorLabel('dudley-blue')).toBe('Dudley Blue');
    expect(colorLabel('  ')).toBe('Not given');
    expect(colorLabel('FOX-RED')).toBe('Fox Red');
    // A colour the forms provider sent as the family wrote it stays as written.
    expect(colorLabel('Blue Merle (liver nose)')).toBe('Blue Merle (liver nose)');
  });

  it('styles each known colour distinctly and anything else neutrally', () => {
    const backgrounds = KNOWN_PREFERRED_COLORS.map((c) => badgeStyle(c).background);
    expect(new Set([...backgrounds, NEUTRAL_BADGE.background]).size).toBe(
      KNOWN_PREFERRED_COLORS.length + 1,
    );
    expect(badgeStyle('purple')).toBe(NEUTRAL_BADGE);
    expect(badgeKey('purple')).toBe('other');
    expect(badgeKey('Fox-Red')).toBe('fox-red');
  });

  it('meets WCAG AA contrast for every badge', () => {
    for (const style of [...KNOWN_PREFERRED_COLORS.map(badgeStyle), NEUTRAL_BADGE]) {
      expect(contrast(style.background, style.text)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
