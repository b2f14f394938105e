import type { AdminRole } from '@cedar/api-contract';
import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

const ACTIONS = [
  {
    to: '/admin/files',
    label: 'Edit website files',
    ownerOnly: true,
    text: "Update the text of the website's sections and see each change go live.",
  },
  {
    to: '/admin/litters',
    label: 'Litters',
    ownerOnly: true,
    text: 'Add a new litter, update what is available, add photos, or archive a litter.',
  },
  {
    to: '/admin/waitlist',
    label: 'Waitlist',
    ownerOnly: false,
    text: 'See the families waiting for each litter in order, reserve puppies, announce a birth.',
  },
  {
    to: '/admin/security',
    label: 'Sessions and password',
    ownerOnly: false,
    text: 'See where you are signed in, sign other devices out, and change your password.',
  },
] as const;

/** The dashboard's quick actions: a helper sees only those their role may use (issue 39). */
export function QuickActions({ role = 'owner' }: { role?: AdminRole }) {
  const actions = ACTIONS.filter((action) => role === 'owner' || !action.ownerOnly);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="quick-actions">
      <Title order={2} fz="xl" id="quick-actions">
        Quick Actions
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} mt="sm" spacing="lg">
        {actions.map((action) => (
          <Stack key={action.to} gap={4}>
            <Anchor component={Link} to={action.to} fw={600}>
              {action.label}
            </Anchor>
            <Text size="sm" c="gray.7">
              {action.text}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Card>
  );
}
