import { Box, Card, SimpleGrid, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { puppiesCopy as copy, type Litter } from '@cedar/content';
import { splitLitters, type LitterWithReadiness } from '@cedar/litter-logic';
import { useMemo } from 'react';
import { LitterCard } from './litter-card';

const PLACEHOLDER_CARDS = 2;

/** Stands in for a list until the visitor's clock is known: same card frame, no dates. */
function ListPlaceholder() {
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 2, lg: 3 }}
      spacing="lg"
      mt="lg"
      aria-busy="true"
      data-testid="litters-placeholder"
    >
      <VisuallyHidden>{copy.loadingLitters}</VisuallyHidden>
      {Array.from({ length: PLACEHOLDER_CARDS }, (_, i) => (
        <Card key={i} withBorder radius="lg" padding="lg" aria-hidden="true">
          <Card.Section>
            <Skeleton h={0} pb="75%" radius={0} animate={false} />
          </Card.Section>
          <Skeleton h={28} w="60%" mt="md" animate={false} />
          <Skeleton h={160} mt="sm" animate={false} />
          <Skeleton h={36} mt="md" animate={false} />
        </Card>
      ))}
    </SimpleGrid>
  );
}

interface ListProps {
  id: string;
  heading: string;
  intro: string;
  empty: string;
  kind: 'select' | 'upcoming';
  litters: LitterWithReadiness<Litter>[] | null;
  onViewPedigree: (litter: Litter) => void;
}

function LitterList({ id, heading, intro, empty, kind, litters, onViewPedigree }: ListProps) {
  return (
    <Box component="section" aria-labelledby={id} data-testid={`${kind}-litters`}>
      <Title order={2} id={id}>
        {heading}
      </Title>
      <Text c="gray.7" mt={4}>
        {intro}
      </Text>
      {litters === null ? (
        <ListPlaceholder />
      ) : litters.length === 0 ? (
        <Text mt="lg" fs="italic">
          {empty}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" mt="lg">
          {litters.map((litter) => (
            <LitterCard
              key={litter.id}
              litter={litter}
              kind={kind}
              onViewPedigree={onViewPedigree}
            />
          ))}
        </SimpleGrid>
      )}
    </Box>
  );
}

export interface LitterListsProps {
  litters: readonly Litter[];
  /** The clock; null (prerender and hydration) shows placeholders of the cards' size. */
  now: Date | null;
  onViewPedigree: (litter: Litter) => void;
}

/** Select Litters and Upcoming Litters (spec §4 split, ages and badges from @cedar/litter-logic). */
export function LitterLists({ litters, now, onViewPedigree }: LitterListsProps) {
  const split = useMemo(() => (now ? splitLitters(litters, now) : null), [litters, now]);
  return (
    <Stack gap={56}>
      <LitterList
        id="select-litters-heading"
        heading={copy.selectHeading}
        intro={copy.selectIntro}
        empty={copy.selectEmpty}
        kind="select"
        litters={split?.select ?? null}
        onViewPedigree={onViewPedigree}
      />
      <LitterList
        id="upcoming-litters-heading"
        heading={copy.upcomingHeading}
        intro={copy.upcomingIntro}
        empty={copy.upcomingEmpty}
        kind="upcoming"
        litters={split?.upcoming ?? null}
        onViewPedigree={onViewPedigree}
      />
    </Stack>
  );
}
