import { AspectRatio, Box, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { imageSizes, SiteImage } from '../site-image';

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
    <Box component="section" aria-labelledby="page-heading" bg="olive.0" py={{ base: 48, md: 80 }}>
      <Container size="lg">
        <SimpleGrid
          cols={{ base: 1, sm: image ? 2 : 1 }}
          spacing={{ base: 32, sm: 40, md: 64 }}
          style={{ alignItems: 'center' }}
        >
          <Stack gap="md" maw={image ? undefined : 760}>
            {eyebrow && (
              <Text c="olive.8" fw={700} tt="uppercase" fz="sm" lts="0.08em">
                {eyebrow}
              </Text>
            )}
            <Title order={1} id="page-heading" fz={{ base: '2.25rem', sm: '3rem' }} lh={1.1}>
              {heading}
            </Title>
            <Box w={64} h={3} bg="gold.6" aria-hidden="true" />
            {intro && (
              <Text component="div" fz={{ base: 'md', sm: 'lg' }} c="gray.8" lh={1.7}>
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
        </SimpleGrid>
      </Container>
    </Box>
  );
}
