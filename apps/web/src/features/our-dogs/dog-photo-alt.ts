import { ourDogsCopy as copy, type Dog } from '@cedar/content';

/** A dog's photo described: name, colour and sex. */
export function dogPhotoAlt(dog: Pick<Dog, 'name' | 'color' | 'gender'>): string {
  return copy.dogPhotoAlt(dog.name, dog.color, dog.gender);
}
