import type { Dog } from '../schemas';
import { dogs } from './dogs';

// A module of its own: the build writes `dogSummaries` out as data, so the dogs page opens its
// popups without carrying every dog's description in its first load.

/** What a dog's popups need of it: name, formal name, photo, colour and sex. */
export type DogSummary = Pick<Dog, 'id' | 'name' | 'formalName' | 'image' | 'color' | 'gender'>;

/** Every dog, summed up. */
export const dogSummaries: readonly DogSummary[] = dogs.map(
  ({ id, name, formalName, image, color, gender }) => ({ id, name, formalName, image, color, gender }),
);

/** The summary of the dog with this id. */
export function dogSummaryById(id: string): DogSummary | undefined {
  return dogSummaries.find((dog) => dog.id === id);
}
