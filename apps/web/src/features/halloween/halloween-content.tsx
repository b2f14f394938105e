import {
  AspectRatio,
  Badge,
  Box,
  Button,
  Card,
  Container,
  List,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { contestEntries, halloweenCopy as copy, site } from '@cedar/content';
import { SiteImage } from '../../components/site-image';
import { entryAlt } from './entry-alt';
import classes from './halloween-page.module.css';
import { usePageAction } from '../../components/page-actions';

const ORANGE_FILL = '#c2410c'; // 5.2:1 with white text

/** The top of the page: the contest, its dates, how to enter and the rules. */
export function HalloweenIntro() {
  return (
    <>
      <Box
        component="section"
        className={classes.hero}
        py={{ base: 56, md: 88 }}
        aria-labelledby="contest-heading"
      >
        <Container size="lg">
          <Stack align="center" gap="md" ta="center">
            <Badge size="xl" radius="sm" color={ORANGE_FILL} variant="filled" tt="none">
              {copy.badge}
            </Badge>
            <Title order={1} id="contest-heading" c="white" fz={{ base: 34, sm: 48 }}>
              {copy.heading}
            </Title>
            <Text size="lg" maw={680} className={classes.heroIntro}>
              {copy.intro}
            </Text>
          </Stack>
          <VisuallyHidden>
            <Title order={2}>{copy.datesHeading}</Title>
          </VisuallyHidden>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg" mt={48}>
            {copy.dates.map((d) => (
              <Card key={d.title} radius="md" padding="lg" className={classes.dateCard}>
                <Title order={3} fz="sm" tt="uppercase" lts={1} className={classes.dateLabel}>
                  {d.title}
                </Title>
                <Text mt={6} fz="lg" fw={600} c="dark.8">
                  {d.text}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        </Container>
      </Box>

      <Container size="lg" py={{ base: 48, md: 72 }}>
        <Box component="section" aria-labelledby="how-to-enter-heading">
          <Title order={2} id="how-to-enter-heading" ta="center">
            {copy.howHeading}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl" mt="xl">
            {copy.steps.map((step, i) => (
              <Stack key={step.title} align="center" ta="center" gap="xs">
                <span className={classes.stepNumber} aria-hidden="true">
                  {i + 1}
                </span>
                <Title order={3} fz="h4">
                  {step.title}
                </Title>
                <Text c="gray.7">{step.text}</Text>
              </Stack>
            ))}
          </SimpleGrid>
          <Stack align="center" gap={6} mt="xl">
            <Button
              component="a"
              href={site.urls.contestUpload}
              target="_blank"
              rel="noopener noreferrer"
              size="lg"
              color={ORANGE_FILL}
            >
              {copy.uploadButton}
            </Button>
            <Text size="sm" c="gray.7">
              {copy.uploadNote}
            </Text>
          </Stack>
        </Box>

        <Card
          component="section"
          aria-labelledby="rules-heading"
          radius="md"
          padding="xl"
          mt={56}
          className={classes.rules}
        >
          <Title order={2} id="rules-heading" fz="h3">
            {copy.rulesHeading}
          </Title>
          <List mt="md" spacing="xs">
            {copy.rules.map((rule) => (
              <List.Item key={rule}>{rule}</List.Item>
            ))}
          </List>
        </Card>
      </Container>
    </>
  );
}

/** The entries: each one's button opens it full screen (the page's `entry` action). */
export function ContestEntries() {
  const act = usePageAction();
  return (
    <Box
      component="section"
      aria-labelledby="entries-heading"
      bg="#fffaf5"
      py={{ base: 48, md: 72 }}
    >
      <Container size="xl">
        <Title order={2} id="entries-heading" ta="center">
          {copy.entriesHeading}
        </Title>
        <Text ta="center" c="gray.7" mt="xs">
          {copy.entriesIntro}
        </Text>
        <SimpleGrid
          cols={{ base: 2, sm: 3, lg: 4 }}
          spacing={{ base: 'sm', md: 'lg' }}
          mt="xl"
          data-testid="contest-gallery"
        >
          {contestEntries.map((e, index) => (
            <UnstyledButton
              key={e.image}
              className={classes.entry}
              aria-haspopup="dialog"
              onClick={act('entry', index)}
            >
              {/* The caption names the button; the thumbnail would only repeat it (the popup photo is described). */}
              <AspectRatio ratio={4 / 3} aria-hidden="true">
                <SiteImage
                  src={e.image}
                  alt={entryAlt(e)}
                  cover
                  sizes="(min-width: 75em) 300px, (min-width: 48em) 33vw, 50vw"
                />
              </AspectRatio>
              {/* Plain elements as Mantine's Box and Text drew them (halloween-page.module.css):
                  each entry's responsive Box also wrote a <style> element of its own (decision 046). */}
              <div className={classes.entryCaption}>
                <p className={classes.entryName}>{e.name}</p>
                <p className={classes.entryFamily}>{e.familyName}</p>
              </div>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
