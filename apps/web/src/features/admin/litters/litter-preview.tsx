import { Badge, Group, Paper, Text } from '@mantine/core';
import { publicViewOf } from './litter-draft';

/**
 * What the public page will show of the litter today, as the owner types its birth date: its age,
 * its badge, and the list it goes in. A live region, so the change is announced.
 */
export function LitterPreview({
  birthDate,
  status,
  archived,
  today,
}: {
  birthDate: string;
  status: string;
  archived: boolean;
  today: Date;
}) {
  const view = publicViewOf({ birthDate, status, archived }, today);
  return (
    <Paper bg="gray.0" p="sm" radius="sm" aria-live="polite" data-testid="litter-preview">
      {view ? (
        <Group gap="sm">
          <Text size="sm" fw={600}>
            On the site today:
          </Text>
          <Text size="sm">{view.age}</Text>
          <Badge variant="light" color="olive">
            {view.badge}
          </Badge>
          <Text size="sm">in {view.list}</Text>
        </Group>
      ) : (
        <Text size="sm" c="gray.7">
          Give the birth date to see the age, badge and list the litter gets.
        </Text>
      )}
    </Paper>
  );
}
