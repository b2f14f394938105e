import { pageData, pageMeta } from '../../lib/page-data';
import { Container, Stack } from '@mantine/core';
import { puppiesCopy as copy, type Litter, type Photo } from '@cedar/content';
import { ImageModal } from '../../components/image-modal';
import { PageActions } from '../../components/page-actions';
import { usePopupState, usePopupValue, type PopupState } from '../../components/popup';
import { ChampionModal } from './champion-modal';
import { LitterPedigreeModal } from './litter-pedigree-modal';
import { puppiesPageData } from './puppies-data';
import { useKennelDay } from './use-kennel-day';
import { ChampionTeaser, PuppiesIntro, PuppiesLitters, PuppyGallery } from './puppies-content';
import { PuppiesSection } from '../../sections/puppies-section';
import classes from './puppies-page.module.css';
import type { Route } from './+types/puppies-page';

function PuppyPhotoModal({
  state,
  photos,
}: {
  state: PopupState<number>;
  photos: readonly Photo[];
}) {
  const index = usePopupValue(state);
  const photo = index === null ? undefined : photos[index];
  return (
    <ImageModal
      image={photo ? { src: photo.src, alt: photo.alt, caption: photo.alt } : null}
      title={index === null ? undefined : copy.photoTitle(index + 1, photos.length)}
      onClose={state.close}
    />
  );
}

// The litters, photos and champion come from here (build time), not from the page's client code.
export const loader = ({ request }: Route.LoaderArgs) => ({
  ...pageData(request),
  ...puppiesPageData(),
});
export const meta = pageMeta;

// The popups' state lives outside the page's: opening one renders the popup, not the page.
export default function PuppiesPage({ loaderData }: Route.ComponentProps) {
  const { litters, puppyPhotos, champion } = loaderData;
  const day = useKennelDay();
  const photo = usePopupState<number>();
  const pedigree = usePopupState<Litter>();
  const championPopup = usePopupState<true>();

  const actions = {
    photo: (index: string) => photo.open(Number(index)),
    pedigree: (id: string) => {
      const litter = litters.find((l) => l.id === id);
      if (litter) pedigree.open(litter);
    },
    champion: () => championPopup.open(true),
  };

  return (
    <>
      <PuppiesIntro />

      <Container size="lg" py={{ base: 40, md: 64 }}>
        <Stack gap={72}>
          <PageActions value={actions}>
            <PuppyGallery photos={puppyPhotos} />
            {/* Below the first screen: laid out when they come near it (classes.later). */}
            <div className={classes.later}>
              <PuppiesSection />
            </div>
            {/* As prerendered on the day the page was built for; on another day (a later visit,
                a page left open past midnight) the same lists update in place to that day. */}
            <div className={classes.later}>
              <PuppiesLitters litters={litters} now={day} />
            </div>
            <div className={classes.later}>
              <ChampionTeaser champion={champion} />
            </div>
          </PageActions>
        </Stack>
      </Container>

      <PuppyPhotoModal state={photo} photos={puppyPhotos} />
      <LitterPedigreeModal state={pedigree} />
      <ChampionModal state={championPopup} title={champion.title} />
    </>
  );
}
