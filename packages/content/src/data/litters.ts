import { z } from 'zod';
import { litterSchema, type Litter } from '../schemas';

export const litters: readonly Litter[] = z.array(litterSchema).parse([
  {
    id: 'ranger-juniper-summer-2026',
    name: 'Ranger x Juniper',
    sire: 'ranger',
    dam: 'juniper',
    birthDate: '2026-08-30',
    puppiesCount: 7,
    available: '2 of 7 available',
    readyDate: 'Ready to go home now',
    images: ['/images/litters/ranger-juniper-1.jpg', '/images/litters/ranger-juniper-2.jpg'],
    status: 'Ready',
    description:
      'Five black and two yellow puppies from our champion Ranger and sweet, thoughtful Juniper. They left the whelping den at five weeks, are crate trained for at least four hours and have already begun their early lessons, so they are ready to begin a Master’s program or to go straight home with you.',
  },
  {
    id: 'duke-clover-fall-2026',
    name: 'Duke x Clover',
    sire: 'duke',
    dam: 'clover',
    birthDate: '2026-09-24',
    puppiesCount: 8,
    available: '3 of 8 available',
    readyDate: 'Going home from November 19, 2026',
    images: ['/images/litters/duke-clover-1.jpg', '/images/litters/duke-clover-2.jpg'],
    status: 'Current',
    description:
      'Eight yellow puppies ranging from pale cream to rich butterscotch, with Duke’s easygoing nature and Clover’s playful spark. They are confident explorers in the play yard and settle quickly in their crates at night.',
  },
  {
    id: 'bourbon-maple-fall-2026',
    name: 'Bourbon x Maple',
    sire: 'bourbon',
    dam: 'maple',
    birthDate: '2026-10-20',
    puppiesCount: 6,
    available: '2 of 6 available',
    readyDate: 'Ready mid-December 2026',
    images: ['/images/litters/bourbon-maple-1.jpg'],
    status: 'Current',
    description:
      'A repeat of the pairing that gave us our own Poppy: six deep chocolate puppies with blocky heads and thick otter tails. Maple is a wonderful mother, and the puppies are just beginning to wobble out to meet our team.',
  },
  {
    id: 'copper-ginger-fall-2026',
    name: 'Copper x Ginger',
    sire: 'copper',
    dam: 'ginger',
    birthDate: '2026-11-08',
    puppiesCount: 9,
    available: '4 of 9 available',
    readyDate: 'Ready early January 2027',
    images: ['/images/litters/copper-ginger-1.jpg', '/images/litters/copper-ginger-2.jpg'],
    status: 'Current',
    description:
      'Copper’s first litter: nine fox red and yellow puppies nestled with Ginger in the whelping den. Their eyes are just opening, and we are already getting to know each personality so we can match every puppy with the right family.',
  },
  {
    id: 'duke-honey-winter-2027',
    name: 'Duke x Honey',
    sire: 'duke',
    dam: 'honey',
    birthDate: 'Due January 2027',
    puppiesCount: 'TBD',
    available: 'Reservations open',
    readyDate: 'Ready March 2027',
    images: ['/images/litters/duke-honey-1.jpg'],
    status: 'Upcoming',
    description:
      'Honey’s first litter, with Duke, promises classic English yellow puppies with substance, soft expressions and calm, affectionate temperaments. Reserve your spot now to be among the first families matched.',
  },
  {
    id: 'ranger-willow-spring-2027',
    name: 'Ranger x Willow',
    sire: 'ranger',
    dam: 'willow',
    birthDate: 'Due March 2027',
    puppiesCount: 'TBD',
    available: 'Join the waitlist',
    readyDate: 'Ready May 2027',
    images: ['/images/litters/ranger-willow-1.jpg'],
    status: 'Upcoming',
    description:
      'A spring pairing of Ranger’s show-ring presence and Willow’s patient, gentle heart. We expect black and yellow puppies who will be ready to go home just as the fields turn green.',
  },
]);
