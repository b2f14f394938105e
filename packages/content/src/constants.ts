/**
 * The site's business constants and limits (the spec's section 9). The admin area's own settings
 * are in admin-constants.ts, so that no public page loads them.
 */
export const BRAND_COLORS = { olive: '#6d761d', gold: '#b8860b' } as const;

export const TOOLTIP_SETTINGS = { openDelayMs: 700, skipDelayMs: 300 } as const;

export const COUNTS = {
  puppyPhotos: 15,
  sires: 6,
  dames: 9,
  kennelTourSlides: 5,
  teamMembers: 10,
  contestEntries: 40,
  editableFiles: 7,
  foodProducts: 3,
  testimonials: 3,
  healthCards: 4,
  trainingPrograms: 3,
  pedigreeHighlightPhotos: 4,
} as const;

export const LITTER_RULES = {
  selectThresholdWeeks: 5,
  readyFromWeeks: 8,
  trainedAfterWeeks: 10,
} as const;

export const RECENT_WINDOW_HOURS = 24;
export const TESTIMONIAL_TRUNCATE_AT = 150;

export const TRAINING_PRICES = { bachelors: 7500, masters: 12500, doctorate: 17500 } as const;

export const FOOD_PRICES = {
  blendPer5lbBlock: 28,
  butcherBagPer15lb: 30,
} as const;

export { CARE_FACTS } from './care-facts';

export const CONTEST_DATES = {
  submissionsOpen: '2025-10-31',
  submissionsClose: '2025-11-03',
  votingStart: '2025-11-04',
  votingEnd: '2025-11-06',
  winnersAnnounced: '2025-11-08',
} as const;

export const HERO_YEARS_LABEL = '50+ Years of Excellence';
