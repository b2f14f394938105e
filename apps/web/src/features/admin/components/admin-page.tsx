import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AdminGate } from '../admin-session';

/** The frame of an admin screen: its title and the way back to the dashboard. */
export function AdminPageFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
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
        {children}
      </Stack>
    </Container>
  );
}

/** An admin screen behind the sign-in: its frame and a line of intro. */
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
        <AdminPageFrame title={title}>
          <Text c="gray.7">{intro}</Text>
          {children}
        </AdminPageFrame>
      )}
    </AdminGate>
  );
}
