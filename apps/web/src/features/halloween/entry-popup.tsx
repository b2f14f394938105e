import { Modal, Text } from '@mantine/core';
import { halloweenCopy as copy, type ContestEntry } from '@cedar/content';
import type { MouseEvent } from 'react';
import { useMounted } from '../../components/popup';
import { SiteImage } from '../../components/site-image';
import { entryAlt } from './entry-alt';
import classes from './halloween-page.module.css';

/** A contest entry, full screen: the photo, the dog's name and the family. */
export default function EntryPopup({
  entry,
  opened,
  onClose,
}: {
  entry: ContestEntry | null;
  opened: boolean;
  onClose: () => void;
}) {
  // Rendered closed first when it loads, then open (see useMounted).
  const mounted = useMounted();
  // The popup fills the screen, so the dark area around the photo is its backdrop: a click there closes it.
  const closeOnBackdrop = (event: MouseEvent<HTMLElement>) => {
    if (!(event.target as HTMLElement).closest('[data-keep-open]')) onClose();
  };
  return (
    <Modal.Root
      opened={mounted && opened}
      onClose={onClose}
      fullScreen
      transitionProps={{ transition: 'fade', duration: 150 }}
      classNames={{
        content: classes.popupContent,
        header: classes.popupHeader,
        title: classes.popupTitle,
        close: classes.popupClose,
        body: classes.popupBody,
      }}
    >
      <Modal.Overlay />
      <Modal.Content onClick={closeOnBackdrop} data-testid="contest-popup">
        <Modal.Header>
          <Modal.Title data-keep-open>{entry?.name}</Modal.Title>
          <Modal.CloseButton aria-label={copy.closePopup} />
        </Modal.Header>
        <Modal.Body>
          {entry && (
            <figure className={classes.popupFigure}>
              <SiteImage
                src={entry.image}
                alt={entryAlt(entry)}
                sizes="100vw"
                className={classes.popupImage}
                data-keep-open
              />
              <figcaption data-keep-open>
                <Text ta="center" fz="xl" fw={700} c="white">
                  {entry.name}
                </Text>
                <Text ta="center" className={classes.popupFamily}>
                  {entry.familyName}
                </Text>
              </figcaption>
            </figure>
          )}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
