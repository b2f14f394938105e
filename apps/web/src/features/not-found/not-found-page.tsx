import { Container, Text, Title } from '../../ui';
import { StaticContent } from '../../components/static-content';

export function Component() {
  return (
    <StaticContent>
      <Container size="sm" py={80} ta="center">
        <Title order={1}>404 Page Not Found</Title>
        <Text mt="md" c="dimmed">
          Did you forget to add the page to the router?
        </Text>
      </Container>
    </StaticContent>
  );
}
