import '@mantine/carousel/styles.layer.css';
import type { Slide } from '@cedar/content';
import { lazy, Suspense, useState } from 'react';
import { BEFORE_HYDRATE } from '../app-scripts';
import { CAROUSEL_ATTRIBUTE, loadCarouselView, loadedCarouselView } from './photo-carousel-load';
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
// shows the whole carousel. React stops a press on a part whose code is still loading and never
// replays it (react-dom 19's `dispatchEvent`), so on a page loaded with a carousel its code is
// asked for as this module runs, and the client entry waits for it before it hydrates: the
// carousel hydrates with the rest of the page, and the start script keeps a press until then.
const LazyCarouselView = lazy(() => loadCarouselView().then((view) => ({ default: view })));
if (typeof document !== 'undefined' && document.querySelector(`[${CAROUSEL_ATTRIBUTE}]`))
  (window[BEFORE_HYDRATE] ??= []).push(loadCarouselView());

/** Captioned photos with previous/next controls and dots that jump to a photo (Natural Living, the kennel tour). */
export function PhotoCarousel(props: PhotoCarouselProps) {
  const first = props.slides[0];
  // Chosen once: a carousel drawn while its code loads keeps the lazy one, not drawn a second time.
  const [PhotoCarouselView] = useState(() => loadedCarouselView() ?? LazyCarouselView);
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
