import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useKennelDay, type DaySpan } from './use-kennel-day';

let renders = 0;
function Probe({ buildDay, span }: { buildDay: string; span?: DaySpan | null }) {
  renders += 1;
  return <p data-testid="day">{useKennelDay(buildDay, span).toISOString().slice(0, 10)}</p>;
}

// 2026-11-22 at the kennel (New York, UTC-5 that day): from 05:00 UTC to 05:00 UTC the next day.
const NOV_22: DaySpan = {
  from: Date.parse('2026-11-22T05:00:00Z'),
  until: Date.parse('2026-11-23T05:00:00Z'),
};

/** The clock alone is fake: React's scheduling keeps its real timers. */
const at = (instant: string) => vi.setSystemTime(new Date(instant));

describe('useKennelDay', () => {
  beforeEach(() => {
    renders = 0;
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => vi.useRealTimers());

  it('renders the day the pages were built for on the server, whatever the clock says', () => {
    at('2027-03-01T12:00:00Z');
    expect(renderToString(<Probe buildDay="2026-11-22" />)).toContain('2026-11-22');
  });

  it('keeps the build day, without another render, while it is still that day at the kennel', async () => {
    // 22:30 in New York on the 22nd is already the 23rd in UTC: still the build day.
    at('2026-11-23T03:30:00Z');
    render(<Probe buildDay="2026-11-22" />);
    await act(async () => {});
    expect(screen.getByTestId('day')).toHaveTextContent('2026-11-22');
    expect(renders).toBe(1);
  });

  it('moves on to today when the page was built on an earlier day', async () => {
    at('2026-11-23T05:30:00Z');
    render(<Probe buildDay="2026-11-22" />);
    expect(await screen.findByText('2026-11-23')).toBeInTheDocument();
  });

  it('moves on when a tab left open past midnight is shown again', async () => {
    at('2026-11-22T23:00:00-05:00');
    render(<Probe buildDay="2026-11-22" />);
    await act(async () => {});
    expect(screen.getByTestId('day')).toHaveTextContent('2026-11-22');
    at('2026-11-23T08:00:00-05:00');
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(screen.getByTestId('day')).toHaveTextContent('2026-11-23');
  });

  it('knows the build day inside its span without asking the time zone database', async () => {
    const asked = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    at('2026-11-23T04:59:00Z');
    render(<Probe buildDay="2026-11-22" span={NOV_22} />);
    await act(async () => {});
    expect(screen.getByTestId('day')).toHaveTextContent('2026-11-22');
    expect(asked).not.toHaveBeenCalled();
    asked.mockRestore();
  });

  it('asks the time zone database once the build day is over, and moves on', async () => {
    const asked = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    at('2026-11-23T05:00:00Z');
    render(<Probe buildDay="2026-11-22" span={NOV_22} />);
    expect(await screen.findByText('2026-11-23')).toBeInTheDocument();
    expect(asked).toHaveBeenCalled();
    asked.mockRestore();
  });

  it('the build day span matches the time zone database at both ends', () => {
    vi.useRealTimers();
    expect(__BUILD_DAY_SPAN__.until - __BUILD_DAY_SPAN__.from).toBeGreaterThanOrEqual(
      23 * 3_600_000,
    );
    const day = (ms: number) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date(ms));
    expect(day(__BUILD_DAY_SPAN__.from)).toBe(__BUILD_DAY__);
    expect(day(__BUILD_DAY_SPAN__.until - 1)).toBe(__BUILD_DAY__);
    expect(day(__BUILD_DAY_SPAN__.from - 1)).not.toBe(__BUILD_DAY__);
    expect(day(__BUILD_DAY_SPAN__.until)).not.toBe(__BUILD_DAY__);
  });
});
