import { Carousel } from '@mantine/carousel';
import type { EmblaCarouselType } from 'embla-carousel';
import { useRef } from 'react';
import type { PhotoCarouselProps } from './photo-carousel';
import { CAROUSEL_ATTRIBUTE } from './photo-carousel-load';
import { SlideFigure } from './photo-carousel-slide';

// The carousel stylesheet arrives with the page's chunk, after the prerendered HTML is painted:
// these inline rules keep the slides in one row until then, so nothing jumps.
const layoutStyles = {
  root: { position: 'relative' },
  viewport: { overflow: 'hidden' },
  container: { display: 'flex' },
  slide: { flex: '0 0 100%', minWidth: 0, position: 'relative' },
  controls: {
    position: 'absolute',
    insetInline: 0,
    top: 'calc(50% - 20px)',
    display: 'flex',
    justifyContent: 'space-between',
    paddingInline: 'var(--carousel-controls-offset)',
    zIndex: 1,
  },
  control: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    minWidth: 40,
    minHeight: 40,
  },
  indicators: {
    position: 'absolute',
    insetInline: 0,
    top: 16,
    bottom: 'auto',
    display: 'flex',
    justifyContent: 'center',
  },
} as const;

/** The live carousel (Mantine's, on Embla): see PhotoCarousel. */
export function PhotoCarouselView({
  slides,
  copy,
  loop = false,
  firstIsPriority = false,
  testId,
}: PhotoCarouselProps) {
  // Embla starts in an effect after the carousel has hydrated: a press on previous or next before
  // that (replayed by React once the carousel's code is in, while the page is still starting)
  // found no Embla and was lost. It is kept and made as soon as Embla is there (issue 38).
  const embla = useRef<EmblaCarouselType | null>(null);
  const pending = useRef<'next' | 'previous' | null>(null);
  const later = (direction: 'next' | 'previous') => () => {
    if (embla.current === null) pending.current = direction;
  };
  const ready = (api: EmblaCarouselType) => {
    embla.current = api;
    if (pending.current === 'next') api.scrollNext();
    else if (pending.current === 'previous') api.scrollPrev();
    pending.current = null;
  };
  return (
    <>
      <Carousel
        getEmblaApi={ready}
        aria-label={copy.label}
        emblaOptions={loop ? { loop: true } : undefined}
        withIndicators
        controlSize={40}
        styles={layoutStyles}
        previousControlProps={{ 'aria-label': copy.previous, onClick: later('previous') }}
        nextControlProps={{ 'aria-label': copy.next, onClick: later('next') }}
        getIndicatorProps={(index) => ({
          'aria-label': copy.goTo(index + 1, slides[index]?.caption ?? ''),
        })}
        data-testid={testId}
        {...{ [CAROUSEL_ATTRIBUTE]: '' }}
      >
        {slides.map((slide, index) => (
          <Carousel.Slide key={slide.src} aria-label={copy.slide(index + 1, slides.length)}>
            <SlideFigure slide={slide} priority={firstIsPriority && index === 0} />
          </Carousel.Slide>
        ))}
      </Carousel>
    </>
  );
}
