import type { Revision } from '@cedar/api-contract';
import { Badge, Button, Code, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatDateTime } from '../lib/dates';
import { ConfirmDialog } from './confirm-dialog';
import classes from './plain-list.module.css';

function shortSha(sha256: string): string {
  return sha256.slice(0, 7);
}

interface RevisionItemProps {
  revision: Revision;
  status: 'current' | 'same-as-current' | 'other';
  restoring: boolean;
  onRestore: () => void;
}

function RevisionItem({ revision, status, restoring, onRestore }: RevisionItemProps) {
  const when = formatDateTime(revision.savedAt);
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="nowrap"
      gap="xs"
      p="xs"
      bd="1px solid var(--mantine-color-gray-3)"
      bdrs="sm"
      data-sha={revision.sha256}
    >
      <Stack gap={0}>
        <Text size="sm" fw={600}>
          <time dateTime={revision.savedAt}>{when}</time>
        </Text>
        <Text size="xs" c="gray.7">
          by {revision.savedBy} · <Code>{shortSha(revision.sha256)}</Code>
        </Text>
      </Stack>
      {status === 'current' && (
        <Badge variant="light" tt="none">
          Current
        </Badge>
      )}
      {status === 'same-as-current' && (
        <Text size="xs" c="gray.7" ta="right">
          Same as current
        </Text>
      )}
      {status === 'other' && (
        <Button
          size="xs"
          variant="outline"
          disabled={restoring}
          onClick={onRestore}
          aria-label={`Restore the version saved ${when} (${shortSha(revision.sha256)})`}
        >
          Restore
        </Button>
      )}
    </Group>
  );
}

interface RevisionListProps {
  revisions: Revision[] | undefined;
  isLoading: boolean;
  isError: boolean;
  /** The sha256 of the content the editor holds, to mark the current revision. */
  currentSha: string | null;
  restoring: boolean;
  onRestore: (revision: Revision) => void;
}

export function RevisionList({
  revisions,
  isLoading,
  isError,
  currentSha,
  restoring,
  onRestore,
}: RevisionListProps) {
  const [confirming, setConfirming] = useState<Revision | null>(null);
  // Newest first: the first revision with the editor's content is the current one.
  const currentId = revisions?.find((r) => r.sha256 === currentSha)?.id ?? null;
  const statusOf = (revision: Revision): RevisionItemProps['status'] => {
    if (revision.id === currentId) return 'current';
    return revision.sha256 === currentSha ? 'same-as-current' : 'other';
  };

  const confirm = () => {
    if (confirming) onRestore(confirming);
    setConfirming(null);
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="revision-history">
      <Title order={2} fz="lg" id="revision-history">
        Revision history
      </Title>
      {isLoading && <Text size="sm">Loading revisions...</Text>}
      {isError && (
        <Text size="sm" c="red.9">
          Could not load the revisions of this file.
        </Text>
      )}
      {revisions && revisions.length === 0 && (
        <Text size="sm" c="gray.7">
          No saved revisions yet.
        </Text>
      )}
      {revisions && revisions.length > 0 && (
        <Stack component="ul" gap="xs" className={classes.list}>
          {revisions.map((revision) => (
            <RevisionItem
              key={revision.id}
              revision={revision}
              status={statusOf(revision)}
              restoring={restoring}
              onRestore={() => setConfirming(revision)}
            />
          ))}
        </Stack>
      )}
      <ConfirmDialog
        opened={confirming !== null}
        title="Restore this version?"
        confirmLabel="Restore"
        onConfirm={confirm}
        onClose={() => setConfirming(null)}
      >
        The file will go back to the version saved{' '}
        {confirming ? formatDateTime(confirming.savedAt) : ''} by {confirming?.savedBy}, and the
        site will be republished. Unsaved edits in the editor will be lost.
      </ConfirmDialog>
    </Stack>
  );
}
