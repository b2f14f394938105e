import { dayStart, kennelDay, type CalendarDay } from '@cedar/litter-logic';
import { startTransition, useEffect, useMemo, useState } from 'react';

/** The kennel's day in this browser now (a tab left open past midnight moves on when shown). */
const today = (): CalendarDay => kennelDay(new Date());

/**
 * The day the litter lists are dated by, as the litter rules take it (midnight UTC of the
 * kennel's date). The prerender and the hydrating client both use the day the pages were built
 * for, so the HTML holds every card and hydration finds it unchanged; afterwards the lists move on
 * only if the kennel's day is another one by now.
 */
export function useKennelDay(buildDay: CalendarDay = __BUILD_DAY__): Date {
  const [day, setDay] = useState<CalendarDay>(buildDay);
  useEffect(() => {
    const check = () => {
      const now = today();
      // The same string bails out: no render at all on the day the page was built.
      if (now !== day) startTransition(() => setDay(now));
    };
    check();
    const onShow = () => {
      if (document.visibilityState === 'visible') check();
    };
    document.addEventListener('visibilitychange', onShow);
    return () => document.removeEventListener('visibilitychange', onShow);
  }, [day]);
  return useMemo(() => dayStart(day), [day]);
}
