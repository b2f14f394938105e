import type { ComponentType } from 'react';
import type { PhotoCarouselProps } from './photo-carousel';

/** The attribute on a carousel's root in the page (photo-carousel-view.tsx). */
export const CAROUSEL_ATTRIBUTE = 'data-photo-carousel';

let loaded: ComponentType<PhotoCarouselProps> | undefined;

/** The carousel's code: Mantine's Carousel and Embla, a chunk of their own. */
export function loadCarouselView(): Promise<ComponentType<PhotoCarouselProps>> {
  return import('./photo-carousel-view').then(
    ({ PhotoCarouselView }) => (loaded = PhotoCarouselView),
  );
}

/** The carousel's code if it is in, else undefined. */
export function loadedCarouselView(): ComponentType<PhotoCarouselProps> | undefined {
  return loaded;
}
