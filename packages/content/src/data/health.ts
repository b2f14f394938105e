import { z } from 'zod';
import { healthCardSchema, type HealthCard } from '../schemas';

export const healthCards: readonly HealthCard[] = z.array(healthCardSchema).parse([
  {
    id: 'fresh-dog-food',
    image: '/images/health/fresh-dog-food.jpg',
    title: 'Fresh Dog Food',
    description: 'Placeholder until the content issue lands.',
    essay: ['Placeholder.', 'Placeholder.'],
  },
]);
