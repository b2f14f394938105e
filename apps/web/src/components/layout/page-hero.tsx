import { AspectRatio, Box, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { imageSizes, SiteImage } from '../site-image';
import classes from './page-hero.module.css';

export interface PageHeroProps {
  /** The page's words: its eyebrow, its h1 (`heading`) and the intro under it */
  copy: { eyebrow?: string; heading: string; intro?: ReactNode };
  image?: { src: string; alt: string };
  /** Buttons or notes under the intro */
  children?: ReactNode;
}

/** The opening band of an inner page: eyebrow, h1, intro and a photo beside them on wide screens. */
export function PageHero({ copy, image, children }: PageHeroProps) {
  const { eyebrow, heading, intro } = copy;
  return (
    // Sizes by breakpoint come from page-hero.module.css, not responsive style props or a
    // SimpleGrid, each of which Mantine writes into the page as a <style> element of its own.
    <Box component="section" aria-labelledby="page-heading" bg="olive.0" className={classes.hero}>
      <Container size="lg">
        <div className={image ? `${classes.grid} ${classes.withImage}` : classes.grid}>
          <Stack gap="md" maw={image ? undefined : 760}>
            {eyebrow && (
              <Text c="olive.8" fw={700} tt="uppercase" fz="sm" lts="0.08em">
                {eyebrow}
              </Text>
            )}
            <Title order={1} id="page-heading" className={classes.heading} lh={1.1}>
              {heading}
            </Title>
            <Box w={64} h={3} bg="gold.6" aria-hidden="true" />
            {intro && (
              <Text component="div" className={classes.intro} c="gray.8" lh={1.7}>
                {intro}
              </Text>
            )}
            {children}
          </Stack>
          {image && (
            <AspectRatio ratio={4 / 3}>
              <SiteImage
                src={image.src}
                alt={image.alt}
                priority
                cover
                sizes={imageSizes.half}
                style={{ borderRadius: 'var(--mantine-radius-lg)' }}
              />
            </AspectRatio>
          )}
        </div>
      </Container>
    </Box>
  );
}
