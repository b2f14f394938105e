import '@mantine/carousel/styles.layer.css';
import type { Slide } from '@cedar/content';
import { lazy, Suspense } from 'react';
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

// Mantine's Carousel and Embla in a chunk of their own (React's `lazy`): the prerendered page
// shows the whole carousel, and React hydrates it once its code is in.
const PhotoCarouselView = lazy(() =>
  import('./photo-carousel-view').then((module) => ({ default: module.PhotoCarouselView })),
);

/** Captioned photos with previous/next controls and dots that jump to a photo (Natural Living, the kennel tour). */
export function PhotoCarousel(props: PhotoCarouselProps) {
  const first = props.slides[0];
  // Reached by a link rather than loaded, the page shows the first photo until the code is in.
  return (
    <Suspense
      fallback={
        first ? <SlideFigure slide={first} priority={props.firstIsPriority ?? false} /> : null
      }
    >
      <PhotoCarouselView {...props} />
    </Suspense>
  );
}
