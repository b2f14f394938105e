import '@mantine/carousel/styles.css';
import type { Slide } from '@cedar/content';
import { PhotoCarouselView } from './photo-carousel-view';

/** A carousel's words for screen readers, from packages/content. */
interface PhotoCarouselCopy {
  label: string;
  previous: string;
  next: string;
  goTo: (position: number, caption: string) => string;
  slide: (position: number, total: number) => string;
}

export interface PhotoCarouselProps {
  slides: readonly Slide[];
  copy: PhotoCarouselCopy;
  /** After the last photo comes the first again. */
  loop?: boolean;
  /** The first photo is the page's main image (loaded at once, preloaded). */
  firstIsPriority?: boolean;
  testId: string;
}

/** Captioned photos with previous/next controls and dots that jump to a photo (Natural Living, the kennel tour). */
export function PhotoCarousel(props: PhotoCarouselProps) {
  return <PhotoCarouselView {...props} />;
}
