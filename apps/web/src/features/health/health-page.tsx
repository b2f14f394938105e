import { pageData, pageMeta } from '../../lib/page-data';
import { Box, Container, Stack } from '@mantine/core';
import { healthCards, naturalLivingSlides } from '@cedar/content';
import { PageActions } from '../../components/page-actions';
import { usePopupState } from '../../components/popup';
import { HealthArticlePopup, type HealthArticleRef } from './health-article-popup';
import { NaturalLivingCarousel } from './natural-living-carousel';
import { HealthIntro, HealthyStart, NaturalLivingHeading } from './health-content';
import { HealthTestingSection } from '../../sections/health-testing-section';
import type { Route } from './+types/health-page';

// The carousel's photos and the articles the cards open come from here (build time): of the
// articles, the id and title the popup opens with (its photo and essay load with its content).
export const loader = ({ request }: Route.LoaderArgs) => ({
  ...pageData(request),
  slides: naturalLivingSlides,
  articles: healthCards.map(({ id, title }): HealthArticleRef => ({ id, title })),
});
export const meta = pageMeta;

export default function HealthPage({ loaderData }: Route.ComponentProps) {
  const { slides, articles } = loaderData;
  // Outside the page's state: opening an article renders the popup, not the page.
  const article = usePopupState<HealthArticleRef>();
  const actions = {
    article: (id: string) => {
      const card = articles.find((c) => c.id === id);
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
              <NaturalLivingCarousel slides={slides} />
            </Box>
          </Box>

          <HealthyStart />

          {/* The editable Health Testing section: a press on a card opens its article here. */}
          <PageActions value={actions}>
            <HealthTestingSection />
          </PageActions>
        </Stack>
      </Container>

      <HealthArticlePopup state={article} />
    </>
  );
}
