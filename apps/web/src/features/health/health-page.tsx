import { Box } from '../../ui/box';
import { Container, Stack } from '../../ui/shell';
import { healthCopy as copy, naturalLivingSlides } from '@cedar/content';
import { HealthTestingSection } from '../../sections/health-testing-section';
import { NaturalLivingCarousel } from './natural-living-carousel';
import { staticPart } from '../../components/static-content';

// The opening band: text only, kept as prerendered (see staticPart).
const IntroBand = staticPart(() =>
  import('../../components/layout/intro-band').then((module) => module.IntroBand),
);

// The headings and the essay are text only: kept as prerendered, their code a chunk of its own.
const NaturalLivingHeading = staticPart(() =>
  import('./health-content').then((module) => module.NaturalLivingHeading),
);
const HealthyStart = staticPart(() =>
  import('./health-content').then((module) => module.HealthyStart),
);

export function Component() {
  return (
    <>
      <IntroBand eyebrow={copy.hero.eyebrow} title={copy.hero.heading} intro={copy.hero.intro} />

      <Container size="lg" py={{ base: 40, md: 64 }}>
        <Stack gap={72}>
          <Box component="section" aria-labelledby="natural-living-heading">
            <NaturalLivingHeading />
            <Box maw={900} mx="auto">
              <NaturalLivingCarousel slides={naturalLivingSlides} />
            </Box>
          </Box>

          <HealthyStart />

          {/* Live: each health test opens its popup. */}
          <HealthTestingSection />
        </Stack>
      </Container>
    </>
  );
}
