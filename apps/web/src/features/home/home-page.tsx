import {
  AspectRatio,
  Box,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { homeCopy } from '@cedar/content';
import { Link } from 'react-router';
import { AboutSection } from '../../sections/about-section';
import classes from './home-page.module.css';
import { PageSection } from '../../components/layout/page-section';
import { imageSizes, SiteImage } from '../../components/site-image';
import { pageData, pageMeta } from '../../lib/page-data';
import { HeroSection } from '../../sections/hero-section';
import type { Route } from './+types/home-page';

export const loader = ({ request }: Route.LoaderArgs) => pageData(request);
export const meta = pageMeta;

const { halloweenBanner: banner, cards, cta } = homeCopy;

function PumpkinIcon() {
  return (
    <svg width="52" height="52" viewBox="0 0 52 52" aria-hidden="true" focusable="false">
      <circle cx="26" cy="26" r="26" fill="#141517" />
      <path
        d="M26 15c0-3 1.5-5 4-6"
        stroke="#6d761d"
        strokeWidth="3"
        fill="none"
        strokeLinecap="round"
      />
      <ellipse cx="19" cy="29" rx="8" ry="11" fill="#fd7e14" />
      <ellipse cx="33" cy="29" rx="8" ry="11" fill="#fd7e14" />
      <ellipse cx="26" cy="29" rx="8" ry="12" fill="#ff922b" />
      <path d="M21 26l2.5-3 2.5 3zM27 26l2.5-3 2.5 3z" fill="#141517" />
      <path d="M20 32q6 5 12 0l-2 1-2-1-2 1-2-1-2 1z" fill="#141517" />
    </svg>
  );
}

function HalloweenBanner() {
  return (
    <Link to={banner.to} className={classes.banner}>
      <Container size="lg" py={{ base: 'lg', sm: 'xl' }}>
        <Group justify="space-between" gap="md" wrap="wrap">
          <Group gap="md" wrap="nowrap" align="center">
            <PumpkinIcon />
            <div>
              <Text fz="xs" fw={700} tt="uppercase" lts="0.08em">
                {banner.eyebrow}
              </Text>
              <Text
                component="h2"
                fz={{ base: 'xl', sm: '1.625rem' }}
                fw={700}
                ff="heading"
                lh={1.2}
                m={0}
              >
                {banner.title}
              </Text>
              <Text fw={600}>{banner.dates}</Text>
            </div>
          </Group>
          <span className={classes.bannerPrompt}>
            {banner.prompt}
            <span aria-hidden="true">→</span>
          </span>
        </Group>
      </Container>
    </Link>
  );
}

function DiscoverCards() {
  return (
    <PageSection
      headingId="discover-heading"
      heading={homeCopy.cardsHeading}
      intro={homeCopy.cardsIntro}
      maw={640}
      bg="gray.0"
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {cards.map((card) => (
          <Card
            key={card.to}
            component="article"
            radius="lg"
            padding="lg"
            withBorder
            shadow="sm"
            className={classes.card}
          >
            <Card.Section>
              <AspectRatio ratio={4 / 3}>
                <SiteImage src={card.image} alt={card.alt} cover sizes={imageSizes.third} />
              </AspectRatio>
            </Card.Section>
            <Title order={3} fz="h3" mt="md">
              {/* The whole card is clickable through this link's ::after; its name stays the title. */}
              <Link to={card.to} className={classes.cardLink}>
                {card.title}
              </Link>
            </Title>
            <Text mt="xs" mb="md" c="gray.8">
              {card.text}
            </Text>
            <Text c="olive.8" fw={700} className={classes.cardMore} aria-hidden="true">
              {card.cta} <span>→</span>
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </PageSection>
  );
}

function ClosingCta() {
  return (
    <Box
      component="section"
      aria-labelledby="home-cta-heading"
      className={classes.cta}
      py={{ base: 64, md: 88 }}
    >
      <Container size="md">
        <Stack align="center" ta="center" gap="lg">
          <Title order={2} id="home-cta-heading" c="white" fz={{ base: '1.875rem', sm: '2.5rem' }}>
            {cta.heading}
          </Title>
          <Text c="gray.1" fz={{ base: 'md', sm: 'lg' }} maw={620}>
            {cta.text}
          </Text>
          <Button component={Link} to={cta.to} size="lg" variant="white" color="olive.8">
            {cta.button}
          </Button>
        </Stack>
      </Container>
    </Box>
  );
}

/** The hero (an editable section), the Halloween banner, the about section, the three cards and the closing call. */
export default function HomePage() {
  return (
    <>
      <HeroSection />
      <HalloweenBanner />
      <AboutSection />
      <DiscoverCards />
      <ClosingCta />
    </>
  );
}
