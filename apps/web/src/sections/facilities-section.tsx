import { AspectRatio, Box, Card, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { teamCopy } from '@cedar/content';
import { imageSizes, SiteImage } from '../components/site-image';

// The words of the Our Facilities block on the Our Team page. Edit the text between the quotes.
const copy = {
  eyebrow: 'Where Our Dogs Live',
  heading: 'Our Facilities',
  intro:
    'Our Labradors live and grow up on a family property in the hills of Cambridge, New York, designed around their health, their comfort and their daily routine.',
  places: [
    {
      image: teamCopy.facilityImages.grounds,
      title: 'Seven Open Acres',
      text: 'Fenced fields, shade trees and room to run. Our adults exercise and play here every day, and our puppies take their first steps on real grass as soon as they are ready.',
      imageAlt: 'Open green fields and shade trees on the Cedar Bluff grounds',
    },
    {
      image: teamCopy.facilityImages.whelpingDen,
      title: 'The Whelping Den',
      text: 'A quiet, warm room where our mothers give birth and nurse their litters. Puppies stay here with their mother until five to six weeks, when they begin exploring beyond it.',
      imageAlt: 'A dam resting with her newborn puppies in the whelping den',
    },
    {
      image: teamCopy.facilityImages.kennel,
      title: 'The Kennel',
      text: 'Clean, bright runs and crates where our dogs rest and where every puppy learns to be crate trained for at least four hours before going home.',
      imageAlt: 'Clean, sunlit kennel runs at Cedar Bluff',
    },
  ],
  visitsHeading: 'Visits by appointment only',
  visitsText:
    'To keep our puppies and dogs safe, we welcome visitors by appointment only. Unannounced visitors are turned away without exception, so please call or write to arrange your visit.',
} as const;

/** Editable section (File editor: Facilities): the grounds, whelping den and kennel on the Our Team page. */
export function FacilitiesSection() {
  return (
    <Box
      component="section"
      aria-labelledby="facilities-heading"
      py={{ base: 64, md: 96 }}
      bg="olive.0"
    >
      <Container size="lg">
        <Stack gap="sm" align="center" ta="center" maw={720} mx="auto" mb={{ base: 40, md: 56 }}>
          <Text c="olive.8" fw={700} tt="uppercase" fz="sm" lts="0.08em">
            {copy.eyebrow}
          </Text>
          <Title order={2} id="facilities-heading" fz={{ base: '2rem', sm: '2.5rem' }}>
            {copy.heading}
          </Title>
          <Text fz={{ base: 'md', sm: 'lg' }} c="gray.8">
            {copy.intro}
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {copy.places.map((place) => (
            <Card
              key={place.title}
              component="article"
              radius="lg"
              padding="lg"
              withBorder
              shadow="xs"
            >
              <Card.Section>
                <AspectRatio ratio={4 / 3}>
                  <SiteImage
                    src={place.image}
                    alt={place.imageAlt}
                    cover
                    sizes={imageSizes.third}
                  />
                </AspectRatio>
              </Card.Section>
              <Title order={3} fz="h4" mt="md">
                {place.title}
              </Title>
              <Text mt="xs" c="gray.8">
                {place.text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
        <Box
          mt={{ base: 32, md: 48 }}
          p={{ base: 'lg', sm: 'xl' }}
          bg="white"
          maw={840}
          mx="auto"
          style={{
            borderRadius: 'var(--mantine-radius-lg)',
            borderLeft: '4px solid var(--mantine-color-gold-6)',
          }}
        >
          <Title order={3} fz="h4">
            {copy.visitsHeading}
          </Title>
          <Text mt="xs" c="gray.8">
            {copy.visitsText}
          </Text>
        </Box>
      </Container>
    </Box>
  );
}
