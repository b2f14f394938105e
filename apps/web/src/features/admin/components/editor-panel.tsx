import { EDITABLE_FILES } from '@cedar/api-contract';
import { Button, Group, Loader, Stack, Text, Textarea } from '@mantine/core';
import { awaitsBuild } from '../api/publish-status';
import type { FileEditor } from '../use-file-editor';
import classes from './editor-panel.module.css';
import { PasswordConfirmation } from './password-confirmation';
import { PublishStatusNote } from './publish-status-note';
import { ConflictAlert, RefusalAlert } from './write-alerts';

/** The chosen file's text, what the server said about the last save, and the Save File button. */
export function EditorPanel({ editor }: { editor: FileEditor }) {
  const { state } = editor;
  const file = EDITABLE_FILES.find((f) => f.path === state.path);
  if (!file) return null;
  const awaiting = awaitsBuild(editor.publish, state.pending, Date.now());
  return (
    <Stack gap="sm">
      {state.loading && (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">Loading {file.name}...</Text>
        </Group>
      )}
      <Textarea
        label={file.path}
        value={state.draft}
        onChange={(event) => editor.edit(event.currentTarget.value)}
        classNames={{ input: classes.code }}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        autoComplete="off"
        disabled={state.loading}
      />
      {state.refusal && <RefusalAlert refusal={state.refusal} />}
      {state.conflict && <ConflictAlert onReload={editor.reload} />}
      {state.held && (
        <PasswordConfirmation
          key={state.held.kind}
          action={state.held.kind}
          onConfirmed={editor.confirmed}
          onCancel={editor.cancelConfirmation}
        />
      )}
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <PublishStatusNote status={editor.publish} awaitingBuild={awaiting} />
        <Button onClick={editor.save} disabled={editor.saving || state.loading}>
          {editor.saving ? 'Saving...' : 'Save File'}
        </Button>
      </Group>
    </Stack>
  );
}
