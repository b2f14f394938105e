import { Box, Container, Stack, Text, Title } from '@mantine/core';

/**
 * The centred opening band of /puppies, /puppy-application, /health-testing and /contact: eyebrow,
 * h1 and intro on olive. Nothing in it is live: each page renders it in a static part, either
 * itself (/puppy-application: its lazy import is then written into the page's chunk, not a
 * chunk of its own) or from the page's content module, which brings the band's words along.
 */
export interface IntroBandProps {
  eyebrow?: string;
  /** The page's h1 */
  title: string;
  /** One paragraph, or several. */
  intro: string | readonly string[];
  /** Widest line of the intro, in px. */
  introWidth?: number;
  /** Several paragraphs of instructions read better left-aligned under the centred title. */
  introAlign?: 'center' | 'left';
}

export function IntroBand({
  eyebrow,
  title,
  intro,
  introWidth = 760,
  introAlign = 'center',
}: IntroBandProps) {
  const paragraphs = typeof intro === 'string' ? [intro] : intro;
  return (
    <Box bg="olive.0" py={{ base: 48, md: 72 }}>
      <Container size="md" ta="center">
        {eyebrow && (
          <Text size="sm" fw={700} tt="uppercase" lts={1.2} c="olive.8" mb={6}>
            {eyebrow}
          </Text>
        )}
        <Title order={1} c="olive.9">
          {title}
        </Title>
        <Stack gap="sm" mt="lg" maw={introWidth} mx="auto" ta={introAlign}>
          {paragraphs.map((paragraph) => (
            <Text key={paragraph} size="lg">
              {paragraph}
            </Text>
          ))}
        </Stack>
      </Container>
    </Box>
  );
}
