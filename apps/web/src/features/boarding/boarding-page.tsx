import { Container, Title } from '@mantine/core';

// Skeleton page: the public-site issue fills it.
export function Component() {
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Retreat to the Bluff</Title>
    </Container>
  );
}
