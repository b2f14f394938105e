// Copy of the shared header and footer (spec §2 Navigation bar, Footer).

export interface NavLinkCopy {
  to: string;
  /** Label on large screens and in the small-screen menu */
  label: string;
  /** Label on medium screens */
  short: string;
}

export const layoutCopy = {
  skipLink: 'Skip to content',
  navLabel: 'Main',
  /** Left to right on medium and large screens, before the dropdown. */
  primaryNav: [
    { to: '/breeding-dogs', label: 'Our Dogs', short: 'Dogs' },
    { to: '/puppies', label: 'Puppy Placement', short: 'Puppies' },
    { to: '/training', label: 'Behavior Academy Options', short: 'Training' },
  ] as readonly NavLinkCopy[],
  careMenu: {
    label: 'Care & Lifestyle',
    items: [
      { to: '/health-testing', label: 'Holistic Health' },
      { to: '/raw-dog-food', label: 'Raw Dog Food' },
      { to: '/boarding', label: 'Board & Train' },
      { to: '/facilities', label: 'Our Team' },
    ],
  },
  book: { label: 'Our Book', short: 'Book', newTabNote: '(opens in a new tab)' },
  contact: { to: '/contact', label: 'Contact Us', short: 'Contact' },
  menuToggle: { open: 'Open navigation menu', close: 'Close navigation menu' },
  footer: {
    navLabel: 'Footer',
    quickLinksHeading: 'Quick Links',
    contactHeading: 'Get in Touch',
    quickLinks: [
      { to: '/breeding-dogs', label: 'Our Dogs' },
      { to: '/puppies', label: 'Puppy Placement' },
      { to: '/training', label: 'Training' },
      { to: '/raw-dog-food', label: 'Raw Dog Food' },
      { to: '/boarding', label: 'Board & Train' },
      { to: '/health-testing', label: 'Holistic Health' },
      { to: '/facilities', label: 'Our Team' },
      { to: '/contact', label: 'Contact' },
    ],
    blurb:
      'For more than 50 years we have raised English Labradors from champion bloodlines with holistic care, on seven open acres in the hills of upstate New York.',
    rights: 'All rights reserved.',
  },
} as const;
