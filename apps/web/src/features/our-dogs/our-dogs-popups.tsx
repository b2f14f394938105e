import { Modal } from '@mantine/core';
import { galleryFor, pedigreeFor, type Dog } from '@cedar/content';
import { ImageModal, type ModalImage } from '../../components/image-modal';
import { useMounted } from '../../components/popup';
import { PedigreeModal } from './pedigree-modal';
import { PuppyGalleryModal } from './puppy-gallery-modal';
import { TitleModal } from './title-modal';
import type { useStackedPopup } from './use-stacked-popup';

type Popup<T> = ReturnType<typeof useStackedPopup<T>>;

export interface OurDogsPopupsProps {
  pedigree: Popup<Dog>;
  gallery: Popup<Dog>;
  title: Popup<string>;
  image: Popup<ModalImage>;
}

/**
 * The page's popups, in one stack: a popup opened from another (title, photo) sits on top and
 * Escape closes only it. Loaded when the first of them opens; on that first render every popup
 * is closed, so each then opens as it would had it been there all along.
 */
export default function OurDogsPopups({ pedigree, gallery, title, image }: OurDogsPopupsProps) {
  const mounted = useMounted();
  const value = <T,>(popup: Popup<T>) => (mounted ? popup.value : null);
  const dog = value(pedigree);
  const galleryDog = value(gallery);
  return (
    <Modal.Stack>
      <PedigreeModal
        stack={pedigree.stack}
        dog={dog}
        pedigree={dog ? pedigreeFor(dog.id) : undefined}
        onClose={pedigree.close}
        onImage={image.open}
        onTitle={title.open}
      />
      <PuppyGalleryModal
        stack={gallery.stack}
        dog={galleryDog}
        gallery={galleryDog ? galleryFor(galleryDog.id) : undefined}
        onClose={gallery.close}
        onImage={image.open}
      />
      <TitleModal stack={title.stack} abbreviation={value(title)} onClose={title.close} />
      <ImageModal stack={image.stack} image={value(image)} onClose={image.close} />
    </Modal.Stack>
  );
}
