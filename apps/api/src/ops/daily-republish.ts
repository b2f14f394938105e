import { nextKennelDayStart } from '@cedar/litter-logic';
import type { Clock } from '../auth/sessions';

/** How long after the kennel's midnight the site is rebuilt: clear of the day's first second. */
const REPUBLISH_AFTER_MIDNIGHT_MS = 5 * 60_000;

/**
 * Rebuilds the site once a day, a few minutes after midnight in the kennel's time zone, so that
 * the litter ages, badges and lists in the prerendered pages are those of the new day for every
 * visitor, with or without JavaScript. Each run is timed from the clock afresh: days of 23 and 25
 * hours (daylight saving) keep it at the same time of night.
 */
export class DailyRepublish {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly clock: Clock,
    private readonly republish: () => void,
  ) {}

  /** When the next rebuild is due. */
  nextRun(): Date {
    return new Date(nextKennelDayStart(this.clock()).getTime() + REPUBLISH_AFTER_MIDNIGHT_MS);
  }

  start(): void {
    clearTimeout(this.timer);
    // From a moment after midnight on, the next run is the next midnight's.
    const delay = Math.max(this.nextRun().getTime() - this.clock().getTime(), 0);
    this.timer = setTimeout(() => {
      this.republish();
      this.start();
    }, delay).unref();
  }

  stop(): void {
    clearTimeout(this.timer);
  }
}
