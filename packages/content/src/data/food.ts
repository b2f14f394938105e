import { FOOD_PRICES } from '../constants';
import type { FoodProduct } from '../schemas';

export const foodProducts = [
  {
    id: 'classic-blend',
    name: 'Classic Beef Blend',
    description:
      'The everyday meal our own Labradors thrive on: ground beef with heart, liver and bone, balanced for adult dogs and growing puppies alike. Frozen in convenient blocks that thaw overnight in the refrigerator.',
    price: FOOD_PRICES.blendPer5lbBlock,
    unit: 'per 5 lb block',
    benefits: [
      'Lean muscle meat, organ and bone in one balanced meal',
      'Supports a glossy coat and healthy skin',
      'Highly digestible, for smaller, firmer stools',
      'The same food your puppy eats on the farm',
    ],
    image: '/images/food/classic-blend.jpg',
  },
  {
    id: 'poultry-blend',
    name: 'Poultry & Greens Blend',
    description:
      'A lighter blend of chicken and turkey with ground bone, organ meat and finely puréed leafy greens. A wonderful choice for dogs who do best on poultry or as a rotation with our beef blend.',
    price: FOOD_PRICES.blendPer5lbBlock,
    unit: 'per 5 lb block',
    benefits: [
      'Gentle on sensitive stomachs',
      'Natural calcium from finely ground bone',
      'Leafy greens for fibre and variety',
    ],
    image: '/images/food/poultry-blend.jpg',
  },
  {
    id: 'butcher-bags',
    name: 'Butcher Bags',
    description:
      'Generous bags of raw meaty bones, trim and organ cuts for families who build their own meals or want healthy chews. Every bag is portioned by our kitchen team and frozen fresh.',
    price: FOOD_PRICES.butcherBagPer15lb,
    unit: 'per 15 lb portion',
    benefits: [
      'Raw meaty bones for natural teeth cleaning',
      'Satisfying chewing that keeps busy minds content',
      'Great value for multi-dog households',
      'Mix and match to suit your own feeding plan',
    ],
    image: '/images/food/butcher-bags.jpg',
  },
] satisfies FoodProduct[];
