import { z } from 'zod';
import { foodProductSchema, type FoodProduct } from '../schemas';

export const foodProducts: readonly FoodProduct[] = z.array(foodProductSchema).parse([
  {
    id: 'classic-blend',
    name: 'Classic Blend',
    description: 'Placeholder.',
    price: 28,
    unit: 'per 5 lb block',
    benefits: ['Placeholder'],
    image: '/images/food/classic-blend.jpg',
  },
]);
