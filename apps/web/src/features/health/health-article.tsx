import { healthCards } from '@cedar/content';
import { SiteImage } from '../../components/site-image';
import { Stack, Text } from '@mantine/core';

/** A health card's full article, the popup's body: its photo and every paragraph of its essay. */
export function HealthArticle({ id }: { id: string }) {
  const card = healthCards.find((c) => c.id === id);
  if (!card) return null;
  return (
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
  );
}
