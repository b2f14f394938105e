import { useCallback, useMemo, useRef, useState } from 'react';

export interface PopupStack {
  id: string;
  /** Called when the popup has finished closing. */
  onExited: () => void;
}

/**
 * State of one popup in a Modal.Stack. Mantine's own focus return re-reads the focused element
 * whenever a stacked popup gains or loses the top of the stack, so it would return focus into a
 * closed popup; this remembers the opener at open time and focuses it again once closed.
 */
export function useStackedPopup<T>(id: string) {
  const [value, setValue] = useState<T | null>(null);
  const opener = useRef<HTMLElement | null>(null);

  const open = useCallback((next: T) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setValue(next);
  }, []);
  const close = useCallback(() => setValue(null), []);
  const onExited = useCallback(() => {
    const element = opener.current;
    opener.current = null;
    if (element?.isConnected) element.focus({ preventScroll: true });
  }, []);
  const stack = useMemo<PopupStack>(() => ({ id, onExited }), [id, onExited]);

  return { value, open, close, stack };
}
