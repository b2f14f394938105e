import { KNOWN_PREFERRED_COLORS, PREFERRED_COLOR_LABELS } from '@cedar/api-contract';

export type KnownPreferredColor = (typeof KNOWN_PREFERRED_COLORS)[number];

export interface BadgeStyle {
  /** Background, text and border colours; every text/background pair is at least 4.5:1 (WCAG AA). */
  background: string;
  text: string;
  border: string;
}

const LABELS: Record<KnownPreferredColor, string> = PREFERRED_COLOR_LABELS;

const STYLES: Record<KnownPreferredColor, BadgeStyle> = {
  yellow: { background: '#f6d776', text: '#3d2e00', border: '#d9b54a' },
  black: { background: '#1c1c1c', text: '#ffffff', border: '#1c1c1c' },
  chocolate: { background: '#5c3a21', text: '#ffffff', border: '#5c3a21' },
  silver: { background: '#c9ccd1', text: '#1f2328', border: '#a5a9b0' },
  'fox-red': { background: '#a84a16', text: '#ffffff', border: '#a84a16' },
  charcoal: { background: '#3b4650', text: '#ffffff', border: '#3b4650' },
  champagne: { background: '#f3e5c8', text: '#4a3a1a', border: '#d8c59c' },
  'no-preference': { background: '#e9eed3', text: '#3f4510', border: '#b9c27a' },
};

export const NEUTRAL_BADGE: BadgeStyle = {
  background: '#f1f3f5',
  text: '#343a40',
  border: '#adb5bd',
};

function normalise(value: string): string {
  return value.trim().toLowerCase();
}

function isKnownColor(value: string): value is KnownPreferredColor {
  return (KNOWN_PREFERRED_COLORS as readonly string[]).includes(value);
}

/**
 * 'fox-red' → 'Fox Red'; an unknown value joined by dashes is shown as words ('dudley-blue' →
 * 'Dudley Blue'), and one a family wrote in their own words ('Blue Merle') as they wrote it.
 */
export function colorLabel(value: string): string {
  const key = normalise(value);
  if (isKnownColor(key)) return LABELS[key];
  if (!/^[a-z0-9_-]*$/.test(key)) return value.trim();
  const words = key.split(/[-_\s]+/).filter(Boolean);
  if (words.length === 0) return 'Not given';
  return words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
}

export function badgeStyle(value: string): BadgeStyle {
  const key = normalise(value);
  return isKnownColor(key) ? STYLES[key] : NEUTRAL_BADGE;
}

/** The key a badge is styled by: the known colour, or 'other'. */
export function badgeKey(value: string): KnownPreferredColor | 'other' {
  const key = normalise(value);
  return isKnownColor(key) ? key : 'other';
}
