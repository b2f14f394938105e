import { AspectRatio, Badge, Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { puppiesCopy as copy } from '@cedar/content';
import type { LitterBadge, LitterWithReadiness } from '@cedar/litter-logic';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatBirthDate } from './format-birth-date';
import { SiteImage } from '../../components/site-image';
import { usePageAction } from '../../components/page-actions';
import { PuppyList } from './puppy-list';
import type { ListedLitter } from './puppies-data';
import classes from './litter-card.module.css';

const APPLICATION_PATH = '/puppy-application';

// Filled badges whose white text meets WCAG AA.
const BADGE_COLORS: Record<LitterBadge, string> = {
  Trained: 'olive.8',
  Ready: 'teal.9',
  'Ready Soon': 'gold.8',
  Upcoming: 'gray.7',
};

/** One of the card's facts: plain elements, as Mantine's Text drew them (litter-card.module.css). */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <p className={classes.label}>{label}</p>
      <p className={classes.value}>{children}</p>
    </div>
  );
}

export interface LitterCardProps {
  litter: LitterWithReadiness<ListedLitter>;
  kind: 'select' | 'upcoming';
}

/** A litter's card; its pedigree button names the page's `pedigree` action and the litter. */
export function LitterCard({ litter, kind }: LitterCardProps) {
  const headingId = useId();
  const [cover] = litter.images;
  const { age, badge } = litter.readiness;

  const act = usePageAction();
  return (
    <Card
      component="article"
      aria-labelledby={headingId}
      withBorder
      radius="lg"
      padding="lg"
      shadow="xs"
      data-testid="litter-card"
    >
      {cover && (
        <Card.Section pos="relative">
          <AspectRatio ratio={4 / 3}>
            <SiteImage
              src={cover}
              alt={copy.litterImageAlt(litter.name)}
              cover
              sizes="(min-width: 75em) 400px, (min-width: 48em) 50vw, 100vw"
            />
          </AspectRatio>
          <Badge
            pos="absolute"
            bottom={12}
            left={12}
            size="lg"
            radius="sm"
            color={BADGE_COLORS[badge]}
            variant="filled"
            tt="none"
            data-testid="litter-badge"
          >
            {badge}
          </Badge>
        </Card.Section>
      )}
      <Title order={3} fz="h3" mt="md" id={headingId}>
        {litter.name}
      </Title>
      <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs" mt="sm" mb={0}>
        <Fact label={copy.labels.sire}>{litter.sireName}</Fact>
        <Fact label={copy.labels.dam}>{litter.damName}</Fact>
        <Fact label={copy.labels.born}>{formatBirthDate(litter.birthDate)}</Fact>
        <Fact label={copy.labels.age}>{age}</Fact>
        <Fact label={copy.labels.puppies}>{litter.puppiesCount}</Fact>
        <Fact label={copy.labels.available}>{litter.available}</Fact>
      </SimpleGrid>
      <Fact label={copy.labels.ready}>{litter.readyDate}</Fact>
      <PuppyList puppies={litter.puppies} />
      <Text mt="sm" c="gray.8" size="sm" mb="md">
        {litter.description}
      </Text>
      <Stack gap="xs" mt="auto">
        <Button component={Link} to={APPLICATION_PATH} fullWidth>
          {kind === 'select' ? copy.contactButton : copy.reserveButton}
        </Button>
        <Button
          variant="outline"
          fullWidth
          aria-haspopup="dialog"
          onClick={act('pedigree', litter.id)}
        >
          {copy.pedigreeButton}
        </Button>
      </Stack>
    </Card>
  );
}
