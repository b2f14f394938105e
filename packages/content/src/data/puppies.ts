import { z } from 'zod';
import { championWinnerSchema, photoSchema, puppyGallerySchema, type ChampionWinner, type Photo, type PuppyGallery } from '../schemas';

export const puppyPhotos: readonly Photo[] = z.array(photoSchema).parse([
  { src: '/images/puppies/puppy-01.jpg', alt: 'Yellow English Labrador puppy' },
]);
export const puppyGalleries: readonly PuppyGallery[] = z.array(puppyGallerySchema).parse([]);
export function galleryFor(dogId: string): PuppyGallery | undefined {
  return puppyGalleries.find((g) => g.dogId === dogId);
}
export const championWinner: ChampionWinner = championWinnerSchema.parse({
  dogId: 'duke',
  title: 'Champion winner',
  image: '/images/dogs/duke.jpg',
  story: ['Placeholder until the content issue lands.'],
});
