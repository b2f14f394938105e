import { Box, Text, Title } from '@mantine/core';
import { puppiesCopy as copy, type Photo } from '@cedar/content';
import { IntroBand } from '../../components/layout/intro-band';
import { ChampionTeaser } from './champion';
import { LitterLists } from './litter-lists';
import type { ListedLitter } from './puppies-data';
import { PuppyPhotoGrid } from './puppy-photo-grid';

export { ChampionTeaser };

/** The opening band: eyebrow, the page's h1 and its introduction. */
export function PuppiesIntro() {
  return <IntroBand eyebrow={copy.eyebrow} title={copy.heading} intro={copy.intro} />;
}

/** The puppy photos: heading, a few words and the grid; a photo's button opens it. */
export function PuppyGallery({ photos }: { photos: readonly Photo[] }) {
  return (
    <Box component="section" aria-labelledby="puppy-gallery-heading">
      <Title order={2} id="puppy-gallery-heading" ta="center">
        {copy.galleryHeading}
      </Title>
      <Text ta="center" c="gray.7" mt="xs" mb="lg">
        {copy.galleryIntro}
      </Text>
      <PuppyPhotoGrid photos={photos} />
    </Box>
  );
}

/** Select and Upcoming Litters as of `now`. */
export function PuppiesLitters({ litters, now }: { litters: readonly ListedLitter[]; now: Date }) {
  return <LitterLists litters={litters} now={now} />;
}
