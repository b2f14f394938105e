import { Anchor, AspectRatio, Button, Card, Stack, Text, Title } from '@mantine/core';
import { boardingCopy, site, telHref } from '@cedar/content';
import { PageHero } from '../../components/layout/page-hero';
import { CallToAction, CardRow, PageSection } from '../../components/layout/page-section';
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
        copy={{
          ...boardingCopy,
          intro: boardingCopy.intro.map((paragraph) => (
            <Text key={paragraph.slice(0, 32)} inherit mb="sm">
              {paragraph}
            </Text>
          )),
        }}
        image={{ src: boardingCopy.image, alt: boardingCopy.imageAlt }}
      >
        <Stack gap={6} align="flex-start">
          <RequestButton />
          <Text fz="sm" c="gray.7">
            {boardingCopy.requestNote}
          </Text>
        </Stack>
      </PageHero>

      <PageSection headingId="includes-heading" heading={boardingCopy.includesHeading}>
        <CardRow>
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
                  <SiteImage src={item.image} alt={item.imageAlt} cover sizes={imageSizes.third} />
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
        </CardRow>
      </PageSection>

      <CallToAction
        headingId="retreat-cta-heading"
        heading={closing.heading}
        text={closing.text}
        dark
        style={{
          background:
            'linear-gradient(135deg, var(--mantine-color-olive-8), var(--mantine-color-olive-9))',
        }}
      >
        <RequestButton variant="white" />
        <Text c="gray.1">
          {closing.phoneLabel}{' '}
          <Anchor href={telHref(site.phones.training)} c="white" fw={700} underline="always">
            {site.phones.training}
          </Anchor>
        </Text>
      </CallToAction>
    </>
  );
}
