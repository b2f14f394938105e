const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** "May 10, 2026, 9:30 AM" in the viewer's time zone: how the admin screens show a moment. */
export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}
