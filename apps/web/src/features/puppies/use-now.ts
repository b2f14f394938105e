import { startTransition, useEffect, useState } from 'react';
import { isHydrated } from '../../lib/hydration';

const REFRESH_AFTER_MS = 60 * 60 * 1000;
let clientNow: Date | null = null;

function currentNow(): Date {
  // A tab left open for days still shows today's litter ages when the page is shown again.
  if (!clientNow || Date.now() - clientNow.getTime() > REFRESH_AFTER_MS) clientNow = new Date();
  return clientNow;
}

/**
 * The visitor's clock, or null while prerendering and hydrating, so the prerendered HTML and the
 * first client render agree. After hydration the date arrives in a transition: React renders the
 * dated lists in slices instead of blocking the page. A page reached by client-side navigation
 * gets the date at once.
 */
export function useNow(): Date | null {
  const [now, setNow] = useState<Date | null>(() => (isHydrated() ? currentNow() : null));
  useEffect(() => {
    if (now === null) startTransition(() => setNow(currentNow()));
  }, [now]);
  return now;
}
