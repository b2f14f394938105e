import { describe, expect, it } from 'vitest';
import { formatUsd } from './format';

describe('formatUsd', () => {
  it('shows whole dollars with a thousands separator and no cents', () => {
    expect(formatUsd(7500)).toBe('$7,500');
    expect(formatUsd(12500)).toBe('$12,500');
    expect(formatUsd(28)).toBe('$28');
  });
});
