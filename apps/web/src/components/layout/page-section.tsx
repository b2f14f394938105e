import { Box, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import classes from './page-section.module.css';

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
  className,
  size,
}: BandProps & { className: string | undefined; size: 'md' | 'lg' }) {
  // Sizes by breakpoint come from page-section.module.css, not responsive style props, each of
  // which Mantine writes into the page as a <style> element of its own.
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      className={className}
      bg={bg}
      style={style}
    >
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
    <Band headingId={headingId} bg={bg} style={style} className={classes.pageBand} size="lg">
      {heading !== undefined && intro === undefined && (
        <Title
          order={2}
          id={headingId}
          ta="center"
          className={`${classes.h2} ${classes.belowHeading}`}
        >
          {heading}
        </Title>
      )}
      {heading !== undefined && intro !== undefined && (
        <Stack
          gap="sm"
          align="center"
          ta="center"
          maw={maw}
          mx="auto"
          className={classes.belowHeading}
        >
          <Title order={2} id={headingId} className={classes.h2}>
            {heading}
          </Title>
          <Text className={classes.intro} c="gray.8">
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
    <Band headingId={headingId} bg={bg} style={style} className={classes.ctaBand} size="md">
      <Stack align="center" ta="center" gap="md">
        <Title
          order={2}
          id={headingId}
          c={dark ? 'white' : undefined}
          className={classes.ctaHeading}
        >
          {heading}
        </Title>
        <Text c={dark ? 'gray.1' : 'gray.8'} className={classes.intro} maw={dark ? 620 : 600}>
          {text}
        </Text>
        {children}
      </Stack>
    </Band>
  );
}
