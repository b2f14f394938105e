import { AspectRatio, Box, Button, Card, SimpleGrid, Text, Title } from '@mantine/core';
import { healthCards } from '@cedar/content';
import { ArticleCard } from '../components/section-parts';
import { imageSizes, SiteImage } from '../components/site-image';

const copy = {
  heading: 'Our Holistic Health Commitments',
  intro:
    'Four choices behind every healthy Cedar Bluff Labrador. Select a card to read the full article.',
  readMore: 'Read the full article',
};

/**
 * Editable section (File editor: Health Testing): the four health cards. A press anywhere on a
 * card opens its full article (ArticleCard, with the card's id).
 */
export function HealthTestingSection() {
  return (
    <Box component="section" aria-labelledby="health-cards-heading">
      <Title order={2} id="health-cards-heading" ta="center">
        {copy.heading}
      </Title>
      <Text ta="center" c="gray.7" mt="xs" maw={640} mx="auto">
        {copy.intro}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg" mt="xl">
        {healthCards.map((c) => (
          <ArticleCard
            key={c.id}
            article={c.id}
            component="article"
            withBorder
            radius="lg"
            padding="lg"
            shadow="xs"
          >
            <Card.Section>
              <AspectRatio ratio={4 / 3}>
                <SiteImage src={c.image} alt={c.title} cover sizes={imageSizes.quarter} />
              </AspectRatio>
            </Card.Section>
            <Title order={3} fz="h4" mt="md">
              {c.title}
            </Title>
            <Text size="sm" c="gray.7" mt="xs" mb="md">
              {c.description}
            </Text>
            <Button
              variant="outline"
              mt="auto"
              aria-haspopup="dialog"
              aria-label={`${copy.readMore}: ${c.title}`}
            >
              {copy.readMore}
            </Button>
          </ArticleCard>
        ))}
      </SimpleGrid>
    </Box>
  );
}
