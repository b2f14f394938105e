import type { WaitlistEntry } from '@cedar/api-contract';
import { Button, CopyButton, Group, Menu, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { familyErrorMessage, useFamilyLinkAction, type FamilyLinkAction } from '../api/family';
import { ConfirmDialog } from '../components/confirm-dialog';
import { formatDateTime } from '../lib/dates';
import { showError, showSuccess } from '../lib/toasts';

interface FamilyPageLinkProps {
  entry: WaitlistEntry;
  /** When their current link was made; undefined when they have none. */
  since: string | undefined;
}

/**
 * A family's private page (issue 40): show the link to copy (made when first asked for), e-mail
 * it to them, or replace or revoke it. Waitlist work: a helper may do it too.
 */
export function FamilyPageLink({ entry, since }: FamilyPageLinkProps) {
  const action = useFamilyLinkAction();
  const [shown, setShown] = useState<{ url: string | null } | null>(null);
  const [confirming, setConfirming] = useState<'reissue' | 'revoke' | null>(null);

  const run = (what: FamilyLinkAction) =>
    action.mutate(
      { entryId: entry.id, action: what },
      {
        onSuccess: (link) => {
          setConfirming(null);
          if (what === 'show' || what === 'reissue') setShown({ url: link?.url ?? null });
          else if (what === 'email')
            showSuccess(
              'E-mail on its way',
              `${entry.name} will get their page link at ${entry.email}.`,
            );
          else
            showSuccess('Link revoked', `${entry.name}’s page no longer opens with the old link.`);
        },
        onError: (error) => {
          setConfirming(null);
          showError(familyErrorMessage(error, 'The link could not be changed.'));
        },
      },
    );

  return (
    <Stack gap={2} align="flex-start">
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button
            size="compact-xs"
            variant="default"
            loading={action.isPending}
            aria-label={`Family page of ${entry.name}`}
          >
            Family page
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => run('show')}>Copy the link</Menu.Item>
          <Menu.Item onClick={() => run('email')} disabled={entry.bounced}>
            E-mail the link
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item onClick={() => setConfirming('reissue')} disabled={!since}>
            Make a new link
          </Menu.Item>
          <Menu.Item color="red.9" onClick={() => setConfirming('revoke')} disabled={!since}>
            Revoke the link
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Text size="xs" c="gray.7">
        {since ? `Link since ${formatDateTime(since)}` : 'No link yet'}
      </Text>

      <Modal
        opened={shown !== null}
        onClose={() => setShown(null)}
        title={`${entry.name}’s page`}
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {shown?.url ? (
          <Stack gap="sm">
            <Text size="sm">
              Anyone with this link sees {entry.name}’s page: send it to them alone.
            </Text>
            <TextInput
              label="Link"
              value={shown.url}
              readOnly
              onFocus={(e) => e.currentTarget.select()}
            />
            <Group justify="flex-end">
              <CopyButton value={shown.url}>
                {({ copied, copy }) => (
                  <Button onClick={copy} color={copied ? 'teal.9' : undefined}>
                    {copied ? 'Copied' : 'Copy link'}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
        ) : (
          <Text size="sm">
            This link was made on another server (the site was restored from a backup) and cannot be
            shown here. Make a new link to copy it: the old one then stops working.
          </Text>
        )}
      </Modal>
      <ConfirmDialog
        opened={confirming !== null}
        title={confirming === 'revoke' ? 'Revoke this link?' : 'Make a new link?'}
        confirmLabel={confirming === 'revoke' ? 'Revoke' : 'Make a new link'}
        color="red.9"
        busy={action.isPending}
        onConfirm={() => confirming && run(confirming)}
        onClose={() => setConfirming(null)}
      >
        {confirming === 'revoke'
          ? `${entry.name}’s page stops opening with the link they have. You can make a new one later.`
          : `The link ${entry.name} has stops working at once; send them the new one.`}
      </ConfirmDialog>
    </Stack>
  );
}
