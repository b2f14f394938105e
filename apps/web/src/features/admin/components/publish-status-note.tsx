import {
  EDITABLE_FILES,
  PAGE_GATE_REFUSAL,
  type PublishStatus,
  type SandboxKind,
} from '@cedar/api-contract';
import { Anchor, Group, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { PendingPublish } from '../api/publish-status';

export function publishMessage(status: PublishStatus, awaitingBuild: boolean): string | null {
  if (awaitingBuild) return 'Publishing…';
  switch (status.state) {
    case 'building':
      return 'Publishing…';
    case 'published':
      return 'Live: your change is on the site';
    case 'failed':
      // The page gate's refusal says itself what happened and what is live.
      if (status.error?.startsWith(PAGE_GATE_REFUSAL)) return status.error;
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

/** "42 s", "1 min 5 s", "3 min": how long a publish took or has taken. */
export function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

/** While a build runs: how long it has taken so far, and how long publishing usually takes. */
export function progressMessage(elapsedMs: number | null, usualMs: number | null): string | null {
  const parts: string[] = [];
  if (elapsedMs !== null) parts.push(`${formatDuration(elapsedMs)} so far`);
  if (usualMs !== null) parts.push(`usually about ${formatDuration(usualMs)}`);
  return parts.length > 0 ? parts.join(', ') : null;
}

/** The time now, once a second while `ticking`. */
function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [ticking]);
  return now;
}

/** The public pages that show the saved file, once the build with the owner's change is live. */
function livePages(status: PublishStatus, awaitingBuild: boolean, pending: PendingPublish | null) {
  if (!pending || awaitingBuild || status.state !== 'published') return [];
  return EDITABLE_FILES.find((f) => f.path === pending.path)?.pages ?? [];
}

/**
 * The state of the site's rebuild after a save, with its progress while it runs
 * and links to the changed page once it is live. A live region, so it is announced; the seconds
 * counting up sit outside it, so a screen reader is not told each one.
 */
export function PublishStatusNote({
  status,
  fetchedAt,
  awaitingBuild,
  pending,
}: {
  status: PublishStatus | undefined;
  /** When `status` was fetched (local time): the build has run that much longer since. */
  fetchedAt: number;
  awaitingBuild: boolean;
  pending: PendingPublish | null;
}) {
  const message = status ? publishMessage(status, awaitingBuild) : null;
  const building = status?.state === 'building';
  const busy = awaitingBuild || building;
  const now = useNow(busy);
  const sandbox = status ? sandboxMessage(status) : null;
  const elapsed =
    building && status.elapsedMs !== null ? status.elapsedMs + Math.max(0, now - fetchedAt) : null;
  const progress = busy && status ? progressMessage(elapsed, status.usualMs) : null;
  const pages = status ? livePages(status, awaitingBuild, pending) : [];
  return (
    <Stack gap={2}>
      <Group gap="xs" wrap="wrap" mih={24}>
        <Group gap="xs" role="status" aria-live="polite" data-testid="publish-status">
          {busy && <Loader size="xs" />}
          {message && status && (
            <Text size="sm" fw={600} c={busy ? COLORS.building : COLORS[status.state]}>
              {message}
            </Text>
          )}
          {pages.map((page) => (
            <Anchor key={page} href={page} target="_blank" size="sm" fw={600}>
              View page
              <VisuallyHidden>
                {pages.length > 1 ? ` ${page}` : ''} (opens in a new tab)
              </VisuallyHidden>
            </Anchor>
          ))}
          {/* Why, when no save of the owner's explains it (a restart after a stop, say). */}
          {status?.reason && (
            <Text size="sm" c={COLORS.idle}>
              {status.reason}
            </Text>
          )}
        </Group>
        {progress && (
          <Text size="sm" c="gray.7" data-testid="publish-progress">
            {progress}
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
