import { Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { AdminGate } from './admin-session';
import { ActiveSessions } from './components/active-sessions';
import { ChangePasswordForm } from './components/change-password-form';

/** /admin/security: where the owner is signed in, and their password. */
export function SecurityScreen() {
  return (
    <AdminGate>
      {() => (
        <Container size="lg" py="xl">
          <Stack gap="lg">
            <Group justify="space-between" align="center" wrap="wrap">
              <Title order={1} fz={{ base: 26, sm: 32 }}>
                Security
              </Title>
              <Button component={Link} to="/admin" variant="default">
                Back to Admin
              </Button>
            </Group>
            <Text c="gray.7">
              See where you are signed in to the admin area, sign out devices you no longer use, and
              change your password.
            </Text>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <ActiveSessions />
              <ChangePasswordForm />
            </SimpleGrid>
          </Stack>
        </Container>
      )}
    </AdminGate>
  );
}
