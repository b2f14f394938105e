import { Box, Stack, Text, Title } from '@mantine/core';
import { healthCopy as copy } from '@cedar/content';
import { IntroBand } from '../../components/layout/intro-band';

/** The opening band: eyebrow, the page's h1 and its introduction. */
export function HealthIntro() {
  return (
    <IntroBand eyebrow={copy.hero.eyebrow} title={copy.hero.heading} intro={copy.hero.intro} />
  );
}

/** The natural-living photos' heading and introduction. */
export function NaturalLivingHeading() {
  return (
    <>
      <Title order={2} id="natural-living-heading" ta="center">
        {copy.naturalLiving.heading}
      </Title>
      <Text ta="center" c="gray.7" mt="xs" mb="lg">
        {copy.naturalLiving.intro}
      </Text>
    </>
  );
}

/** A healthy start: the page's essay. */
export function HealthyStart() {
  return (
    <Box component="section" aria-labelledby="healthy-start-heading" maw={760} mx="auto">
      <Title order={2} id="healthy-start-heading">
        {copy.healthyStart.heading}
      </Title>
      <Stack gap="md" mt="md">
        {copy.healthyStart.paragraphs.map((paragraph) => (
          <Text key={paragraph} size="lg" lh={1.7}>
            {paragraph}
          </Text>
        ))}
      </Stack>
    </Box>
  );
}
