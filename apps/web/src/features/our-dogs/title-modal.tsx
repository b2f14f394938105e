import { Badge, Group, Modal, Stack, Text } from '@mantine/core';
import { ourDogsCopy, titleName } from '@cedar/content';
import { useState } from 'react';
import { modalStyles } from '../../components/image-modal';
import type { PopupStack } from './use-stacked-popup';

const copy = ourDogsCopy.titlePopup;

/** A title abbreviation and its full name; unknown abbreviations are shown as they are. */
export function TitleModal({
  abbreviation,
  onClose,
  stack,
}: {
  abbreviation: string | null;
  onClose: () => void;
  stack?: PopupStack;
}) {
  const [last, setLast] = useState(abbreviation);
  if (abbreviation !== null && abbreviation !== last) setLast(abbreviation);
  const shown = abbreviation ?? last;

  return (
    <Modal
      opened={abbreviation !== null}
      onClose={onClose}
      stackId={stack?.id}
      returnFocus={!stack}
      onExitTransitionEnd={stack?.onExited}
      title={shown ? copy.title(shown) : ''}
      size="sm"
      centered
      styles={modalStyles}
      closeButtonProps={{ 'aria-label': ourDogsCopy.closeLabel }}
    >
      {shown && (
        <Stack component="dl" gap="sm" m={0}>
          <div>
            <Text component="dt" size="xs" fw={700} tt="uppercase" c="olive.8">
              {copy.abbreviation}
            </Text>
            <Group component="dd" m={0} mt={4}>
              <Badge size="xl" variant="filled" color="olive.8" radius="sm">
                {shown}
              </Badge>
            </Group>
          </div>
          <div>
            <Text component="dt" size="xs" fw={700} tt="uppercase" c="olive.8">
              {copy.fullName}
            </Text>
            <Text component="dd" m={0} mt={4} fz="xl" fw={700} data-testid="title-full-name">
              {titleName(shown)}
            </Text>
          </div>
        </Stack>
      )}
    </Modal>
  );
}
