import type { ChampionWinner, CoatColor, Photo, Puppy, PuppyGallery } from '../schemas';
import { dogs } from './dogs';

export const puppyPhotos = [
  {
    src: '/images/puppies/puppy-01.jpg',
    alt: 'Yellow English Labrador puppy sitting in the grass with a soft, sleepy expression',
  },
  {
    src: '/images/puppies/puppy-02.jpg',
    alt: 'Chocolate Labrador puppy carrying a knotted rope toy across the play yard',
  },
  {
    src: '/images/puppies/puppy-03.jpg',
    alt: 'Black Labrador puppy peeking over the edge of a wicker basket',
  },
  {
    src: '/images/puppies/puppy-04.jpg',
    alt: 'Fox Red Labrador puppy curled up asleep on a plaid blanket',
  },
  {
    src: '/images/puppies/puppy-05.jpg',
    alt: 'Two Yellow Labrador littermates tumbling together on the lawn',
  },
  {
    src: '/images/puppies/puppy-06.jpg',
    alt: 'Chocolate Labrador puppy resting its chin on a team member’s hand',
  },
  {
    src: '/images/puppies/puppy-07.jpg',
    alt: 'Black Labrador puppy exploring fallen leaves on the open acres',
  },
  {
    src: '/images/puppies/puppy-08.jpg',
    alt: 'Cream Yellow Labrador puppy wearing an olive collar and looking up at the camera',
  },
  {
    src: '/images/puppies/puppy-09.jpg',
    alt: 'Fox Red Labrador puppy sniffing a wildflower at the edge of the field',
  },
  {
    src: '/images/puppies/puppy-10.jpg',
    alt: 'Yellow Labrador puppy settling calmly into its crate for a nap',
  },
  {
    src: '/images/puppies/puppy-11.jpg',
    alt: 'Chocolate Labrador puppy with a blocky head sitting politely on command',
  },
  {
    src: '/images/puppies/puppy-12.jpg',
    alt: 'Black Labrador puppy cradled in the arms of a child at a family visit',
  },
  {
    src: '/images/puppies/puppy-13.jpg',
    alt: 'Yellow Labrador puppy with an otter tail trotting toward the camera',
  },
  {
    src: '/images/puppies/puppy-14.jpg',
    alt: 'Fox Red and Yellow Labrador puppies sharing a bowl of fresh food',
  },
  {
    src: '/images/puppies/puppy-15.jpg',
    alt: 'Sleepy Yellow Labrador puppy yawning in the afternoon sun',
  },
] satisfies Photo[];

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

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function longDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return `${MONTHS[(m ?? 1) - 1]} ${d}, ${y}`;
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

export const championWinner = {
  dogId: 'ranger',
  title: 'Champion Winner: Cedar Bluff’s Battenkill Ranger',
  image: '/images/champion/ranger-champion.jpg',
  story: [
    'Ranger was the boldest puppy in his litter, the first to leave the whelping den and the first to carry a toy back to whoever threw it. We kept him for his balance and his easy, happy nature, never imagining how far that steady temperament would take him.',
    'In the show ring he moved with the same relaxed confidence he shows at home, standing square and calm while the judges went over him. He finished his championship with the classic English type we have worked toward for more than fifty years: a broad head, a short, dense coat, a thick otter tail and a kind, intelligent eye.',
    'For us the ribbons matter less than what Ranger passes on. His puppies inherit his substance and his gentle, people-loving character, and their families tell us the same thing again and again: they are as easy to live with as they are beautiful to look at.',
  ],
} satisfies ChampionWinner;
