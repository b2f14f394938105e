import '@mantine/notifications/styles.css';
import { TOAST_SETTINGS } from '@cedar/content';
import { Notifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import classes from './toast-region.module.css';

export const NOTIFICATIONS_LABEL = `Notifications (${TOAST_SETTINGS.hotkey})`;

/**
 * The admin's toasts: one at a time, 5 s, F8 moves focus to them. They show at the bottom of the
 * screen: each screen's actions sit at its top (the dashboard's EDIT WEBSITE and Logout, the file
 * editor's bar with Save File), where a toast used to land on them.
 */
export function ToastRegion() {
  const regionRef = useRef<HTMLDivElement>(null);
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
    >
      <Notifications
        position="bottom-right"
        limit={TOAST_SETTINGS.limit}
        autoClose={TOAST_SETTINGS.durationMs}
        containerWidth={TOAST_SETTINGS.maxWidthPx}
        withinPortal={false}
        classNames={{ root: classes.root }}
      />
    </div>
  );
}
