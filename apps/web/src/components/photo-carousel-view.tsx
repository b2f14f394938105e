import '@mantine/carousel/styles.css';
import { Carousel } from '@mantine/carousel';
import { AspectRatio, Box, Text } from '@mantine/core';
import type { Slide } from '@cedar/content';
import { SiteImage } from './site-image';
import { StaticContent } from './static-content';

/** A carousel's words for screen readers, from packages/content. */
export interface PhotoCarouselCopy {
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

/** Captioned photos with previous/next controls and dots that jump to a photo (Natural Living, the kennel tour). */
export function PhotoCarousel({
  slides,
  copy,
  loop = false,
  firstIsPriority = false,
  testId,
}: PhotoCarouselProps) {
  return (
    <Carousel
      aria-label={copy.label}
      emblaOptions={loop ? { loop: true } : undefined}
      withIndicators
      controlSize={40}
      styles={layoutStyles}
      previousControlProps={{ 'aria-label': copy.previous }}
      nextControlProps={{ 'aria-label': copy.next }}
      getIndicatorProps={(index) => ({
        'aria-label': copy.goTo(index + 1, slides[index]?.caption ?? ''),
      })}
      data-testid={testId}
    >
      {slides.map((slide, index) => (
        <Carousel.Slide key={slide.src} aria-label={copy.slide(index + 1, slides.length)}>
          {/* The photo and its caption are kept as prerendered on hydration; the carousel around them is live. */}
          <StaticContent>
            <Box
              component="figure"
              m={0}
              pos="relative"
              style={{ borderRadius: 'var(--mantine-radius-lg)', overflow: 'hidden' }}
            >
              <AspectRatio ratio={4 / 3}>
                <SiteImage
                  src={slide.src}
                  alt={slide.alt}
                  cover
                  sizes="(min-width: 62em) 900px, 100vw"
                  priority={firstIsPriority && index === 0}
                />
              </AspectRatio>
              <Text
                component="figcaption"
                pos="absolute"
                left={0}
                right={0}
                bottom={0}
                px={{ base: 'md', sm: 'xl' }}
                pt={48}
                pb={{ base: 'md', sm: 'lg' }}
                c="white"
                fw={600}
                fz={{ base: 'sm', sm: 'lg' }}
                style={{
                  background: 'linear-gradient(to top, rgba(0,0,0,0.82) 55%, rgba(0,0,0,0))',
                  textShadow: '0 1px 2px rgba(0,0,0,0.6)',
                }}
              >
                {slide.caption}
              </Text>
            </Box>
          </StaticContent>
        </Carousel.Slide>
      ))}
    </Carousel>
  );
}
