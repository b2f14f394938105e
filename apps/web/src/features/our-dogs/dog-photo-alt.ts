import { ourDogsFrameCopy as copy, type DogSummary } from '@cedar/content';

/** A dog's photo described: name, colour and sex. */
export function dogPhotoAlt(dog: Pick<DogSummary, 'name' | 'color' | 'gender'>): string {
  return copy.dogPhotoAlt(dog.name, dog.color, dog.gender);
}
