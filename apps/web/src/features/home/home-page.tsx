import { Container, Text, Title } from '@mantine/core';
import { site } from '@cedar/content';

export function Component() {
  return (
    <Container size="lg" py="xl">
      <Title order={1}>{site.brandName}</Title>
      <Text size="lg">{site.tagline}</Text>
    </Container>
  );
}
