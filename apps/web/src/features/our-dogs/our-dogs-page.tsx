import { Box, Container, SimpleGrid, Stack, Text, Title } from '../../ui';
import { dames, kennelTourSlides, ourDogsCopy as copy, sires, type Dog } from '@cedar/content';
import type { ModalImage } from '../../components/image-modal';
import { usePopupState } from '../../components/popup';
import { DogCard, dogPhotoAlt } from './dog-card';
import { KennelTourCarousel } from './kennel-tour-carousel';
import { OurDogsPopups } from './our-dogs-popups';
import { StaticContent } from '../../components/static-content';

interface DogSectionProps {
  id: string;
  heading: string;
  intro: string;
  dogs: readonly Dog[];
  onPhoto: (dog: Dog) => void;
  onPedigree: (dog: Dog) => void;
  onPuppies: (dog: Dog) => void;
}

function DogSection({ id, heading, intro, dogs, ...handlers }: DogSectionProps) {
  return (
    <Box component="section" aria-labelledby={id} data-testid={id}>
      <StaticContent>
        <Title order={2} id={id}>
          {heading}
        </Title>
        <Text c="gray.7" mt={4}>
          {intro}
        </Text>
      </StaticContent>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" mt="lg">
        {dogs.map((dog) => (
          <DogCard key={dog.id} dog={dog} {...handlers} />
        ))}
      </SimpleGrid>
    </Box>
  );
}

export function Component() {
  // Outside the page's state: opening a popup renders the popup, not the fifteen dog cards.
  const pedigree = usePopupState<Dog>();
  const gallery = usePopupState<Dog>();
  const title = usePopupState<string>();
  const image = usePopupState<ModalImage>();

  const handlers = {
    onPhoto: (dog: Dog) =>
      image.open({
        src: dog.image,
        alt: dogPhotoAlt(dog),
        title: dog.name,
        caption: dog.formalName,
      }),
    onPedigree: pedigree.open,
    onPuppies: gallery.open,
  };

  return (
    <>
      <StaticContent>
        <Box
          py={{ base: 56, md: 88 }}
          style={{
            background:
              'linear-gradient(135deg, var(--mantine-color-olive-9), var(--mantine-color-olive-7))',
          }}
        >
          <Container size="md" ta="center">
            <Text size="sm" fw={700} tt="uppercase" lts={1.4} c="gold.2">
              {copy.hero.eyebrow}
            </Text>
            <Title order={1} c="white" mt={6} fz={{ base: 36, sm: 52 }}>
              {copy.hero.heading}
            </Title>
            <Text size="lg" c="white" mt="lg" maw={720} mx="auto">
              {copy.hero.intro}
            </Text>
          </Container>
        </Box>
      </StaticContent>

      <Container size="lg" py={{ base: 40, md: 64 }}>
        <Stack gap={72}>
          <DogSection
            id="our-sires"
            heading={copy.siresHeading}
            intro={copy.siresIntro}
            dogs={sires}
            {...handlers}
          />
          <DogSection
            id="our-dames"
            heading={copy.damesHeading}
            intro={copy.damesIntro}
            dogs={dames}
            {...handlers}
          />
          <Box component="section" aria-labelledby="kennel-tour-heading">
            <StaticContent>
              <Title order={2} id="kennel-tour-heading">
                {copy.kennel.heading}
              </Title>
              <Text c="gray.7" mt={4} mb="lg">
                {copy.kennel.intro}
              </Text>
            </StaticContent>
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
