import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * The admin area's scroll, as React Router's `<ScrollRestoration>` keeps it on the public pages:
 * a new address (another screen, another filter) starts at the top, and Back or Forward returns to
 * where that address was scrolled. Without its save on `pagehide`: that reads `window.scrollY`
 * while the document unloads, which made Chromium style the whole dashboard again (some 70 ms of
 * each reload of it, decision 042). A reload starts at the top, as it would anyway: the admin's
 * lists come in after its first render.
 */
export function useAdminScroll(): void {
  const { key } = useLocation();
  const navigation = useNavigationType();
  /**
   * Where each history entry was last scrolled to, by React Router's key, while the admin layout
   * is mounted (a document's first entry is always `default`: kept per layout, a layout mounted
   * again starts afresh rather than finding another's places).
   */
  const [positions] = useState(() => new Map<string, number>());
  /**
   * The entry a scroll belongs to: the one shown, changed only once the next one is committed (the
   * first render's is where the browser put the page, and stays there).
   */
  const shown = useRef(key);

  useEffect(() => {
    // A scroll event comes after the frame that moved the page, so it is read with the layout
    // already done: nothing is forced.
    const remember = () => positions.set(shown.current, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [positions]);

  useLayoutEffect(() => {
    if (shown.current === key) return;
    shown.current = key;
    window.scrollTo(0, navigation === 'POP' ? (positions.get(key) ?? 0) : 0);
  }, [key, navigation, positions]);
}
