import { AspectRatio, Box, Button, Card, SimpleGrid, Stack, Text, Title } from '../ui';
import { healthCards, type HealthCard } from '@cedar/content';
import { useState } from 'react';
import { imageSizes, SiteImage } from '../components/site-image';
import { Popup } from '../components/popup';

const copy = {
  heading: 'Our Holistic Health Commitments',
  intro:
    'Four choices behind every healthy Cedar Bluff Labrador. Select a card to read the full article.',
  readMore: 'Read the full article',
  closeLabel: 'Close article',
};

/** Editable section (File editor: Health Testing): the four health cards, each opening its full essay. */
export function HealthTestingSection() {
  const [card, setCard] = useState<HealthCard | null>(null);

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
          <Card
            key={c.id}
            component="article"
            withBorder
            radius="lg"
            padding="lg"
            shadow="xs"
            onClick={() => setCard(c)}
            style={{ cursor: 'pointer' }}
            data-testid="health-card"
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
          </Card>
        ))}
      </SimpleGrid>

      <Popup
        opened={card !== null}
        onClose={() => setCard(null)}
        title={card?.title}
        size="lg"
        closeLabel={copy.closeLabel}
      >
        {card && (
          <Stack gap="md">
            <SiteImage
              src={card.image}
              alt={card.title}
              sizes="(min-width: 48em) 620px, 100vw"
              style={{
                display: 'block',
                width: '100%',
                height: 'auto',
                borderRadius: 'var(--mantine-radius-md)',
              }}
            />
            {card.essay.map((paragraph) => (
              <Text key={paragraph}>{paragraph}</Text>
            ))}
          </Stack>
        )}
      </Popup>
    </Box>
  );
}
