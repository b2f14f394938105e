import { SiteImage } from './site-image';
import { Popup } from './popup';
import classes from './image-modal.module.css';

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
}

/** The general enlarged-photo popup: the photo as large as the screen allows, and its caption. */
export function ImageModal({ image, onClose, title }: ImageModalProps) {
  const heading = title ?? image?.title ?? image?.caption ?? image?.alt;
  return (
    <Popup
      opened={image !== null}
      onClose={onClose}
      title={heading}
      size="xl"
      closeLabel="Close photo"
      data-testid="image-modal"
    >
      {image && (
        <figure className={classes.figure}>
          <SiteImage
            src={image.src}
            alt={image.alt}
            width={image.width}
            height={image.height}
            sizes="(min-width: 62em) 780px, 100vw"
            className={classes.image}
          />
          {image.caption && image.caption !== heading && (
            <figcaption className={classes.caption}>{image.caption}</figcaption>
          )}
        </figure>
      )}
    </Popup>
  );
}
