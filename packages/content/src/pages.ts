import type { PageEntry, PageMeta } from './schemas';

/**
 * Every page of the site, one entry each: its address, whether it is prerendered, its title,
 * description, social image and main heading, and where the header and footer link to it. This
 * table drives the prerender, the sitemap, the navigation and the benchmark; the web app's route
 * table (apps/web/src/routes.ts) names the module that renders each address.
 */
export const pages = [
  {
    path: '/',
    prerender: true,
    meta: {
      title: 'Cedar Bluff Labradors | English Labradors in Cambridge, NY',
      description:
        'English Labrador Retrievers bred for beauty and temperament for over 50 years, raised holistically on seven open acres in Cambridge, New York.',
      image: '/images/social/home.jpg',
      heading: 'Cedar Bluff Labradors',
    },
  },
  {
    path: '/puppies',
    prerender: true,
    meta: {
      title: 'Puppy Placement | Cedar Bluff Labradors',
      description:
        'Meet our current and upcoming English Labrador litters, see how our four-step matching process works, and apply for a Cedar Bluff puppy.',
      image: '/images/social/puppies.jpg',
      heading: 'Puppy Placement',
    },
    nav: {
      header: { place: 'primary', order: 2, label: 'Puppy Placement', short: 'Puppies' },
      footer: { order: 2, label: 'Puppy Placement' },
    },
  },
  {
    path: '/puppy-application',
    prerender: true,
    meta: {
      title: 'Puppy Application | Cedar Bluff Labradors',
      description:
        'Tell us about your family, your home and your days so we can match you with the Cedar Bluff Labrador puppy whose temperament fits your life.',
      image: '/images/social/puppy-application.jpg',
      heading: 'Puppy Matching Questionnaire',
    },
  },
  {
    path: '/breeding-dogs',
    prerender: true,
    meta: {
      title: 'Our Dogs | Sires and Dames | Cedar Bluff Labradors',
      description:
        'Meet the six sires and nine dames behind every Cedar Bluff litter, with three-generation pedigrees, champion titles and their puppies.',
      image: '/images/social/breeding-dogs.jpg',
      heading: 'Heirs of Excellence',
    },
    nav: {
      header: { place: 'primary', order: 1, label: 'Our Dogs', short: 'Dogs' },
      footer: { order: 1, label: 'Our Dogs' },
    },
  },
  {
    path: '/health-testing',
    prerender: true,
    meta: {
      title: 'Holistic Health | Cedar Bluff Labradors',
      description:
        'Fresh food, delayed spay and neuter, fewer vaccinations and full DNA and OFA testing: how we raise sound, long-lived English Labradors.',
      image: '/images/social/health-testing.jpg',
      heading: 'Holistic Health',
    },
    nav: {
      header: { place: 'care', order: 1, label: 'Holistic Health' },
      footer: { order: 6, label: 'Holistic Health' },
    },
  },
  {
    path: '/training',
    prerender: true,
    meta: {
      title: 'Behavior Academy Options | Cedar Bluff Labradors',
      description:
        "Bachelor's, Master's and Doctorate puppy training programs: your Labrador comes home crate trained, well mannered and ready for family life.",
      image: '/images/social/training.jpg',
      heading: 'The Legacy Lives On',
    },
    nav: {
      header: { place: 'primary', order: 3, label: 'Behavior Academy Options', short: 'Training' },
      footer: { order: 3, label: 'Training' },
    },
  },
  {
    path: '/boarding',
    prerender: true,
    meta: {
      title: 'Board & Train | Cedar Bluff Labradors',
      description:
        'Retreat to the Bluff: board-and-train stays for adult dogs on seven open acres, with daily training, fresh food and plenty of play.',
      image: '/images/social/boarding.jpg',
      heading: 'Retreat to the Bluff',
    },
    nav: {
      header: { place: 'care', order: 3, label: 'Board & Train' },
      footer: { order: 5, label: 'Board & Train' },
    },
  },
  {
    path: '/facilities',
    prerender: true,
    meta: {
      title: 'Our Team | Cedar Bluff Labradors',
      description:
        'Meet the ten people who raise, train and care for every Cedar Bluff Labrador, from the whelping den to the day your puppy goes home.',
      image: '/images/social/facilities.jpg',
      heading: 'Our Team',
    },
    nav: {
      header: { place: 'care', order: 4, label: 'Our Team' },
      footer: { order: 7, label: 'Our Team' },
    },
  },
  {
    path: '/raw-dog-food',
    prerender: true,
    meta: {
      title: 'Raw Dog Food | Cedar Bluff Labradors',
      description:
        'The fresh raw food our own Labradors thrive on: two balanced blends at $28 per 5 lb block and butcher bags at $30 per 15 lb. Pickup only.',
      image: '/images/social/raw-dog-food.jpg',
      heading: 'Raw Dog Food',
    },
    nav: {
      header: { place: 'care', order: 2, label: 'Raw Dog Food' },
      footer: { order: 4, label: 'Raw Dog Food' },
    },
  },
  {
    path: '/halloween-contest',
    prerender: true,
    meta: {
      title: 'Halloween Costume Contest 2025 | Cedar Bluff Labradors',
      description:
        'Dress up your Cedar Bluff Labrador and enter our Halloween 2025 costume contest: submissions October 31 to November 3, winners November 8.',
      image: '/images/social/halloween-contest.jpg',
      heading: 'Halloween Costume Contest',
    },
  },
  {
    path: '/contact',
    prerender: true,
    meta: {
      title: 'Contact Us | Cedar Bluff Labradors',
      description:
        'Write to us, call, or arrange a visit by appointment to Cedar Bluff Labradors in Cambridge, New York, and read what our families say.',
      image: '/images/social/contact.jpg',
      heading: 'Contact Us',
    },
    nav: {
      header: { place: 'button', order: 1, label: 'Contact Us', short: 'Contact' },
      footer: { order: 8, label: 'Contact' },
    },
  },
] satisfies PageEntry[];

/** Every prerendered public route, in the table's order (the sitemap's). */
export const PUBLIC_ROUTES: readonly string[] = pages.filter((p) => p.prerender).map((p) => p.path);

/** Each public page's meta with its path. */
export const pageMeta: readonly (PageMeta & { path: string })[] = pages.map((p) => ({
  path: p.path,
  ...p.meta,
}));

export function metaForPath(path: string): (PageMeta & { path: string }) | undefined {
  return pageMeta.find((m) => m.path === path);
}

/** A link of the header or footer to a page. */
export interface NavLink {
  to: string;
  /** Label on large screens, in the small-screen menu and in the footer */
  label: string;
  /** Label on medium screens (the label itself when no shorter one is given) */
  short: string;
}

/** The links of one place of the header or footer to pages, in their order. */
function navLinks(place: 'primary' | 'care' | 'button' | 'footer'): NavLink[] {
  const links: (NavLink & { order: number })[] = [];
  for (const { path, nav } of pages) {
    if (place === 'footer') {
      if (nav?.footer) links.push({ ...nav.footer, to: path, short: nav.footer.label });
    } else if (nav?.header?.place === place) {
      const { order, label, short } = nav.header;
      links.push({ order, to: path, label, short: short ?? label });
    }
  }
  return links
    .sort((a, b) => a.order - b.order)
    .map(({ to, label, short }) => ({ to, label, short }));
}

/** The header's and footer's links to pages. */
export interface SiteNav {
  /** Left to right on medium and large screens, before the Care & Lifestyle menu */
  primary: NavLink[];
  /** The Care & Lifestyle menu's links */
  care: NavLink[];
  /** The header's button */
  contact: NavLink;
  /** The footer's quick links */
  footer: NavLink[];
}

/**
 * The header's and footer's links, from the registry. Read at build time by the public layout
 * route's loader: the pages get them as data, not the registry as code.
 */
export function siteNav(): SiteNav {
  const contact = navLinks('button')[0];
  if (!contact) throw new Error('pages: no page is the header button (nav.header.place "button")');
  return {
    primary: navLinks('primary'),
    care: navLinks('care'),
    contact,
    footer: navLinks('footer'),
  };
}

export const notFoundMeta = {
  title: '404 Page Not Found | Cedar Bluff Labradors',
  description:
    'This page could not be found. Head back to Cedar Bluff Labradors to meet our dogs and puppies.',
} as const;
