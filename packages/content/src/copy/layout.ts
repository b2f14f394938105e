// The words of the shared header and footer. Their links to pages are the page registry's
// (`siteNav()` in pages.ts), which the public layout route's loader reads at build time.
import type { LayoutCopy } from '../schemas';

export const layoutCopy = {
  skipLink: 'Skip to content',
  navLabel: 'Main',
  careMenu: { label: 'Care & Lifestyle' },
  book: { label: 'Our Book', short: 'Book', newTabNote: '(opens in a new tab)' },
  menuToggle: { open: 'Open navigation menu', close: 'Close navigation menu' },
  footer: {
    navLabel: 'Footer',
    quickLinksHeading: 'Quick Links',
    contactHeading: 'Get in Touch',
    blurb:
      'For more than 50 years we have raised English Labradors from champion bloodlines with holistic care, on seven open acres in the hills of upstate New York.',
    rights: 'All rights reserved.',
  },
} satisfies LayoutCopy;
