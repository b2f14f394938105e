import { AspectRatio, Button, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { puppiesCopy } from '@cedar/content';
import { SiteImage } from '../../components/site-image';
import { usePageAction } from '../../components/page-actions';
import type { ChampionSummary } from './puppies-data';

const copy = puppiesCopy.champion;

/** The 'Meet Our Champion' band on the puppies page: the champion (name, photo) from the loader. */
export function ChampionTeaser({ champion }: { champion: ChampionSummary }) {
  const act = usePageAction();
  return (
    <Paper
      component="section"
      aria-labelledby="champion-heading"
      radius="lg"
      p={{ base: 'lg', sm: 'xl' }}
      bg="olive.0"
      withBorder
    >
      <Grid gap="xl" align="center">
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <AspectRatio ratio={4 / 3}>
            <SiteImage
              src={champion.image}
              alt={copy.photoAlt(champion.name)}
              cover
              sizes="(min-width: 75em) 480px, (min-width: 48em) 40vw, 100vw"
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            />
          </AspectRatio>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm" fw={700} tt="uppercase" lts={1.2} c="olive.8">
              {copy.eyebrow}
            </Text>
            <Title order={2} id="champion-heading">
              {copy.heading}
            </Title>
            <Text>{copy.text(champion.name)}</Text>
            <Button size="md" onClick={act('champion')} aria-haspopup="dialog">
              {copy.button}
            </Button>
          </Stack>
        </Grid.Col>
      </Grid>
    </Paper>
  );
}
