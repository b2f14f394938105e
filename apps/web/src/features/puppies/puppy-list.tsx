import { availabilityLabel, puppyAvailability } from '@cedar/litter-logic';
import { useId } from 'react';
import { Badge, Box, Group, Text } from '@mantine/core';

interface PuppyListItem {
  id: string;
  /** A name or a collar colour */
  name: string;
  sex: 'Male' | 'Female';
  color: string;
  status: 'available' | 'reserved' | 'placed';
}

export interface PuppyListProps {
  /** The litter's puppies, as the data file lists them; nothing is shown when there are none. */
  puppies?: readonly PuppyListItem[] | undefined;
}

const STATUS_LABEL = { available: 'Available', reserved: 'Reserved', placed: 'Placed' } as const;
// Outlined badges on the card's white: each text colour meets WCAG AA there (axe checks it).
const STATUS_COLOR = { available: 'olive.9', reserved: 'gold.9', placed: 'gray.7' } as const;

/** A litter's puppies, each with its status, under 'N of M available' (or 'None available'). */
export function PuppyList({ puppies }: PuppyListProps) {
  const headingId = useId();
  const counts = puppyAvailability(puppies);
  if (!puppies || !counts) return null;
  return (
    <Box component="section" aria-labelledby={headingId} mt="sm" data-testid="puppy-list">
      <Text
        id={headingId}
        size="xs"
        fw={700}
        tt="uppercase"
        lts={0.6}
        c="olive.8"
        data-testid="puppy-availability"
      >
        {availabilityLabel(counts)}
      </Text>
      <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {puppies.map((puppy) => (
          <Box component="li" key={puppy.id} py={2} data-testid="puppy" data-status={puppy.status}>
            <Group gap="xs" justify="space-between" wrap="nowrap">
              <Text size="sm" m={0}>
                {puppy.name}
                <Text component="span" size="sm" c="gray.7">
                  {` · ${puppy.sex === 'Male' ? 'male' : 'female'}, ${puppy.color.toLowerCase()}`}
                </Text>
              </Text>
              <Badge size="sm" variant="outline" color={STATUS_COLOR[puppy.status]} tt="none">
                {STATUS_LABEL[puppy.status]}
              </Badge>
            </Group>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
