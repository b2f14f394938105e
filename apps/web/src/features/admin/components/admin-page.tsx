import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AdminGate } from '../admin-session';

/** An admin screen behind the sign-in: its title, the way back to the dashboard, a line of intro. */
export function AdminPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <AdminGate>
      {() => (
        <Container size="lg" py="xl">
          <Stack gap="lg">
            <Group justify="space-between" align="center" wrap="wrap">
              <Title order={1} fz={{ base: 26, sm: 32 }}>
                {title}
              </Title>
              <Button component={Link} to="/admin" variant="default">
                Back to Admin
              </Button>
            </Group>
            <Text c="gray.7">{intro}</Text>
            {children}
          </Stack>
        </Container>
      )}
    </AdminGate>
  );
}
