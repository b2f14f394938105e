import type { Slide } from '../schemas';

export const kennelTourSlides = [
  {
    src: '/images/kennel/whelping-den.jpg',
    alt: 'A quiet whelping den with a Yellow Labrador mother resting beside her newborn puppies',
    caption:
      'The whelping den, where every litter spends its first five to six weeks in calm and quiet',
  },
  {
    src: '/images/kennel/puppy-play-yard.jpg',
    alt: 'Young Labrador puppies exploring ramps, tunnels and toys in a fenced play yard',
    caption:
      'The puppy play yard, full of new surfaces, sounds and toys to build confident youngsters',
  },
  {
    src: '/images/kennel/training-room.jpg',
    alt: 'A bright training room with crates along one wall and a trainer working a puppy on a mat',
    caption:
      'The training room, where our Behavior Academy puppies learn crate manners and their first lessons',
  },
  {
    src: '/images/kennel/raw-food-kitchen.jpg',
    alt: 'A spotless kitchen with stainless steel counters where fresh raw meals are portioned',
    caption: 'Our kitchen, where fresh raw meals are prepared for every dog on the farm',
  },
  {
    src: '/images/kennel/open-acres.jpg',
    alt: 'Black, Yellow and Chocolate Labradors running together across a wide green field',
    caption: 'Seven open acres for running, retrieving and simply being a Labrador',
  },
] satisfies Slide[];

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
