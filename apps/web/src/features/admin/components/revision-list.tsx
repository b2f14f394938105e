import type { Revision } from '@cedar/api-contract';
import { Badge, Button, Code, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import classes from './revision-list.module.css';

const savedFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function formatSavedAt(iso: string): string {
  return savedFormat.format(new Date(iso));
}

export function shortSha(sha256: string): string {
  return sha256.slice(0, 7);
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
          {revisions.map((revision) => {
            const isCurrent = revision.id === currentId;
            const sameAsCurrent = !isCurrent && revision.sha256 === currentSha;
            const when = formatSavedAt(revision.savedAt);
            return (
              <Group
                component="li"
                key={revision.id}
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
                {isCurrent && (
                  <Badge variant="light" tt="none">
                    Current
                  </Badge>
                )}
                {sameAsCurrent && (
                  <Text size="xs" c="gray.7" ta="right">
                    Same as current
                  </Text>
                )}
                {!isCurrent && !sameAsCurrent && (
                  <Button
                    size="xs"
                    variant="outline"
                    disabled={restoring}
                    onClick={() => setConfirming(revision)}
                    aria-label={`Restore the version saved ${when} (${shortSha(revision.sha256)})`}
                  >
                    Restore
                  </Button>
                )}
              </Group>
            );
          })}
        </Stack>
      )}
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title="Restore this version?"
        centered
      >
        <Text size="sm">
          The file will go back to the version saved{' '}
          {confirming ? formatSavedAt(confirming.savedAt) : ''} by {confirming?.savedBy}, and the
          site will be republished. Unsaved edits in the editor will be lost.
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirming(null)}>
            Cancel
          </Button>
          <Button onClick={confirm}>Restore</Button>
        </Group>
      </Modal>
    </Stack>
  );
}
