import { Box, Container, Stack, Text, Title } from '../../ui';
import { healthCopy as copy, naturalLivingSlides } from '@cedar/content';
import { HealthTestingSection } from '../../sections/health-testing-section';
import { NaturalLivingCarousel } from './natural-living-carousel';
import { StaticContent } from '../../components/static-content';
import { IntroBand } from '../../components/layout/intro-band';

export function Component() {
  return (
    <>
      <IntroBand eyebrow={copy.hero.eyebrow} title={copy.hero.heading} intro={copy.hero.intro} />

      <Container size="lg" py={{ base: 40, md: 64 }}>
        <Stack gap={72}>
          <Box component="section" aria-labelledby="natural-living-heading">
            <StaticContent>
              <Title order={2} id="natural-living-heading" ta="center">
                {copy.naturalLiving.heading}
              </Title>
              <Text ta="center" c="gray.7" mt="xs" mb="lg">
                {copy.naturalLiving.intro}
              </Text>
            </StaticContent>
            <Box maw={900} mx="auto">
              <NaturalLivingCarousel slides={naturalLivingSlides} />
            </Box>
          </Box>

          <StaticContent>
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
          </StaticContent>

          {/* Live: each health test opens its popup. */}
          <HealthTestingSection />
        </Stack>
      </Container>
    </>
  );
}
