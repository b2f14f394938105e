import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useKennelDay } from './use-kennel-day';

let renders = 0;
function Probe({ buildDay }: { buildDay: string }) {
  renders += 1;
  return <p data-testid="day">{useKennelDay(buildDay).toISOString().slice(0, 10)}</p>;
}

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
});
