import { Anchor, AspectRatio, Button, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { site, telHref, trainingCopy, trainingPrograms } from '@cedar/content';
import { Link } from 'react-router';
import { PageHero } from '../../components/layout/page-hero';
import { CallToAction, PageSection } from '../../components/layout/page-section';
import { OfferCards } from '../../components/offer-card';
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
        copy={trainingCopy}
        image={{ src: trainingCopy.heroImage, alt: trainingCopy.heroImageAlt }}
      />

      <PageSection
        headingId="programs-heading"
        heading={trainingCopy.programsHeading}
        intro={trainingCopy.programsIntro}
        maw={720}
      >
        <OfferCards
          idPrefix="program"
          offers={trainingPrograms.map((program) => ({
            ...program,
            image: { src: program.image, alt: trainingCopy.programImageAlt(program.name) },
            unit: trainingCopy.priceLabel,
            text: program.summary,
            items: program.facts,
          }))}
        />
      </PageSection>

      <PageSection headingId="lifetime-heading" bg="olive.0">
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
              <Text key={paragraph.slice(0, 32)} fz={{ base: 'md', sm: 'lg' }} c="gray.8" lh={1.7}>
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
      </PageSection>

      <CallToAction headingId="training-cta-heading" heading={cta.heading} text={cta.text}>
        <Button component={Link} to={cta.to} size="lg" mt="xs">
          {cta.button}
        </Button>
      </CallToAction>
    </>
  );
}
