import '@mantine/notifications/styles.layer.css';
import { TOAST_SETTINGS } from '@cedar/content';
import { Notifications, notifications } from '@mantine/notifications';
import { type PointerEvent, useEffect, useRef } from 'react';
import classes from './toast-region.module.css';

export const NOTIFICATIONS_LABEL = `Notifications (${TOAST_SETTINGS.hotkey})`;

interface Swipe {
  toast: HTMLElement;
  pointerId: number;
  x: number;
  y: number;
}

/** A toast under the pointer, unless the pointer is on its close button. */
function toastAt(target: EventTarget | null): HTMLElement | null {
  if (!(target instanceof Element) || target.closest('button')) return null;
  return target.closest<HTMLElement>(`.${classes.toast}`);
}

/**
 * Swipe right to dismiss (spec section 9): a toast follows the finger or pointer to the right
 * and goes once it has moved the threshold (50 px); short of it, or to the left, it springs back.
 */
function useSwipeToDismiss() {
  const swipe = useRef<Swipe | null>(null);
  const moveBy = (toast: HTMLElement, px: number) =>
    toast.style.setProperty('--toast-swipe', `${Math.max(0, px)}px`);
  const end = (event: PointerEvent, dismiss: boolean) => {
    const current = swipe.current;
    if (!current || current.pointerId !== event.pointerId) return;
    swipe.current = null;
    moveBy(current.toast, 0);
    const dx = event.clientX - current.x;
    const dy = Math.abs(event.clientY - current.y);
    if (dismiss && dx >= TOAST_SETTINGS.swipeThresholdPx && dx > dy) notifications.clean();
  };
  return {
    onPointerDown: (event: PointerEvent) => {
      const toast = toastAt(event.target);
      if (!toast || (event.pointerType === 'mouse' && event.button !== 0)) return;
      swipe.current = { toast, pointerId: event.pointerId, x: event.clientX, y: event.clientY };
      toast.setPointerCapture?.(event.pointerId);
    },
    onPointerMove: (event: PointerEvent) => {
      const current = swipe.current;
      if (current?.pointerId === event.pointerId) moveBy(current.toast, event.clientX - current.x);
    },
    onPointerUp: (event: PointerEvent) => end(event, true),
    onPointerCancel: (event: PointerEvent) => end(event, false),
  };
}

/**
 * The admin's toasts: one at a time (a new one replaces the one shown), 5 s, swipe right to
 * dismiss, F8 moves focus to them. They show at the bottom of the screen: each screen's actions
 * sit at its top (the dashboard's EDIT WEBSITE and Logout, the file editor's bar with Save File),
 * where a toast used to land on them.
 */
export function ToastRegion() {
  const regionRef = useRef<HTMLDivElement>(null);
  const swipe = useSwipeToDismiss();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== TOAST_SETTINGS.hotkey) return;
      event.preventDefault();
      regionRef.current?.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  return (
    <div
      ref={regionRef}
      role="region"
      aria-label={NOTIFICATIONS_LABEL}
      tabIndex={-1}
      className={classes.region}
      {...swipe}
    >
      <Notifications
        position="bottom-right"
        limit={TOAST_SETTINGS.limit}
        autoClose={TOAST_SETTINGS.durationMs}
        containerWidth={TOAST_SETTINGS.maxWidthPx}
        withinPortal={false}
        // The replaced toast leaves at once (no fade beside the new one); ours slide in by CSS.
        transitionDuration={0}
        // Mantine's drag and wheel dismiss either way at a third of the width: the spec's is ours.
        allowDragDismiss={false}
        allowScrollDismiss={false}
        classNames={{ root: classes.root }}
      />
    </div>
  );
}
