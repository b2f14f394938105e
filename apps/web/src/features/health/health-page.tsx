import { Box } from '../../ui/box';
import { Container, Stack } from '../../ui/shell';
import { healthCardSummaries, naturalLivingSlides, type HealthCardSummary } from '@cedar/content';
import { usePopupState } from '../../components/popup';
import { staticPart } from '../../components/static-content';
import { HealthArticlePopup } from './health-article-popup';
import { NaturalLivingCarousel } from './natural-living-carousel';

// The opening band, the headings, the essay and the health cards are text, photos and buttons:
// kept as prerendered, their code chunks of their own (see staticPart).
const HealthIntro = staticPart(() =>
  import('./health-content').then((module) => module.HealthIntro),
);
const NaturalLivingHeading = staticPart(() =>
  import('./health-content').then((module) => module.NaturalLivingHeading),
);
const HealthyStart = staticPart(() =>
  import('./health-content').then((module) => module.HealthyStart),
);
const HealthTestingSection = staticPart(() =>
  import('../../sections/health-testing-section').then((module) => module.HealthTestingSection),
);

export function Component() {
  // Outside the page's state: opening an article renders the popup, not the page.
  const article = usePopupState<HealthCardSummary>();
  const actions = {
    article: (id: string) => {
      const card = healthCardSummaries.find((c) => c.id === id);
      if (card) article.open(card);
    },
  };

  return (
    <>
      <HealthIntro />

      <Container size="lg" py={{ base: 40, md: 64 }}>
        <Stack gap={72}>
          <Box component="section" aria-labelledby="natural-living-heading">
            <NaturalLivingHeading />
            <Box maw={900} mx="auto">
              <NaturalLivingCarousel slides={naturalLivingSlides} />
            </Box>
          </Box>

          <HealthyStart />

          {/* The editable Health Testing section: a press on a card opens its article here. */}
          <HealthTestingSection actions={actions} />
        </Stack>
      </Container>

      <HealthArticlePopup state={article} />
    </>
  );
}
