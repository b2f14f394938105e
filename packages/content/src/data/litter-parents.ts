import type { Litter } from '../schemas';
import { litters } from './litters';

// A module of its own: the build writes its value out as data, so a page that imports it does
// not carry the litters' whole records (see apps/web/vite/content-data-plugin.ts).

/** A listed litter's name and parents: what its pedigree popup needs. */
export type LitterParents = Pick<Litter, 'id' | 'name' | 'sire' | 'dam'>;

/**
 * Each listed litter's name and parents, in the order of `litters`: the puppies page opens a
 * pedigree with this and no more (the whole records, descriptions and all, stay out of its first
 * load).
 */
export const litterParents: readonly LitterParents[] = litters.map(({ id, name, sire, dam }) => ({
  id,
  name,
  sire,
  dam,
}));
