import type { Inquiry } from '@cedar/api-contract';
import { RECENT_WINDOW_HOURS } from '@cedar/content';
import { colorLabel } from './preferred-colors';

export interface MostRequested {
  /** The readable label, e.g. 'Fox Red'. */
  label: string;
  count: number;
  /** Other colours requested as often, when there is a tie (the most recently requested one wins). */
  tiedWith: string[];
}

export interface InquiryStats {
  total: number;
  recent: number;
  mostRequested: MostRequested | null;
}

const HOUR_MS = 60 * 60 * 1000;

/** 'no-preference' (and an empty value) says nothing about which colour families want. */
function countsTowardDemand(color: string): boolean {
  return color !== '' && color !== 'no-preference';
}

/** The dashboard's three numbers; `now` is injected so tests can fix the clock. */
export function computeInquiryStats(inquiries: readonly Inquiry[], now: Date): InquiryStats {
  const nowMs = now.getTime();
  const since = nowMs - RECENT_WINDOW_HOURS * HOUR_MS;
  let recent = 0;
  const byColor = new Map<string, { count: number; latest: number }>();
  for (const inquiry of inquiries) {
    const created = Date.parse(inquiry.createdAt);
    if (created > since && created <= nowMs) recent += 1;
    const color = inquiry.preferredColor.trim().toLowerCase();
    if (!countsTowardDemand(color)) continue;
    const entry = byColor.get(color) ?? { count: 0, latest: Number.NEGATIVE_INFINITY };
    entry.count += 1;
    entry.latest = Math.max(entry.latest, created);
    byColor.set(color, entry);
  }

  let mostRequested: MostRequested | null = null;
  if (byColor.size > 0) {
    const top = Math.max(...[...byColor.values()].map((e) => e.count));
    const tied = [...byColor.entries()]
      .filter(([, e]) => e.count === top)
      .sort(([a, x], [b, y]) => y.latest - x.latest || a.localeCompare(b));
    const [winner, ...others] = tied.map(([color]) => colorLabel(color));
    if (winner) mostRequested = { label: winner, count: top, tiedWith: others };
  }
  return { total: inquiries.length, recent, mostRequested };
}
