import { Box, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';

const H2_SIZE = { base: '2rem', sm: '2.5rem' };
const INTRO_SIZE = { base: 'md', sm: 'lg' };
const BELOW_HEADING = { base: 32, md: 48 };

interface BandProps {
  /** The id of the band's h2, which names the <section> */
  headingId: string;
  bg?: string;
  style?: CSSProperties;
  children: ReactNode;
}

/** A full-width <section> named by its h2, its content in a container of the given size. */
function Band({
  headingId,
  bg,
  style,
  children,
  py,
  size,
}: BandProps & { py: { base: number; md: number }; size: 'md' | 'lg' }) {
  return (
    <Box component="section" aria-labelledby={headingId} py={py} bg={bg} style={style}>
      <Container size={size}>{children}</Container>
    </Box>
  );
}

/**
 * A band of an inner page: a <section> named by its h2, its content in the large container.
 * With `heading`, the h2 is centred above the content, with its `intro` under it if it has one
 * (`maw`: their width).
 */
export function PageSection({
  headingId,
  heading,
  intro,
  maw,
  bg,
  style,
  children,
}: BandProps & { heading?: string; intro?: string; maw?: number }) {
  return (
    <Band headingId={headingId} bg={bg} style={style} py={{ base: 64, md: 96 }} size="lg">
      {heading !== undefined && intro === undefined && (
        <Title order={2} id={headingId} ta="center" fz={H2_SIZE} mb={BELOW_HEADING}>
          {heading}
        </Title>
      )}
      {heading !== undefined && intro !== undefined && (
        <Stack gap="sm" align="center" ta="center" maw={maw} mx="auto" mb={BELOW_HEADING}>
          <Title order={2} id={headingId} fz={H2_SIZE}>
            {heading}
          </Title>
          <Text fz={INTRO_SIZE} c="gray.8">
            {intro}
          </Text>
        </Stack>
      )}
      {children}
    </Band>
  );
}

/** Three cards a row from small screens up, one under another below. */
export function CardRow({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing={{ base: 'lg', sm: 'md', md: 'lg' }}>
      {children}
    </SimpleGrid>
  );
}

/**
 * A page's closing call to action: its heading, a line of text and what to do (a button, a
 * phone number), centred; `dark` on a dark background.
 */
export function CallToAction({
  headingId,
  heading,
  text,
  dark = false,
  bg,
  style,
  children,
}: BandProps & { heading: string; text: string; dark?: boolean }) {
  return (
    <Band headingId={headingId} bg={bg} style={style} py={{ base: 64, md: 88 }} size="md">
      <Stack align="center" ta="center" gap="md">
        <Title
          order={2}
          id={headingId}
          c={dark ? 'white' : undefined}
          fz={{ base: '1.875rem', sm: '2.25rem' }}
        >
          {heading}
        </Title>
        <Text c={dark ? 'gray.1' : 'gray.8'} fz={INTRO_SIZE} maw={dark ? 620 : 600}>
          {text}
        </Text>
        {children}
      </Stack>
    </Band>
  );
}
