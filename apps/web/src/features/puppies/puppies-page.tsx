import { Box, Container, Stack, Text, Title } from '@mantine/core';
import { litters, puppiesCopy as copy, puppyPhotos, type Litter } from '@cedar/content';
import { useState } from 'react';
import { ImageModal } from '../../components/image-modal';
import { PuppiesSection } from '../../sections/puppies-section';
import { ChampionModal, ChampionTeaser } from './champion';
import { LitterLists } from './litter-lists';
import { LitterPedigreeModal } from './litter-pedigree-modal';
import { PuppyPhotoGrid } from './puppy-photo-grid';
import { useKennelDay } from './use-kennel-day';
import { StaticContent } from '../../components/static-content';
import { IntroBand } from '../../components/layout/intro-band';

export function Component() {
  const day = useKennelDay();
  const [photoIndex, setPhotoIndex] = useState<number | null>(null);
  const [pedigreeLitter, setPedigreeLitter] = useState<Litter | null>(null);
  const [championOpen, setChampionOpen] = useState(false);
  const photo = photoIndex === null ? undefined : puppyPhotos[photoIndex];

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
            <PuppyPhotoGrid photos={puppyPhotos} onOpen={setPhotoIndex} />
          </Box>

          <StaticContent>
            <PuppiesSection />
          </StaticContent>

          <LitterLists litters={litters} now={day} onViewPedigree={setPedigreeLitter} />

          <ChampionTeaser onOpen={() => setChampionOpen(true)} />
        </Stack>
      </Container>

      <ImageModal
        image={photo ? { src: photo.src, alt: photo.alt, caption: photo.alt } : null}
        title={
          photoIndex === null ? undefined : copy.photoTitle(photoIndex + 1, puppyPhotos.length)
        }
        onClose={() => setPhotoIndex(null)}
      />
      <LitterPedigreeModal litter={pedigreeLitter} onClose={() => setPedigreeLitter(null)} />
      <ChampionModal opened={championOpen} onClose={() => setChampionOpen(false)} />
    </>
  );
}
