import type { LoaderFunctionArgs } from 'react-router';
import { pageData, pageMeta } from '../../lib/page-data';
import { Container, Stack } from '@mantine/core';
import { litters, puppiesCopy as copy, puppyPhotos, type Litter } from '@cedar/content';
import { ImageModal } from '../../components/image-modal';
import { PageActions } from '../../components/page-actions';
import { usePopupState, usePopupValue, type PopupState } from '../../components/popup';
import { ChampionModal } from './champion-modal';
import { LitterPedigreeModal } from './litter-pedigree-modal';
import { useKennelDay } from './use-kennel-day';

import { PuppiesIntro } from './puppies-content';

import { PuppyGallery } from './puppies-content';
import { PuppiesSection } from '../../sections/puppies-section';
import { PuppiesLitters } from './puppies-content';
import { ChampionTeaser } from './puppies-content';

function PuppyPhotoModal({ state }: { state: PopupState<number> }) {
  const index = usePopupValue(state);
  const photo = index === null ? undefined : puppyPhotos[index];
  return (
    <ImageModal
      image={photo ? { src: photo.src, alt: photo.alt, caption: photo.alt } : null}
      title={index === null ? undefined : copy.photoTitle(index + 1, puppyPhotos.length)}
      onClose={state.close}
    />
  );
}

export const loader = ({ request }: LoaderFunctionArgs) => pageData(request);
export const meta = pageMeta;

// The popups' state lives outside the page's: opening one renders the popup, not the page.
export default function PuppiesPage() {
  const day = useKennelDay();
  const photo = usePopupState<number>();
  const pedigree = usePopupState<Litter>();
  const champion = usePopupState<true>();

  const actions = {
    photo: (index: string) => photo.open(Number(index)),
    pedigree: (id: string) => {
      const litter = litters.find((l) => l.id === id);
      if (litter) pedigree.open(litter);
    },
    champion: () => champion.open(true),
  };

  return (
    <>
      <PuppiesIntro />

      <Container size="lg" py={{ base: 40, md: 64 }}>
        <Stack gap={72}>
          <PageActions value={actions}>
            <PuppyGallery />
            <PuppiesSection />
            {/* As prerendered on the day the page was built for; on another day (a page left
                open past midnight) the lists render anew for it. */}
            <PuppiesLitters key={day.toISOString()} now={day} />
            <ChampionTeaser />
          </PageActions>
        </Stack>
      </Container>

      <PuppyPhotoModal state={photo} />
      <LitterPedigreeModal state={pedigree} />
      <ChampionModal state={champion} />
    </>
  );
}
