import { AspectRatio, Box, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { homeCopy } from '@cedar/content';
import { imageSizes, SiteImage } from '../components/site-image';

// The words of the Preservation Breeding essay on the home page. Edit the text between the quotes;
// each entry of `paragraphs` is one paragraph.
const copy = {
  eyebrow: 'Our Philosophy',
  heading: 'Preservation Breeding',
  paragraphs: [
    'For more than 50 years our family has bred English Labradors with a single purpose: to preserve the breed as it was meant to be. We look for the sturdy, balanced build, the kind expression and, above all, the gentle and steady temperament that made the Labrador the family companion so many people love.',
    'Preservation breeding is patient work. Every pairing is planned around champion bloodlines, DNA and OFA health testing, and the character we see in our dogs every single day. We would rather wait another season than raise a litter we are not proud of.',
    'Our puppies begin life in the whelping den beside their mothers and, at five to six weeks, step out to explore our seven open acres. They are raised with holistic care, fresh food and gentle daily handling, so they come home confident, curious and ready to learn.',
    'When a Cedar Bluff puppy joins your family, you join ours. We spend at least an hour and a half with every family on the day they take their puppy home, and we remain a phone call away for the rest of your dog’s life.',
  ],
  imageAlt: 'A Cedar Bluff dam watching over her young litter in the whelping den',
  imageCaption: 'Gentle temperament, generation after generation.',
};

/** Editable section (File editor: About Section): the Preservation Breeding essay. */
export function AboutSection() {
  return (
    <Box component="section" aria-labelledby="about-heading" py={{ base: 64, md: 96 }}>
      <Container size="lg">
        <SimpleGrid
          cols={{ base: 1, md: 2 }}
          spacing={{ base: 40, md: 64 }}
          style={{ alignItems: 'center' }}
        >
          <Stack gap="md" maw={720}>
            <Text c="olive.8" fw={700} tt="uppercase" fz="sm" lts="0.08em">
              {copy.eyebrow}
            </Text>
            <Title order={2} id="about-heading" fz={{ base: '2rem', sm: '2.5rem' }}>
              {copy.heading}
            </Title>
            <Box w={64} h={3} bg="gold.6" aria-hidden="true" />
            {copy.paragraphs.map((paragraph, index) => (
              <Text key={index} fz={{ base: 'md', sm: 'lg' }} c="gray.8" lh={1.7}>
                {paragraph}
              </Text>
            ))}
          </Stack>
          <Box component="figure" m={0}>
            <AspectRatio ratio={4 / 3} maw={560} mx="auto">
              <SiteImage
                src={homeCopy.images.preservation}
                alt={copy.imageAlt}
                cover
                sizes={imageSizes.half}
                style={{ borderRadius: 'var(--mantine-radius-lg)' }}
              />
            </AspectRatio>
            <Text component="figcaption" ta="center" mt="sm" fz="sm" c="gray.7" fs="italic">
              {copy.imageCaption}
            </Text>
          </Box>
        </SimpleGrid>
      </Container>
    </Box>
  );
}
