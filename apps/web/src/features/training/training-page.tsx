import {
  Anchor,
  AspectRatio,
  Box,
  Button,
  Container,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { site, telHref, trainingCopy, trainingPrograms } from '@cedar/content';
import { Link } from 'react-router';
import { PageHero } from '../../components/layout/page-hero';
import { OfferCard } from '../../components/offer-card';
import { SiteImage } from '../../components/site-image';
import { pageData, pageMeta } from '../../lib/page-data';
import type { Route } from './+types/training-page';

export const loader = ({ request }: Route.LoaderArgs) => pageData(request);
export const meta = pageMeta;

const { lifetime, cta } = trainingCopy;

/** The page: nothing but text, photos and links. */
export default function TrainingPage() {
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
              <OfferCard
                key={program.id}
                headingId={`program-${program.id}`}
                image={{ src: program.image, alt: trainingCopy.programImageAlt(program.name) }}
                name={program.name}
                price={program.price}
                unit={trainingCopy.priceLabel}
                text={program.summary}
                items={program.facts}
              />
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
