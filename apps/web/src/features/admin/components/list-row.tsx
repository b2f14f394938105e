import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * One item of a bordered list on the Security screen (a passkey, a session, a person, an
 * invitation): its name and badges, lines of detail, its buttons; `children` for its dialogs.
 */
export function ListRow(props: {
  title: ReactNode;
  badges?: ReactNode;
  details: ReactNode[];
  actions?: ReactNode;
  /** Dashed: not done yet (a pending invitation). */
  dashed?: boolean;
  children?: ReactNode;
}) {
  const border = props.dashed
    ? 'dashed var(--mantine-color-gray-4)'
    : 'solid var(--mantine-color-gray-3)';
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="wrap"
      gap="sm"
      p="sm"
      bd={`1px ${border}`}
      bdrs="sm"
    >
      <Stack gap={2}>
        <Group gap="xs">
          <Text fw={600}>{props.title}</Text>
          {props.badges}
        </Group>
        {props.details.map((line, i) => (
          <Text key={i} size="sm" c="gray.7">
            {line}
          </Text>
        ))}
      </Stack>
      {props.actions}
      {props.children}
    </Group>
  );
}
