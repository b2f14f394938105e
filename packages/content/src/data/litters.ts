import { z } from 'zod';
import { litterSchema, type Litter } from '../schemas';

export const litters: readonly Litter[] = z.array(litterSchema).parse([
  {
    id: 'duke-maple-fall-2026',
    name: 'Duke x Maple',
    sire: 'duke',
    dam: 'maple',
    birthDate: '2026-09-20',
    puppiesCount: 8,
    available: '3 available',
    readyDate: 'Ready mid-November',
    images: ['/images/litters/duke-maple-1.jpg'],
    status: 'Current',
    description: 'Placeholder until the content issue lands.',
  },
]);
