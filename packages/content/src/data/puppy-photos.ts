import type { Photo } from '../schemas';

// Modules of their own (this one and champion.ts): the puppies page's first load carries them,
// not the past litters and galleries of puppies.ts.

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
