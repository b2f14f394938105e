import { Box, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { puppiesCopy as copy } from '@cedar/content';
import { splitLitters, type LitterWithReadiness } from '@cedar/litter-logic';
import { useMemo } from 'react';
import { LitterCard } from './litter-card';
import type { ListedLitter } from './puppies-data';

interface ListProps {
  id: string;
  heading: string;
  intro: string;
  empty: string;
  kind: 'select' | 'upcoming';
  litters: LitterWithReadiness<ListedLitter>[];
}

function LitterList({ id, heading, intro, empty, kind, litters }: ListProps) {
  return (
    <Box component="section" aria-labelledby={id} data-testid={`${kind}-litters`}>
      <Title order={2} id={id}>
        {heading}
      </Title>
      <Text c="gray.7" mt={4}>
        {intro}
      </Text>
      {litters.length === 0 ? (
        <Text mt="lg" fs="italic">
          {empty}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" mt="lg">
          {litters.map((litter) => (
            <LitterCard key={litter.id} litter={litter} kind={kind} />
          ))}
        </SimpleGrid>
      )}
    </Box>
  );
}

export interface LitterListsProps {
  /** The litters, each with its parents' names (the page's loader gives them). */
  litters: readonly ListedLitter[];
  /** The day the ages, badges and lists are worked out for (the build's day in the HTML). */
  now: Date;
}

/**
 * Select Litters and Upcoming Litters (the split, ages and badges from @cedar/litter-logic). Each
 * card's pedigree button names the `pedigree` action, through the page's actions (components/page-actions.tsx).
 */
export function LitterLists({ litters, now }: LitterListsProps) {
  const split = useMemo(() => splitLitters(litters, now), [litters, now]);
  return (
    <Stack gap={56}>
      <LitterList
        id="select-litters-heading"
        heading={copy.selectHeading}
        intro={copy.selectIntro}
        empty={copy.selectEmpty}
        kind="select"
        litters={split.select}
      />
      <LitterList
        id="upcoming-litters-heading"
        heading={copy.upcomingHeading}
        intro={copy.upcomingIntro}
        empty={copy.upcomingEmpty}
        kind="upcoming"
        litters={split.upcoming}
      />
    </Stack>
  );
}
