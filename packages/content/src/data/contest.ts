import { z } from 'zod';
import { contestEntrySchema, type ContestEntry } from '../schemas';

export const contestEntries: readonly ContestEntry[] = z.array(contestEntrySchema).parse([
  { name: 'Placeholder', familyName: 'The Placeholders', image: '/images/contest/entry-01.jpg' },
]);
