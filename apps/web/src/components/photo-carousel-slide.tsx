import { Box } from '@mantine/core';
import { AspectRatio, Text } from '@mantine/core';
import type { Slide } from '@cedar/content';
import { SiteImage } from './site-image';

/** One captioned photo of a carousel. */
export function SlideFigure({ slide, priority }: { slide: Slide; priority: boolean }) {
  return (
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
          priority={priority}
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
  );
}
