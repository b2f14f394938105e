import { Container, Title } from '@mantine/core';

// Skeleton: the API and admin issue builds these screens.
export function LoginPage() {
  return (
    <Container size="xs" py="xl">
      <Title order={1}>Simple Admin Login</Title>
    </Container>
  );
}
export function DashboardPage() {
  return <Container py="xl">Redirecting to login...</Container>;
}
export function FilesPage() {
  return <Container py="xl">Redirecting to login...</Container>;
}
