import { useSyncExternalStore } from 'react';

const REFRESH_AFTER_MS = 60 * 60 * 1000;
let clientNow: Date | null = null;

function getSnapshot(): Date {
  clientNow ??= new Date();
  return clientNow;
}

function getServerSnapshot(): null {
  return null;
}

function subscribe(onChange: () => void): () => void {
  // A tab left open for days still shows today's litter ages when the page is shown again.
  if (clientNow && Date.now() - clientNow.getTime() > REFRESH_AFTER_MS) {
    clientNow = new Date();
    onChange();
  }
  return () => {};
}

/**
 * The visitor's clock, or null while prerendering and hydrating. React renders the server
 * snapshot (null) during hydration, so the prerendered HTML and the first client render agree,
 * then re-renders with the real date; a page reached by client-side navigation gets the date at once.
 */
export function useNow(): Date | null {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
