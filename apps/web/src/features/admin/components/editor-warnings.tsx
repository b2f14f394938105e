import type { PublishStatus } from '@cedar/api-contract';
import { Alert, List } from '@mantine/core';

/** "about 42 seconds", "about 3 minutes": how long publishing usually takes, in words. */
function about(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  if (seconds < 120) return `about ${seconds} second${seconds === 1 ? '' : 's'}`;
  return `about ${Math.round(seconds / 60)} minutes`;
}

/**
 * When a saved change reaches the public site, as the publisher knows it: the usual time of its
 * last publishes, at once in development (Vite), or, before any publish, when the rebuild ends.
 */
export function goLiveMessage(status: PublishStatus | undefined): string {
  if (status?.state === 'live-reload')
    return 'Changes show on the site as soon as you save (development mode).';
  if (status?.usualMs != null) return `Changes go live ${about(status.usualMs)} after saving.`;
  return 'Changes go live once the site has been rebuilt after saving: the status beside Save File shows when.';
}

export const EDITOR_WARNINGS = [
  'Test your changes on the website after every save.',
  'Syntax errors can break the site: check brackets, quotes and commas before you save.',
  'Contact support for complex changes.',
] as const;

/** The editor's warnings, the first saying truly how soon a saved change is live. */
export function EditorWarnings({ publish }: { publish: PublishStatus | undefined }) {
  return (
    <Alert color="yellow" variant="light" title="Before you edit" c="dark.8">
      <List size="sm" spacing={4}>
        {[goLiveMessage(publish), ...EDITOR_WARNINGS].map((warning) => (
          <List.Item key={warning}>{warning}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
