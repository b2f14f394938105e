import { AspectRatio, Button, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { championWinner, dogById, puppiesCopy } from '@cedar/content';
import { SiteImage } from '../../components/site-image';
import { usePageAction } from '../../components/page-actions';

const copy = puppiesCopy.champion;
const champion = dogById(championWinner.dogId);
const championName = champion?.name ?? championWinner.title;

/** The 'Meet Our Champion' band on the puppies page. */
export function ChampionTeaser() {
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
              src={championWinner.image}
              alt={copy.photoAlt(championName)}
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
            <Text>{copy.text(championName)}</Text>
            <Button size="md" onClick={act('champion')} aria-haspopup="dialog">
              {copy.button}
            </Button>
          </Stack>
        </Grid.Col>
      </Grid>
    </Paper>
  );
}
