import type { PublishStatus, SandboxKind } from '@cedar/api-contract';
import { Group, Loader, Stack, Text } from '@mantine/core';

export function publishMessage(status: PublishStatus, awaitingBuild: boolean): string | null {
  if (awaitingBuild) return 'Publishing…';
  switch (status.state) {
    case 'building':
      return 'Publishing…';
    case 'published':
      return 'Live: your change is on the site';
    case 'failed':
      return `Publish failed: ${status.error ?? 'unknown error'} — the previous version is still live`;
    case 'live-reload':
      return 'Development mode: changes show instantly';
    case 'idle':
      return null;
  }
}

const COLORS: Record<PublishStatus['state'], string> = {
  idle: 'gray.7',
  building: 'dark.6',
  published: '#1e6b2f', // 6.6:1 on white; Mantine's green.9 is 4.4:1
  failed: 'red.9',
  'live-reload': 'dark.6',
};

const SANDBOXES: Record<SandboxKind, string> = {
  bubblewrap: 'bubblewrap',
  'node-permissions': 'Node permissions',
};

/** How a rebuild of edited code is contained; null in development, where nothing is rebuilt. */
export function sandboxMessage(status: PublishStatus): string | null {
  return status.sandbox ? `Rebuilds run in a sandbox (${SANDBOXES[status.sandbox]})` : null;
}

/** The state of the site's rebuild after a save (ARCHITECTURE §5). A live region, so it is announced. */
export function PublishStatusNote({
  status,
  awaitingBuild,
}: {
  status: PublishStatus | undefined;
  awaitingBuild: boolean;
}) {
  const message = status ? publishMessage(status, awaitingBuild) : null;
  const busy = awaitingBuild || status?.state === 'building';
  const sandbox = status ? sandboxMessage(status) : null;
  return (
    <Stack gap={2}>
      <Group gap="xs" role="status" aria-live="polite" mih={24} data-testid="publish-status">
        {busy && <Loader size="xs" />}
        {message && status && (
          <Text size="sm" fw={600} c={busy ? COLORS.building : COLORS[status.state]}>
            {message}
          </Text>
        )}
        {/* Why, when no save of the owner's explains it (a restart after a stop, say). */}
        {status?.reason && (
          <Text size="sm" c={COLORS.idle}>
            {status.reason}
          </Text>
        )}
      </Group>
      {sandbox && (
        <Text size="xs" c="gray.7">
          {sandbox}
        </Text>
      )}
    </Stack>
  );
}
