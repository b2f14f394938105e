import { Box, Container, SimpleGrid, Text, Title } from '@mantine/core';
import { ourDogsCopy as copy, type Dog } from '@cedar/content';
import { DogCard } from './dog-card';

/** The page's opening band: eyebrow, heading and introduction. */
export function OurDogsHero() {
  return (
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
  );
}

interface DogSectionProps {
  id: string;
  /** Whose cards: the sires' or the dames'. */
  group: 'sires' | 'dames';
  /** The group's dogs, in order (the page's loader gives them). */
  dogs: readonly Dog[];
}

/** Sires or dames: a heading, a few words and a card per dog. */
export function DogSection({ id, group, dogs }: DogSectionProps) {
  const heading = group === 'sires' ? copy.siresHeading : copy.damesHeading;
  const intro = group === 'sires' ? copy.siresIntro : copy.damesIntro;
  return (
    <Box component="section" aria-labelledby={id} data-testid={id}>
      <>
        <Title order={2} id={id}>
          {heading}
        </Title>
        <Text c="gray.7" mt={4}>
          {intro}
        </Text>
      </>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" mt="lg">
        {dogs.map((dog) => (
          <DogCard key={dog.id} dog={dog} />
        ))}
      </SimpleGrid>
    </Box>
  );
}

/** The kennel tour's heading and introduction. */
export function KennelTourHeading() {
  return (
    <>
      <Title order={2} id="kennel-tour-heading">
        {copy.kennel.heading}
      </Title>
      <Text c="gray.7" mt={4} mb="lg">
        {copy.kennel.intro}
      </Text>
    </>
  );
}
