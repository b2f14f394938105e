import { availabilityLabel, puppyAvailability } from '@cedar/litter-logic';
import { useId } from 'react';
import { Badge } from '@mantine/core';
import classes from './litter-card.module.css';

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
  // Plain elements with Mantine's variables, as on the card's facts (litter-card.module.css): a
  // litter's rows were five Mantine components each.
  return (
    <section aria-labelledby={headingId} className={classes.puppies} data-testid="puppy-list">
      <p id={headingId} className={classes.label} data-testid="puppy-availability">
        {availabilityLabel(counts)}
      </p>
      <ul className={classes.list}>
        {puppies.map((puppy) => (
          <li
            key={puppy.id}
            className={classes.puppy}
            data-testid="puppy"
            data-status={puppy.status}
          >
            <p className={classes.value}>
              {puppy.name}
              <span className={classes.aside}>
                {` · ${puppy.sex === 'Male' ? 'male' : 'female'}, ${puppy.color.toLowerCase()}`}
              </span>
            </p>
            <Badge size="sm" variant="outline" color={STATUS_COLOR[puppy.status]} tt="none">
              {STATUS_LABEL[puppy.status]}
            </Badge>
          </li>
        ))}
      </ul>
    </section>
  );
}
