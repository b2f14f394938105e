import { notifications } from '@mantine/notifications';

const common = {
  // Mantine dims the toast text to about 3.3:1 on white; this grey keeps it at WCAG AA.
  styles: { description: { color: 'var(--mantine-color-gray-8)' } },
  // Mantine's close button is an icon without a name.
  closeButtonProps: { 'aria-label': 'Close notification' },
};

export function showSuccess(title: string, message: string): void {
  notifications.show({ title, message, color: 'olive', ...common });
}

export function showError(message: string, title = 'Error'): void {
  notifications.show({ title, message, color: 'red', ...common });
}
