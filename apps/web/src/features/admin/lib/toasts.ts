import { notifications, type NotificationData } from '@mantine/notifications';
import classes from '../toast-region.module.css';

const common = {
  // Mantine dims the toast text to about 3.3:1 on white; this grey keeps it at WCAG AA.
  styles: { description: { color: 'var(--mantine-color-gray-8)' } },
  // Mantine's close button is an icon without a name.
  closeButtonProps: { 'aria-label': 'Close notification' },
  // The swipe to dismiss it finds it by this (see ToastRegion).
  className: classes.toast,
};

/**
 * One toast at a time and no queue (spec section 9): a new one takes the place of the one on
 * screen at once, so the latest news is the one shown, never one that waited behind another.
 */
function show(toast: NotificationData): void {
  notifications.clean();
  notifications.show({ ...common, ...toast });
}

export function showSuccess(title: string, message: string): void {
  show({ title, message, color: 'olive' });
}

export function showError(message: string, title = 'Error'): void {
  show({ title, message, color: 'red' });
}
