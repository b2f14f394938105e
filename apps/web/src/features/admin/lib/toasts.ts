import { notifications } from '@mantine/notifications';

// Mantine dims the toast text to about 3.3:1 on white; this grey keeps it at WCAG AA.
const readable = { description: { color: 'var(--mantine-color-gray-8)' } };

export function showSuccess(title: string, message: string): void {
  notifications.show({ title, message, color: 'olive', styles: readable });
}

export function showError(message: string, title = 'Error'): void {
  notifications.show({ title, message, color: 'red', styles: readable });
}
