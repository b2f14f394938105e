import { Box, Container, Stack, Text, Title } from '../../ui';
import { litters, puppiesCopy as copy, puppyPhotos, type Litter } from '@cedar/content';
import { ImageModal } from '../../components/image-modal';
import { usePopupState, usePopupValue, type PopupState } from '../../components/popup';
import { PuppiesSection } from '../../sections/puppies-section';
import { ChampionModal, ChampionTeaser } from './champion';
import { LitterLists } from './litter-lists';
import { LitterPedigreeModal } from './litter-pedigree-modal';
import { PuppyPhotoGrid } from './puppy-photo-grid';
import { useKennelDay } from './use-kennel-day';
import { StaticContent } from '../../components/static-content';
import { IntroBand } from '../../components/layout/intro-band';

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

// The popups' state lives outside the page's: opening one renders the popup, not the page.
export function Component() {
  const day = useKennelDay();
  const photo = usePopupState<number>();
  const pedigree = usePopupState<Litter>();
  const champion = usePopupState<true>();

  return (
    <>
      <IntroBand eyebrow={copy.eyebrow} title={copy.heading} intro={copy.intro} />

      <Container size="lg" py={{ base: 40, md: 64 }}>
        <Stack gap={72}>
          <Box component="section" aria-labelledby="puppy-gallery-heading">
            <StaticContent>
              <Title order={2} id="puppy-gallery-heading" ta="center">
                {copy.galleryHeading}
              </Title>
              <Text ta="center" c="gray.7" mt="xs" mb="lg">
                {copy.galleryIntro}
              </Text>
            </StaticContent>
            <PuppyPhotoGrid photos={puppyPhotos} onOpen={photo.open} />
          </Box>

          <StaticContent>
            <PuppiesSection />
          </StaticContent>

          <LitterLists litters={litters} now={day} onViewPedigree={pedigree.open} />

          <ChampionTeaser onOpen={() => champion.open(true)} />
        </Stack>
      </Container>

      <PuppyPhotoModal state={photo} />
      <LitterPedigreeModal state={pedigree} />
      <ChampionModal state={champion} />
    </>
  );
}
