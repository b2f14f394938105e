import { z } from 'zod';
import { pedigreeSchema, type Pedigree } from '../schemas';

export const pedigrees: readonly Pedigree[] = z.array(pedigreeSchema).parse([
  { dogId: 'duke', tree: null, highlights: [], document: null },
  { dogId: 'maple', tree: null, highlights: [], document: null },
]);
export function pedigreeFor(dogId: string): Pedigree | undefined {
  return pedigrees.find((p) => p.dogId === dogId);
}
