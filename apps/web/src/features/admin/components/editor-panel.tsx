import { EDITABLE_FILES } from '@cedar/api-contract';
import { Button, Group, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { Suspense, lazy, useMemo, useState } from 'react';
import { awaitsBuild } from '../api/publish-status';
import type { EditorMode, FileEditor } from '../use-file-editor';
import { ConfirmDialog } from './confirm-dialog';
import classes from './editor-panel.module.css';
import { PasswordConfirmation } from './password-confirmation';
import { PublishStatusNote } from './publish-status-note';
import { WordsForm } from './words-form';
import { ConflictAlert, RefusalAlert } from './write-alerts';

// CodeMirror is a chunk of its own, fetched when Code mode first shows: the dashboard, the other
// admin screens and Words mode never download it.
const CodeEditor = lazy(() => import('./code-editor'));

const MODES: { value: EditorMode; label: string }[] = [
  { value: 'words', label: 'Words' },
  { value: 'code', label: 'Code' },
];

const isMode = (value: string): value is EditorMode => MODES.some((m) => m.value === value);

const CODE_LABEL_ID = 'code-editor-path';

/** The chosen file as words or code, what the server said about the last save, and Save File. */
export function EditorPanel({ editor }: { editor: FileEditor }) {
  const { state } = editor;
  const [askingToSwitch, setAskingToSwitch] = useState<EditorMode | null>(null);
  const refusal = state.refusal;
  // One object per refusal: the code editor moves the cursor each time a save is refused.
  const errorAt = useMemo(
    () => (refusal?.line ? { line: refusal.line, column: refusal.column } : null),
    [refusal],
  );
  const file = EDITABLE_FILES.find((f) => f.path === state.path);
  if (!file) return null;
  const awaiting = awaitsBuild(editor.publish, state.pending, Date.now());
  // The server builds edited code only inside bubblewrap; where it cannot run, it says why.
  const codeOff = editor.publish?.codeOff ?? null;
  const modes = MODES.map((m) => ({ ...m, disabled: m.value === 'code' && codeOff !== null }));

  const chooseMode = (value: string) => {
    if (!isMode(value) || value === state.mode) return;
    if (editor.unsaved) setAskingToSwitch(value);
    else editor.switchMode(value);
  };

  return (
    <Stack gap="sm">
      <div className={classes.bar}>
        <Group justify="space-between" align="center" wrap="wrap" gap="sm">
          <SegmentedControl
            aria-label="Edit the file as"
            data={modes}
            value={state.mode}
            onChange={chooseMode}
          />
          <Button onClick={editor.save} disabled={editor.saving || state.loading}>
            {editor.saving ? 'Saving...' : 'Save File'}
          </Button>
        </Group>
        {codeOff && (
          <Text size="sm" c="dimmed" mt={4}>
            {codeOff}
          </Text>
        )}
        <PublishStatusNote
          status={editor.publish}
          fetchedAt={editor.publishFetchedAt}
          awaitingBuild={awaiting}
          pending={state.pending}
        />
      </div>
      {state.loading && (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">Loading {file.name}...</Text>
        </Group>
      )}
      {state.mode === 'words' ? (
        // Only words that were loaded: a failed load is told in a toast, not as "no words".
        !state.loading &&
        state.etag !== null && (
          <WordsForm
            words={state.words}
            values={state.values}
            onChange={editor.editWord}
            disabled={editor.saving}
          />
        )
      ) : (
        <Stack gap={4}>
          {/* The file's path, as the spec's text area was labelled: the code editor's name too. */}
          <Text id={CODE_LABEL_ID} size="sm" fw={600} ff="monospace" className={classes.path}>
            {file.path}
          </Text>
          <Suspense
            fallback={
              <Group gap="xs" role="status">
                <Loader size="xs" />
                <Text size="sm">Loading the code editor...</Text>
              </Group>
            }
          >
            <CodeEditor
              labelledBy={CODE_LABEL_ID}
              value={state.draft}
              onChange={editor.edit}
              disabled={state.loading}
              error={errorAt}
            />
          </Suspense>
        </Stack>
      )}
      {refusal && <RefusalAlert refusal={refusal} />}
      {state.conflict && <ConflictAlert onReload={editor.reload} />}
      {state.held && (
        <PasswordConfirmation
          key={state.held.kind}
          action={state.held.kind}
          onConfirmed={editor.confirmed}
          onCancel={editor.cancelConfirmation}
        />
      )}
      <ConfirmDialog
        opened={askingToSwitch !== null}
        title={askingToSwitch === 'code' ? 'Switch to Code?' : 'Switch to Words?'}
        confirmLabel="Switch and discard"
        onClose={() => setAskingToSwitch(null)}
        onConfirm={() => {
          if (askingToSwitch) editor.switchMode(askingToSwitch);
          setAskingToSwitch(null);
        }}
      >
        Your changes to this file are not saved yet. Switching opens the file as it was last saved,
        so they will be lost. Save first to keep them.
      </ConfirmDialog>
    </Stack>
  );
}
