import type { PageMeta } from './schemas';

/** Title, description, social image and main heading of every public route. */
export const pageMeta = [
  {
    path: '/',
    title: 'Cedar Bluff Labradors | English Labradors in Cambridge, NY',
    description:
      'English Labrador Retrievers bred for beauty and temperament for over 50 years, raised holistically on seven open acres in Cambridge, New York.',
    image: '/images/social/home.jpg',
    heading: 'Cedar Bluff Labradors',
  },
  {
    path: '/puppies',
    title: 'Puppy Placement | Cedar Bluff Labradors',
    description:
      'Meet our current and upcoming English Labrador litters, see how our four-step matching process works, and apply for a Cedar Bluff puppy.',
    image: '/images/social/puppies.jpg',
    heading: 'Puppy Placement',
  },
  {
    path: '/puppy-application',
    title: 'Puppy Application | Cedar Bluff Labradors',
    description:
      'Tell us about your family, your home and your days so we can match you with the Cedar Bluff Labrador puppy whose temperament fits your life.',
    image: '/images/social/puppy-application.jpg',
    heading: 'Puppy Matching Questionnaire',
  },
  {
    path: '/breeding-dogs',
    title: 'Our Dogs | Sires and Dames | Cedar Bluff Labradors',
    description:
      'Meet the six sires and nine dames behind every Cedar Bluff litter, with three-generation pedigrees, champion titles and their puppies.',
    image: '/images/social/breeding-dogs.jpg',
    heading: 'Heirs of Excellence',
  },
  {
    path: '/health-testing',
    title: 'Holistic Health | Cedar Bluff Labradors',
    description:
      'Fresh food, delayed spay and neuter, fewer vaccinations and full DNA and OFA testing: how we raise sound, long-lived English Labradors.',
    image: '/images/social/health-testing.jpg',
    heading: 'Holistic Health',
  },
  {
    path: '/training',
    title: 'Behavior Academy Options | Cedar Bluff Labradors',
    description:
      "Bachelor's, Master's and Doctorate puppy training programs: your Labrador comes home crate trained, well mannered and ready for family life.",
    image: '/images/social/training.jpg',
    heading: 'The Legacy Lives On',
  },
  {
    path: '/boarding',
    title: 'Board & Train | Cedar Bluff Labradors',
    description:
      'Retreat to the Bluff: board-and-train stays for adult dogs on seven open acres, with daily training, fresh food and plenty of play.',
    image: '/images/social/boarding.jpg',
    heading: 'Retreat to the Bluff',
  },
  {
    path: '/facilities',
    title: 'Our Team | Cedar Bluff Labradors',
    description:
      'Meet the ten people who raise, train and care for every Cedar Bluff Labrador, from the whelping den to the day your puppy goes home.',
    image: '/images/social/facilities.jpg',
    heading: 'Our Team',
  },
  {
    path: '/raw-dog-food',
    title: 'Raw Dog Food | Cedar Bluff Labradors',
    description:
      'The fresh raw food our own Labradors thrive on: two balanced blends at $28 per 5 lb block and butcher bags at $30 per 15 lb. Pickup only.',
    image: '/images/social/raw-dog-food.jpg',
    heading: 'Raw Dog Food',
  },
  {
    path: '/halloween-contest',
    title: 'Halloween Costume Contest 2025 | Cedar Bluff Labradors',
    description:
      'Dress up your Cedar Bluff Labrador and enter our Halloween 2025 costume contest: submissions October 31 to November 3, winners November 8.',
    image: '/images/social/halloween-contest.jpg',
    heading: 'Halloween Costume Contest',
  },
  {
    path: '/contact',
    title: 'Contact Us | Cedar Bluff Labradors',
    description:
      'Write to us, call, or arrange a visit by appointment to Cedar Bluff Labradors in Cambridge, New York, and read what our families say.',
    image: '/images/social/contact.jpg',
    heading: 'Contact Us',
  },
] satisfies PageMeta[];

export const PUBLIC_ROUTES = pageMeta.map((m) => m.path);

export function metaForPath(path: string): PageMeta | undefined {
  return pageMeta.find((m) => m.path === path);
}

export const notFoundMeta = {
  title: '404 Page Not Found | Cedar Bluff Labradors',
  description:
    'This page could not be found. Head back to Cedar Bluff Labradors to meet our dogs and puppies.',
} as const;
