import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The confirmed action is under way. */
  busy?: boolean;
  color?: string;
  onConfirm: () => void;
  onClose: () => void;
}

/** "Are you sure?" before an action that cannot be taken back; Cancel is the safe default. */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  busy = false,
  color,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Text size="sm">{children}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button color={color} onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
