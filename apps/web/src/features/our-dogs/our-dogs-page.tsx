import { Box } from '../../ui/box';
import { Container, Stack } from '../../ui/shell';
import { dogSummaryById, kennelTourSlides, type DogSummary } from '@cedar/content';
import type { ModalImage } from '../../components/image-modal';
import { usePopupState } from '../../components/popup';
import { staticPart } from '../../components/static-content';
import { dogPhotoAlt } from './dog-photo-alt';
import { KennelTourCarousel } from './kennel-tour-carousel';
import { OurDogsPopups } from './our-dogs-popups';

// The cards and their words are kept as prerendered, their code a chunk of its own (see
// staticPart); their buttons name an action and a dog, and the page opens the popup.
const OurDogsHero = staticPart(() =>
  import('./our-dogs-content').then((module) => module.OurDogsHero),
);
const DogSection = staticPart(() =>
  import('./our-dogs-content').then((module) => module.DogSection),
);
const KennelTourHeading = staticPart(() =>
  import('./our-dogs-content').then((module) => module.KennelTourHeading),
);

export function Component() {
  // Outside the page's state: opening a popup renders the popup, not the fifteen dog cards.
  const pedigree = usePopupState<DogSummary>();
  const gallery = usePopupState<DogSummary>();
  const title = usePopupState<string>();
  const image = usePopupState<ModalImage>();

  const withDog = (open: (dog: DogSummary) => void) => (id: string) => {
    const dog = dogSummaryById(id);
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
          <DogSection id="our-sires" group="sires" actions={actions} />
          <DogSection id="our-dames" group="dames" actions={actions} />
          <Box component="section" aria-labelledby="kennel-tour-heading">
            <KennelTourHeading />
            <Box maw={900} mx="auto">
              <KennelTourCarousel slides={kennelTourSlides} />
            </Box>
          </Box>
        </Stack>
      </Container>

      <OurDogsPopups pedigree={pedigree} gallery={gallery} title={title} image={image} />
    </>
  );
}
