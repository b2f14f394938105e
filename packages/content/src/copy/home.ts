// Copy of the home page. The hero and the Preservation Breeding essay are editable sections
// (apps/web/src/sections) and carry their own words; their photos are named here.
export const homeCopy = {
  heroBadge: '50+ Years of Excellence',
  images: {
    hero: '/images/hero/home-hero.jpg',
    preservation: '/images/home/preservation-breeding.jpg',
  },
  halloweenBanner: {
    to: '/halloween-contest',
    eyebrow: 'Halloween 2025',
    title: 'Halloween Costume Contest',
    dates: 'Submissions open Oct 31 - Nov 3',
    prompt: 'Click to enter',
  },
  cardsHeading: 'Discover Cedar Bluff',
  cardsIntro:
    'Meet the dogs behind our bloodlines, find your puppy, and give them the best start in life.',
  cards: [
    {
      to: '/breeding-dogs',
      title: 'Our Dogs',
      text: 'Meet our sires and dames: champion bloodlines, sound health and the gentle temperament every litter inherits.',
      image: '/images/home/card-our-dogs.jpg',
      alt: 'A yellow English Labrador sire standing in a summer field',
      cta: 'Meet our dogs',
    },
    {
      to: '/puppies',
      title: 'Puppy Placement',
      text: 'See our current and upcoming litters and how we match each puppy to the family whose life it fits.',
      image: '/images/home/card-puppies.jpg',
      alt: 'Three English Labrador puppies resting together on the grass',
      cta: 'See our puppies',
    },
    {
      to: '/training',
      title: 'Behavior Academy Options',
      text: "Bachelor's, Master's and Doctorate programs that bring your puppy home crate trained and well mannered.",
      image: '/images/home/card-training.jpg',
      alt: 'A young chocolate Labrador sitting calmly during a training session',
      cta: 'Explore training',
    },
  ],
  cta: {
    heading: 'Ready to find your perfect companion?',
    text: 'Tell us about your family and the Labrador you are dreaming of. We will answer personally and guide you through every step, from the first hello to the day your puppy comes home.',
    button: 'Start Your Journey',
    to: '/contact',
  },
} as const;
