import { Alert, Button, Text } from '@mantine/core';
import { describeRefusal, refusalTitle, type SaveRefusal } from '../api/files';

/** A save the server refused for its content (syntax error, code not allowed, …), said plainly. */
export function RefusalAlert({ refusal }: { refusal: SaveRefusal }) {
  return (
    <Alert color="red" variant="light" title={refusalTitle(refusal)} role="alert">
      <Text size="sm">{describeRefusal(refusal)}</Text>
      <Text size="sm" mt={4}>
        The website still shows the last saved version.
      </Text>
    </Alert>
  );
}

export function ConflictAlert({ onReload }: { onReload: () => void }) {
  return (
    <Alert
      color="orange"
      variant="light"
      title="This file changed since you loaded it"
      role="alert"
    >
      <Text size="sm">
        Someone saved a newer version after you opened this file, so your save was refused to keep
        their work. Reload the file to get the current version (your edits here will be replaced),
        then make your change again.
      </Text>
      <Button size="xs" mt="sm" variant="outline" color="orange.9" onClick={onReload}>
        Reload file
      </Button>
    </Alert>
  );
}
