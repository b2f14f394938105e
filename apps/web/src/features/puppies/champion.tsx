import { AspectRatio, Button, Grid, Paper, Stack, Text, Title } from '../../ui';
import { championWinner, dogById, puppiesCopy } from '@cedar/content';
import { SiteImage } from '../../components/site-image';
import { Popup, usePopupValue, type PopupState } from '../../components/popup';
import classes from './puppies-page.module.css';

const copy = puppiesCopy.champion;
const champion = dogById(championWinner.dogId);
const championName = champion?.name ?? championWinner.title;

/** The 'Meet Our Champion' band on the puppies page. */
export function ChampionTeaser({ onOpen }: { onOpen: () => void }) {
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
            <Button size="md" onClick={onOpen} aria-haspopup="dialog">
              {copy.button}
            </Button>
          </Stack>
        </Grid.Col>
      </Grid>
    </Paper>
  );
}

/** The champion winner popup: photo, title and story. */
export function ChampionModal({ state }: { state: PopupState<true> }) {
  return (
    <Popup
      opened={usePopupValue(state) !== null}
      onClose={state.close}
      title={championWinner.title}
      size="lg"
      closeLabel={puppiesCopy.closeLabel}
    >
      <figure className={classes.championFigure}>
        <SiteImage
          src={championWinner.image}
          alt={copy.photoAlt(championName)}
          sizes="(min-width: 48em) 620px, 100vw"
        />
      </figure>
      <div className={classes.championStory}>
        {championWinner.story.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
    </Popup>
  );
}
