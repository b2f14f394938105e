import type { Slide } from '../schemas';

// Apart from slides.ts: each carousel's page carries only its own photos.

export const naturalLivingSlides = [
  {
    src: '/images/natural-living/morning-run.jpg',
    alt: 'Two Yellow Labradors running through dewy grass in the early morning light',
    caption: 'Every day begins with free running across our seven open acres',
  },
  {
    src: '/images/natural-living/fresh-meals.jpg',
    alt: 'A Chocolate Labrador waiting patiently beside a bowl of fresh raw food',
    caption: 'Fresh, species-appropriate meals instead of highly processed kibble',
  },
  {
    src: '/images/natural-living/whelping-den-calm.jpg',
    alt: 'A Fox Red Labrador mother nursing her litter in a softly lit den',
    caption: 'Puppies stay in the quiet of the whelping den until five to six weeks of age',
  },
  {
    src: '/images/natural-living/rest-in-the-shade.jpg',
    alt: 'A Black Labrador resting in the shade of a maple tree on a summer afternoon',
    caption: 'Plenty of rest, sunshine and shade: unhurried days build sound bodies',
  },
  {
    src: '/images/natural-living/family-time.jpg',
    alt: 'A family sitting on the grass while a young Yellow Labrador leans into them',
    caption: 'Gentle handling from day one, so every puppy grows up loving people',
  },
] satisfies Slide[];
