import type { LoaderFunctionArgs } from 'react-router';
import { pageData, pageMeta } from '../../lib/page-data';
import { Box } from '@mantine/core';
import { Container, Stack } from '@mantine/core';
import { healthCards, naturalLivingSlides, type HealthCard } from '@cedar/content';
import { PageActions } from '../../components/page-actions';
import { usePopupState } from '../../components/popup';
import { HealthArticlePopup } from './health-article-popup';
import { NaturalLivingCarousel } from './natural-living-carousel';

import { HealthIntro } from './health-content';
import { NaturalLivingHeading } from './health-content';
import { HealthyStart } from './health-content';
import { HealthTestingSection } from '../../sections/health-testing-section';

export const loader = ({ request }: LoaderFunctionArgs) => pageData(request);
export const meta = pageMeta;

export default function HealthPage() {
  // Outside the page's state: opening an article renders the popup, not the page.
  const article = usePopupState<HealthCard>();
  const actions = {
    article: (id: string) => {
      const card = healthCards.find((c) => c.id === id);
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
          <PageActions value={actions}>
            <HealthTestingSection />
          </PageActions>
        </Stack>
      </Container>

      <HealthArticlePopup state={article} />
    </>
  );
}
