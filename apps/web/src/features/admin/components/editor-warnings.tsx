import { Alert, List } from '@mantine/core';

export const EDITOR_WARNINGS = [
  'Changes take effect immediately after saving.',
  'Test your changes on the website after every save.',
  'Syntax errors can break the site: check brackets, quotes and commas before you save.',
  'Contact support for complex changes.',
] as const;

export function EditorWarnings() {
  return (
    <Alert color="yellow" variant="light" title="Before you edit" c="dark.8">
      <List size="sm" spacing={4}>
        {EDITOR_WARNINGS.map((warning) => (
          <List.Item key={warning}>{warning}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
