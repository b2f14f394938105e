// The stylesheet comes with the page, so the prerendered carousel looks right before its code is in.
import '@mantine/carousel/styles.css';
import type { Slide } from '@cedar/content';
import { Suspense } from 'react';
import { lazyContent } from './lazy-content';
import { SlideFigure } from './photo-carousel-slide';

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

// The carousel's code (Mantine's Carousel and Embla, about 12 KB compressed) is not part of the
// page's first load: the page hydrates without it, React keeps the prerendered carousel on screen
// meanwhile and hydrates it as soon as its chunk is in.
const PhotoCarouselView = lazyContent(() =>
  import('./photo-carousel-view').then((module) => module.PhotoCarouselView),
);

/** Captioned photos with previous/next controls and dots that jump to a photo (Natural Living, the kennel tour). */
export function PhotoCarousel(props: PhotoCarouselProps) {
  const first = props.slides[0];
  // Reached by a link rather than loaded, the page shows the first photo until the code is in.
  const fallback = first ? (
    <SlideFigure slide={first} priority={props.firstIsPriority ?? false} />
  ) : null;
  return (
    <Suspense fallback={fallback}>
      <PhotoCarouselView {...props} />
    </Suspense>
  );
}
