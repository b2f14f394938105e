import {
  Anchor,
  AspectRatio,
  Box,
  Button,
  Card,
  Container,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { boardingCopy, site, telHref } from '@cedar/content';
import { PageHero } from '../../components/layout/page-hero';
import { imageSizes, SiteImage } from '../../components/site-image';
import { pageData, pageMeta } from '../../lib/page-data';
import type { Route } from './+types/boarding-page';

export const loader = ({ request }: Route.LoaderArgs) => pageData(request);
export const meta = pageMeta;

const { closing } = boardingCopy;

function RequestButton({ variant = 'filled' }: { variant?: 'filled' | 'white' }) {
  return (
    <Button
      component="a"
      href={site.urls.retreatForm}
      target="_blank"
      rel="noopener noreferrer"
      size="lg"
      variant={variant}
      color={variant === 'white' ? 'olive.8' : undefined}
    >
      {boardingCopy.requestButton}
    </Button>
  );
}

/** The page: nothing but text, photos and links. */
export default function BoardingPage() {
  return (
    <>
      <PageHero
        eyebrow={boardingCopy.eyebrow}
        title={boardingCopy.heading}
        intro={boardingCopy.intro.map((paragraph) => (
          <Text key={paragraph.slice(0, 32)} inherit mb="sm">
            {paragraph}
          </Text>
        ))}
        image={{ src: boardingCopy.image, alt: boardingCopy.imageAlt }}
      >
        <Stack gap={6} align="flex-start">
          <RequestButton />
          <Text fz="sm" c="gray.7">
            {boardingCopy.requestNote}
          </Text>
        </Stack>
      </PageHero>

      <Box component="section" aria-labelledby="includes-heading" py={{ base: 64, md: 96 }}>
        <Container size="lg">
          <Title
            order={2}
            id="includes-heading"
            ta="center"
            fz={{ base: '2rem', sm: '2.5rem' }}
            mb={{ base: 32, md: 48 }}
          >
            {boardingCopy.includesHeading}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing={{ base: 'lg', sm: 'md', md: 'lg' }}>
            {boardingCopy.includes.map((item) => (
              <Card
                key={item.title}
                component="article"
                radius="lg"
                padding="lg"
                withBorder
                shadow="sm"
              >
                <Card.Section>
                  <AspectRatio ratio={4 / 3}>
                    <SiteImage
                      src={item.image}
                      alt={item.imageAlt}
                      cover
                      sizes={imageSizes.third}
                    />
                  </AspectRatio>
                </Card.Section>
                <Title order={3} fz="h4" mt="md">
                  {item.title}
                </Title>
                <Text mt="xs" c="gray.8">
                  {item.text}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        </Container>
      </Box>

      <Box
        component="section"
        aria-labelledby="retreat-cta-heading"
        py={{ base: 64, md: 88 }}
        style={{
          background:
            'linear-gradient(135deg, var(--mantine-color-olive-8), var(--mantine-color-olive-9))',
        }}
      >
        <Container size="md">
          <Stack align="center" ta="center" gap="md">
            <Title
              order={2}
              id="retreat-cta-heading"
              c="white"
              fz={{ base: '1.875rem', sm: '2.25rem' }}
            >
              {closing.heading}
            </Title>
            <Text c="gray.1" fz={{ base: 'md', sm: 'lg' }} maw={620}>
              {closing.text}
            </Text>
            <RequestButton variant="white" />
            <Text c="gray.1">
              {closing.phoneLabel}{' '}
              <Anchor href={telHref(site.phones.training)} c="white" fw={700} underline="always">
                {site.phones.training}
              </Anchor>
            </Text>
          </Stack>
        </Container>
      </Box>
    </>
  );
}
