import { Box, Container, Stack, Text, Title } from '../../ui';
import type { IntroBandProps } from './intro-band';

/** The opening band's contents (see IntroBand). */
export function IntroBandContent({
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
