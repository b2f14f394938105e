import { Container, Text, Title } from '@mantine/core';

/** The page's contents: nothing but text, photos and links. */
export function NotFoundContent() {
  return (
    <>
      <Container size="sm" py={80} ta="center">
        <Title order={1}>404 Page Not Found</Title>
        <Text mt="md" c="dimmed">
          Did you forget to add the page to the router?
        </Text>
      </Container>
    </>
  );
}
