import { Alert, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AdminGate } from '../admin-session';
import { OWNER_ONLY_MESSAGE, roleOf } from '../lib/role';

/**
 * An admin screen behind the sign-in: its title, the way back to the dashboard, a line of intro.
 * With `ownerOnly` (issue 39), a helper gets a friendly refusal in place of the screen, whose
 * requests never start; without `intro`, `children` is the whole screen.
 */
export function AdminPage(props: {
  title: string;
  intro?: ReactNode;
  ownerOnly?: boolean;
  children: ReactNode;
}) {
  return (
    <AdminGate>
      {(session) => {
        const refused = props.ownerOnly && roleOf(session) !== 'owner';
        if (!refused && props.intro === undefined) return props.children;
        return (
          <Container size="lg" py="xl">
            <Stack gap="lg">
              <Group justify="space-between" align="center" wrap="wrap">
                <Title order={1} fz={{ base: 26, sm: 32 }}>
                  {props.title}
                </Title>
                <Button component={Link} to="/admin" variant="default">
                  Back to Admin
                </Button>
              </Group>
              {refused ? (
                <Alert color="blue" variant="light" title={OWNER_ONLY_MESSAGE}>
                  <Text size="sm">
                    You are signed in as a helper: inquiries, the waitlist and announcements are
                    yours to work on. Ask the owner if you need something changed here.
                  </Text>
                </Alert>
              ) : (
                <>
                  <Text c="gray.7">{props.intro}</Text>
                  {props.children}
                </>
              )}
            </Stack>
          </Container>
        );
      }}
    </AdminGate>
  );
}

/** A part of a screen only the owner sees; nothing at all for a helper. */
export function OwnerOnlySection({ children }: { children: ReactNode }) {
  return <AdminGate>{(session) => (roleOf(session) === 'owner' ? children : null)}</AdminGate>;
}
