import { dayStart, kennelDay, type CalendarDay } from '@cedar/litter-logic';
import { startTransition, useEffect, useMemo, useState } from 'react';

/** The instants, in ms, between which it is a given day at the kennel: [from, until). */
export interface DaySpan {
  from: number;
  until: number;
}

/**
 * The kennel's day in this browser now (a tab left open past midnight moves on when shown). Inside
 * the span of the day the page was built for, that day: the time zone database (Intl) loads its
 * data on first use, one task of some 90 ms at 4x CPU just after the page has started; outside it
 * (a later visit, a tab left open past midnight, a clock that is off), Intl is asked.
 */
function today(buildDay: CalendarDay, span: DaySpan | null): CalendarDay {
  const now = Date.now();
  if (span && now >= span.from && now < span.until) return buildDay;
  return kennelDay(new Date(now));
}

/** The span of the day the pages were built for (vite.config.ts). */
const BUILD_DAY_SPAN: DaySpan = __BUILD_DAY_SPAN__;

/**
 * The day the litter lists are dated by, as the litter rules take it (midnight UTC of the
 * kennel's date). The prerender and the hydrating client both use the day the pages were built
 * for, so the HTML holds every card and hydration finds it unchanged; afterwards the lists move on
 * only if the kennel's day is another one by now.
 */
export function useKennelDay(
  buildDay: CalendarDay = __BUILD_DAY__,
  span: DaySpan | null = buildDay === __BUILD_DAY__ ? BUILD_DAY_SPAN : null,
): Date {
  const [day, setDay] = useState<CalendarDay>(buildDay);
  useEffect(() => {
    const check = () => {
      const now = today(buildDay, span);
      // The same string bails out: no render at all on the day the page was built.
      if (now !== day) startTransition(() => setDay(now));
    };
    check();
    const onShow = () => {
      if (document.visibilityState === 'visible') check();
    };
    document.addEventListener('visibilitychange', onShow);
    return () => document.removeEventListener('visibilitychange', onShow);
  }, [day, buildDay, span]);
  return useMemo(() => dayStart(day), [day]);
}
