import type { HealthCard } from '../schemas';
import { healthCards } from './health';

// A module of its own: the build writes `healthCardSummaries` out as data, so the health page
// shows its cards and opens their popups without carrying the four essays in its first load.

/** What a health card shows before it opens: its photo, title and description. */
export type HealthCardSummary = Pick<HealthCard, 'id' | 'image' | 'title' | 'description'>;

/** Every health card, without its essay. */
export const healthCardSummaries: readonly HealthCardSummary[] = healthCards.map(
  ({ id, image, title, description }) => ({ id, image, title, description }),
);
