import { ourDogsCopy as copy, type Dog } from '@cedar/content';
import { ModalStack } from '@mantine/core';
import { Suspense } from 'react';
import { ImageModal, type ModalImage } from '../../components/image-modal';
import { Popup, usePopupValue, type PopupState } from '../../components/popup';
import { lazyContent, usePreloadWhenIdle } from '../../components/lazy-content';

// The popups' contents (with the pedigree and gallery data and the Mantine components they are
// built of) stay out of the page's
// first load; they load once the page is idle, or when a popup first opens.
const PedigreeDetails = lazyContent(() =>
  import('./pedigree-details').then((module) => module.DogPedigree),
);
const PuppyGallery = lazyContent(() =>
  import('./puppy-gallery').then((module) => module.DogPuppyGallery),
);
const TitleDetails = lazyContent(() =>
  import('./title-details').then((module) => module.TitleDetails),
);
const preloadAll = () =>
  Promise.all([PedigreeDetails.preload(), PuppyGallery.preload(), TitleDetails.preload()]);

export interface OurDogsPopupsProps {
  pedigree: PopupState<Dog>;
  gallery: PopupState<Dog>;
  title: PopupState<string>;
  image: PopupState<ModalImage>;
}

function PedigreePopup({ pedigree, title, image }: Omit<OurDogsPopupsProps, 'gallery'>) {
  const dog = usePopupValue(pedigree);
  return (
    <Popup
      opened={dog !== null}
      onClose={pedigree.close}
      title={dog ? copy.pedigreeTitle(dog.name) : ''}
      size="wide"
      closeLabel={copy.closeLabel}
    >
      {dog && (
        <Suspense fallback={null}>
          <PedigreeDetails dog={dog} onImage={image.open} onTitle={title.open} />
        </Suspense>
      )}
    </Popup>
  );
}

function GalleryPopup({ gallery, image }: Pick<OurDogsPopupsProps, 'gallery' | 'image'>) {
  const dog = usePopupValue(gallery);
  return (
    <Popup
      opened={dog !== null}
      onClose={gallery.close}
      title={dog ? copy.galleryTitle(dog.name) : ''}
      size="xl"
      closeLabel={copy.closeLabel}
    >
      {dog && (
        <Suspense fallback={null}>
          <PuppyGallery dog={dog} onImage={image.open} />
        </Suspense>
      )}
    </Popup>
  );
}

function TitlePopup({ title }: Pick<OurDogsPopupsProps, 'title'>) {
  const abbreviation = usePopupValue(title);
  return (
    <Popup
      opened={abbreviation !== null}
      onClose={title.close}
      title={abbreviation ? copy.titlePopupTitle(abbreviation) : ''}
      size="sm"
      closeLabel={copy.closeLabel}
    >
      {abbreviation && (
        <Suspense fallback={null}>
          <TitleDetails abbreviation={abbreviation} />
        </Suspense>
      )}
    </Popup>
  );
}

function ImagePopup({ image }: Pick<OurDogsPopupsProps, 'image'>) {
  return <ImageModal image={usePopupValue(image)} onClose={image.close} />;
}

/**
 * The page's popups, in Mantine's Modal.Stack: one opened from another (a title or a photo from
 * the pedigree) goes on top of it whatever order their Modals mounted in, Escape closes only the
 * top one, and focus goes back to what opened it.
 */
export function OurDogsPopups({ pedigree, gallery, title, image }: OurDogsPopupsProps) {
  usePreloadWhenIdle(preloadAll);
  return (
    <ModalStack>
      <PedigreePopup pedigree={pedigree} title={title} image={image} />
      <GalleryPopup gallery={gallery} image={image} />
      <TitlePopup title={title} />
      <ImagePopup image={image} />
    </ModalStack>
  );
}
