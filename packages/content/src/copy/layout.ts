// Copy of the shared header and footer. Their links to pages come from the page registry.
import { navLinks, type NavLink } from '../pages';
import type { LayoutCopy } from '../schemas';

export type NavLinkCopy = NavLink;

// Computed from the registry: the web build ships its value (apps/web/vite/content-data-plugin.ts),
// so the pages' links are plain data in the bundle, without the whole page registry behind them.
export const layoutCopy = {
  skipLink: 'Skip to content',
  navLabel: 'Main',
  /** Left to right on medium and large screens, before the dropdown. */
  primaryNav: navLinks('primary'),
  careMenu: {
    label: 'Care & Lifestyle',
    items: navLinks('care'),
  },
  book: { label: 'Our Book', short: 'Book', newTabNote: '(opens in a new tab)' },
  contact: navLinks('button')[0]!,
  menuToggle: { open: 'Open navigation menu', close: 'Close navigation menu' },
  footer: {
    navLabel: 'Footer',
    quickLinksHeading: 'Quick Links',
    contactHeading: 'Get in Touch',
    quickLinks: navLinks('footer'),
    blurb:
      'For more than 50 years we have raised English Labradors from champion bloodlines with holistic care, on seven open acres in the hills of upstate New York.',
    rights: 'All rights reserved.',
  },
} satisfies LayoutCopy;
