import {
  Anchor,
  AspectRatio,
  Box,
  Button,
  Card,
  Container,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  site,
  telHref,
  trainingCopy,
  trainingPrograms,
  type TrainingProgram,
} from '@cedar/content';
import { Link } from 'react-router';
import { PageHero } from '../../components/layout/page-hero';
import { formatUsd } from '../../lib/format';
import { imageSizes, SiteImage } from '../../components/site-image';

const { lifetime, cta } = trainingCopy;

function CheckIcon() {
  return (
    <svg width="12" height="12" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M5 12l5 5L20 7"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function ProgramCard({ program }: { program: TrainingProgram }) {
  const headingId = `program-${program.id}`;
  return (
    <Card
      component="article"
      aria-labelledby={headingId}
      radius="lg"
      padding="lg"
      withBorder
      shadow="sm"
      h="100%"
    >
      <Card.Section>
        <AspectRatio ratio={4 / 3}>
          <SiteImage
            src={program.image}
            alt={trainingCopy.programImageAlt(program.name)}
            cover
            sizes={imageSizes.third}
          />
        </AspectRatio>
      </Card.Section>
      <Title order={3} id={headingId} fz="h3" mt="md">
        {program.name}
      </Title>
      <Group gap="xs" mt="xs" align="baseline">
        <Text fz="1.75rem" fw={700} c="olive.8" lh={1.2}>
          {formatUsd(program.price)}
        </Text>
        <Text fz="sm" c="gray.7">
          {trainingCopy.priceLabel}
        </Text>
      </Group>
      <Text mt="md" c="gray.8">
        {program.summary}
      </Text>
      <List
        styles={{ itemLabel: { lineHeight: 1.45 } }}
        mt="md"
        spacing="xs"
        size="sm"
        center
        icon={
          <ThemeIcon size={20} radius="xl" color="olive.7">
            <CheckIcon />
          </ThemeIcon>
        }
      >
        {program.facts.map((fact) => (
          <List.Item key={fact}>{fact}</List.Item>
        ))}
      </List>
    </Card>
  );
}

/** The page's contents: nothing but text, photos and links. */
export function TrainingContent() {
  return (
    <>
      <PageHero
        eyebrow={trainingCopy.eyebrow}
        title={trainingCopy.heading}
        intro={trainingCopy.intro}
        image={{ src: trainingCopy.heroImage, alt: trainingCopy.heroImageAlt }}
      />

      <Box component="section" aria-labelledby="programs-heading" py={{ base: 64, md: 96 }}>
        <Container size="lg">
          <Stack gap="sm" align="center" ta="center" maw={720} mx="auto" mb={{ base: 32, md: 48 }}>
            <Title order={2} id="programs-heading" fz={{ base: '2rem', sm: '2.5rem' }}>
              {trainingCopy.programsHeading}
            </Title>
            <Text fz={{ base: 'md', sm: 'lg' }} c="gray.8">
              {trainingCopy.programsIntro}
            </Text>
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing={{ base: 'lg', sm: 'md', md: 'lg' }}>
            {trainingPrograms.map((program) => (
              <ProgramCard key={program.id} program={program} />
            ))}
          </SimpleGrid>
        </Container>
      </Box>

      <Box
        component="section"
        aria-labelledby="lifetime-heading"
        py={{ base: 64, md: 96 }}
        bg="olive.0"
      >
        <Container size="lg">
          <SimpleGrid
            cols={{ base: 1, md: 2 }}
            spacing={{ base: 32, md: 64 }}
            style={{ alignItems: 'center' }}
          >
            <AspectRatio ratio={4 / 3}>
              <SiteImage
                src={lifetime.image}
                alt={lifetime.imageAlt}
                cover
                sizes="(min-width: 75em) 600px, (min-width: 62em) 50vw, 100vw"
                style={{ borderRadius: 'var(--mantine-radius-lg)' }}
              />
            </AspectRatio>
            <Stack gap="md">
              <Title order={2} id="lifetime-heading" fz={{ base: '2rem', sm: '2.5rem' }}>
                {lifetime.heading}
              </Title>
              {lifetime.paragraphs.map((paragraph) => (
                <Text
                  key={paragraph.slice(0, 32)}
                  fz={{ base: 'md', sm: 'lg' }}
                  c="gray.8"
                  lh={1.7}
                >
                  {paragraph}
                </Text>
              ))}
              <Text fw={600}>
                {lifetime.phoneLabel}{' '}
                <Anchor href={telHref(site.phones.training)} fw={700} c="olive.8">
                  {site.phones.training}
                </Anchor>
              </Text>
            </Stack>
          </SimpleGrid>
        </Container>
      </Box>

      <Box component="section" aria-labelledby="training-cta-heading" py={{ base: 64, md: 88 }}>
        <Container size="md">
          <Stack align="center" ta="center" gap="md">
            <Title order={2} id="training-cta-heading" fz={{ base: '1.875rem', sm: '2.25rem' }}>
              {cta.heading}
            </Title>
            <Text c="gray.8" fz={{ base: 'md', sm: 'lg' }} maw={600}>
              {cta.text}
            </Text>
            <Button component={Link} to={cta.to} size="lg" mt="xs">
              {cta.button}
            </Button>
          </Stack>
        </Container>
      </Box>
    </>
  );
}
