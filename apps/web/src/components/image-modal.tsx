import { Box, Text } from '@mantine/core';
import { useState } from 'react';
import { SiteImage } from './site-image';
import { Popup } from './popup';

/** Popup titles read as headings: the serif heading font, larger and bold. */
export const modalStyles = {
  title: {
    fontFamily: 'var(--mantine-font-family-headings)',
    fontSize: 'var(--mantine-font-size-xl)',
    fontWeight: 700,
  },
} as const;

export interface ModalImage {
  src: string;
  alt: string;
  caption?: string | undefined;
  /** The popup's title when the opener gives none. */
  title?: string | undefined;
  /** Intrinsic size; most site photos are 800x600. */
  width?: number | undefined;
  height?: number | undefined;
}

export interface ImageModalProps {
  /** The photo to show; null closes the popup. */
  image: ModalImage | null;
  onClose: () => void;
  /** Visible title; defaults to the image's title, its caption, then its alt text. */
  title?: string | undefined;
  /**
   * Set when the popup lives in a Modal.Stack (a popup opened from another popup). Mantine's focus
   * return is unreliable there, so the opener restores focus itself in onExited.
   */
  stack?: { id: string; onExited: () => void } | undefined;
}

/** The general enlarged-photo popup: a titled Mantine Modal (focus trap, Escape, focus return), loaded on first open. */
export function ImageModal({ image, onClose, title, stack }: ImageModalProps) {
  // Keep the last photo and title while the popup fades out, so it does not empty before it closes.
  const [last, setLast] = useState({ image, title });
  if (
    image !== null &&
    (image.src !== last.image?.src ||
      image.caption !== last.image.caption ||
      image.title !== last.image.title ||
      title !== last.title)
  ) {
    setLast({ image, title });
  }
  const { image: shown, title: shownTitle } = image !== null ? { image, title } : last;
  const heading = shownTitle ?? shown?.title ?? shown?.caption ?? shown?.alt;

  return (
    <Popup
      opened={image !== null}
      onClose={onClose}
      stackId={stack?.id}
      returnFocus={!stack}
      onExitTransitionEnd={stack?.onExited}
      title={heading}
      size="xl"
      centered
      styles={modalStyles}
      closeButtonProps={{ 'aria-label': 'Close photo' }}
      data-testid="image-modal"
    >
      {shown && (
        <Box component="figure" m={0}>
          <SiteImage
            src={shown.src}
            alt={shown.alt}
            width={shown.width}
            height={shown.height}
            sizes="(min-width: 62em) 780px, 100vw"
            style={{
              display: 'block',
              width: '100%',
              height: 'auto',
              maxHeight: '75vh',
              objectFit: 'contain',
              borderRadius: 'var(--mantine-radius-md)',
              background: 'var(--mantine-color-gray-1)',
            }}
          />
          {shown.caption && shown.caption !== heading && (
            <Text component="figcaption" mt="sm" c="gray.7" ta="center">
              {shown.caption}
            </Text>
          )}
        </Box>
      )}
    </Popup>
  );
}
