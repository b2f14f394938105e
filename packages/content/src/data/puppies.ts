import { MONTH_NAMES } from '@cedar/litter-logic';
import type { CoatColor, Puppy, PuppyGallery } from '../schemas';
import { dogs } from './dogs';

interface PastLitter {
  sire: string;
  dam: string;
  /** The dam's call name as shown in the gallery */
  damName: string;
  /** ISO date, for ordering */
  born: string;
  puppies: [name: string, gender: Puppy['gender'], color: CoatColor, available?: boolean][];
}

/** Earlier litters of our dogs; each one appears in its sire's and its dam's gallery. */
const pastLitters: PastLitter[] = [
  {
    sire: 'captain',
    dam: 'bluebell',
    damName: 'Bluebell',
    born: '2022-04-11',
    puppies: [
      ['Willow', 'Female', 'Yellow'],
      ['Clover', 'Female', 'Yellow'],
      ['Barley', 'Male', 'Yellow'],
      ['Dixie', 'Female', 'Yellow'],
      ['Cooper', 'Male', 'Yellow'],
    ],
  },
  {
    sire: 'captain',
    dam: 'ginger',
    damName: 'Ginger',
    born: '2023-07-09',
    puppies: [
      ['Biscuit', 'Male', 'Yellow'],
      ['Penny', 'Female', 'Fox Red'],
      ['Rowan', 'Male', 'Fox Red'],
      ['Maisie', 'Female', 'Yellow'],
    ],
  },
  {
    sire: 'bourbon',
    dam: 'maple',
    damName: 'Maple',
    born: '2024-06-21',
    puppies: [
      ['Poppy', 'Female', 'Chocolate'],
      ['Hershey', 'Male', 'Chocolate'],
      ['Mocha', 'Female', 'Chocolate'],
      ['Bruno', 'Male', 'Chocolate'],
    ],
  },
  {
    sire: 'ranger',
    dam: 'hazel',
    damName: 'Hazel',
    born: '2025-01-18',
    puppies: [
      ['Juno', 'Female', 'Black'],
      ['Bear', 'Male', 'Black'],
      ['Pepper', 'Female', 'Black'],
      ['Ace', 'Male', 'Black'],
    ],
  },
  {
    sire: 'duke',
    dam: 'maple',
    damName: 'Maple',
    born: '2025-03-14',
    puppies: [
      ['Murphy', 'Male', 'Yellow'],
      ['Bella', 'Female', 'Black'],
      ['Finn', 'Male', 'Black'],
      ['Rosie', 'Female', 'Yellow'],
      ['Otis', 'Male', 'Chocolate'],
    ],
  },
  {
    sire: 'ranger',
    dam: 'ginger',
    damName: 'Ginger',
    born: '2025-05-05',
    puppies: [
      ['Scout', 'Male', 'Black'],
      ['Amber', 'Female', 'Fox Red'],
      ['Blaze', 'Male', 'Fox Red'],
    ],
  },
  {
    sire: 'duke',
    dam: 'willow',
    damName: 'Willow',
    born: '2025-08-02',
    puppies: [
      ['Sunny', 'Female', 'Yellow'],
      ['Gus', 'Male', 'Yellow'],
      ['Lily', 'Female', 'Yellow'],
      ['Teddy', 'Male', 'Yellow'],
    ],
  },
  {
    sire: 'bourbon',
    dam: 'hazel',
    damName: 'Hazel',
    born: '2026-05-30',
    puppies: [
      ['Shadow', 'Male', 'Black'],
      ['Truffle', 'Female', 'Chocolate'],
      ['Jet', 'Male', 'Black', true],
      ['Olive', 'Female', 'Black'],
      ['Fudge', 'Male', 'Chocolate'],
    ],
  },
];

function longDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return `${MONTH_NAMES[(m ?? 1) - 1]} ${d}, ${y}`;
}

function galleryLitter(litter: PastLitter): PuppyGallery['litters'][number] {
  const year = litter.born.slice(0, 4);
  return {
    birthDate: longDate(litter.born),
    dam: litter.damName,
    puppies: litter.puppies.map(([name, gender, color, available = false]) => ({
      name,
      gender,
      color,
      available,
      image: `/images/puppies/gallery/${litter.sire}-${litter.dam}-${year}-${name.toLowerCase()}.jpg`,
    })),
  };
}

export const puppyGalleries = dogs
  .filter((dog) => dog.hasPuppies)
  .map((dog) => ({
    dogId: dog.id,
    litters: pastLitters
      .filter((l) => l.sire === dog.id || l.dam === dog.id)
      .sort((a, b) => b.born.localeCompare(a.born))
      .map(galleryLitter),
  })) satisfies PuppyGallery[];

export function galleryFor(dogId: string): PuppyGallery | undefined {
  return puppyGalleries.find((g) => g.dogId === dogId);
}
