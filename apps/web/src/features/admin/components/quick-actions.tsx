import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

const ACTIONS = [
  {
    to: '/admin/files',
    label: 'Edit website files',
    text: "Update the text of the website's sections and see each change go live.",
  },
  {
    to: '/admin/litters',
    label: 'Litters',
    text: 'Add a new litter, update what is available, add photos, or archive a litter.',
  },
  {
    to: '/admin/waitlist',
    label: 'Waitlist',
    text: 'See the families waiting for each litter in order, reserve puppies, announce a birth.',
  },
  {
    to: '/admin/security',
    label: 'Sessions and password',
    text: 'See where you are signed in, sign other devices out, and change your password.',
  },
] as const;

export function QuickActions() {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="quick-actions">
      <Title order={2} fz="xl" id="quick-actions">
        Quick Actions
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} mt="sm" spacing="lg">
        {ACTIONS.map((action) => (
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
