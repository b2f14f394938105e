import { pageData, pageMeta } from '../../lib/page-data';
import { Box, Container, Stack } from '@mantine/core';
import { dames, kennelTourSlides, sires, type Dog } from '@cedar/content';
import type { ModalImage } from '../../components/image-modal';
import { PageActions } from '../../components/page-actions';
import { usePopupState } from '../../components/popup';
import { dogPhotoAlt } from './dog-photo-alt';
import { KennelTourCarousel } from './kennel-tour-carousel';
import { OurDogsPopups } from './our-dogs-popups';
import { DogSection, KennelTourHeading, OurDogsHero } from './our-dogs-content';
import type { Route } from './+types/our-dogs-page';

// The dogs and the kennel tour's photos come from here (build time), not from the page's client
// code.
export const loader = ({ request }: Route.LoaderArgs) => ({
  ...pageData(request),
  dogs: { sires, dames },
  slides: kennelTourSlides,
});
export const meta = pageMeta;

export default function OurDogsPage({ loaderData }: Route.ComponentProps) {
  const { dogs, slides } = loaderData;
  // Outside the page's state: opening a popup renders the popup, not the fifteen dog cards.
  const pedigree = usePopupState<Dog>();
  const gallery = usePopupState<Dog>();
  const title = usePopupState<string>();
  const image = usePopupState<ModalImage>();

  const withDog = (open: (dog: Dog) => void) => (id: string) => {
    const dog = [...dogs.sires, ...dogs.dames].find((d) => d.id === id);
    if (dog) open(dog);
  };
  const actions = {
    photo: withDog((dog) =>
      image.open({
        src: dog.image,
        alt: dogPhotoAlt(dog),
        title: dog.name,
        caption: dog.formalName,
      }),
    ),
    pedigree: withDog(pedigree.open),
    puppies: withDog(gallery.open),
  };

  return (
    <>
      <OurDogsHero />

      <Container size="lg" py={{ base: 40, md: 64 }}>
        <Stack gap={72}>
          <PageActions value={actions}>
            <DogSection id="our-sires" group="sires" dogs={dogs.sires} />
            <DogSection id="our-dames" group="dames" dogs={dogs.dames} />
          </PageActions>
          <Box component="section" aria-labelledby="kennel-tour-heading">
            <KennelTourHeading />
            <Box maw={900} mx="auto">
              <KennelTourCarousel slides={slides} />
            </Box>
          </Box>
        </Stack>
      </Container>

      <OurDogsPopups pedigree={pedigree} gallery={gallery} title={title} image={image} />
    </>
  );
}
