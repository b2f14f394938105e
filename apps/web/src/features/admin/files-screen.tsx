import {
  EDITABLE_FILES,
  saveFileResponseSchema,
  type Revision,
  type SyntaxErrorResponse,
} from '@cedar/api-contract';
import {
  Alert,
  Button,
  Container,
  Grid,
  Group,
  Loader,
  Select,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  classifySaveError,
  describeSyntaxError,
  etagOf,
  fetchFile,
  fileQueryKey,
  useSaveFile,
} from './api/files';
import {
  awaitsBuild,
  publishStatusQueryOptions,
  usePublishStatus,
  type PendingPublish,
} from './api/publish-status';
import { revisionsQueryOptions, useRestoreRevision, useRevisions } from './api/revisions';
import { EditorWarnings } from './components/editor-warnings';
import { PublishStatusNote } from './components/publish-status-note';
import { RevisionList, formatSavedAt } from './components/revision-list';
import classes from './files-screen.module.css';
import { showError, showSuccess } from './lib/toasts';
import { useAdminSession } from './use-admin-session';

const FILE_OPTIONS = EDITABLE_FILES.map((file) => ({ value: file.path, label: file.name }));

function shaOf(etag: string | null): string | null {
  return etag ? etag.replace(/^W\//, '').replace(/"/g, '') : null;
}

export function FilesScreen() {
  const sessionState = useAdminSession();
  const queryClient = useQueryClient();
  const signedIn = sessionState.status === 'present';

  const [selected, setSelected] = useState<string | null>(null);
  const [content, setContent] = useState('');
  const [etag, setEtag] = useState<string | null>(null);
  const [loadingFile, setLoadingFile] = useState(false);
  const [syntaxError, setSyntaxError] = useState<SyntaxErrorResponse | null>(null);
  const [conflict, setConflict] = useState(false);
  const [pending, setPending] = useState<PendingPublish | null>(null);
  // The file the latest load was for, so a slow answer for a file no longer selected is dropped.
  const loadingPath = useRef<string | null>(null);

  const saveMutation = useSaveFile();
  const restoreMutation = useRestoreRevision();
  const revisions = useRevisions(signedIn ? selected : null);
  const publish = usePublishStatus(pending, signedIn);

  if (sessionState.status === 'checking') return null;
  if (!signedIn) {
    return (
      <Container py="xl">
        <Text>Redirecting to login...</Text>
      </Container>
    );
  }

  const loadFile = async (path: string) => {
    loadingPath.current = path;
    setLoadingFile(true);
    try {
      const file = await queryClient.fetchQuery({
        queryKey: fileQueryKey(path),
        queryFn: () => fetchFile(path),
        staleTime: 0,
      });
      if (loadingPath.current !== path) return;
      setContent(file.content);
      setEtag(file.etag);
      setSyntaxError(null);
      setConflict(false);
    } catch {
      if (loadingPath.current === path) showError('Failed to load file');
    } finally {
      if (loadingPath.current === path) setLoadingFile(false);
    }
  };

  const onSelect = (path: string | null) => {
    setSelected(path);
    setContent('');
    setEtag(null);
    setSyntaxError(null);
    setConflict(false);
    if (path) void loadFile(path);
    else loadingPath.current = null;
  };

  const refreshAfterWrite = (path: string) => {
    void queryClient.invalidateQueries({ queryKey: revisionsQueryOptions(path).queryKey });
    void queryClient.invalidateQueries({ queryKey: publishStatusQueryOptions.queryKey });
  };

  const onSave = () => {
    // Spec §5: saving without a file does nothing.
    if (!selected || saveMutation.isPending) return;
    const path = selected;
    saveMutation.mutate(
      { path, content, etag },
      {
        onSuccess: (result) => {
          setEtag(etagOf(result.sha256));
          setSyntaxError(null);
          setConflict(false);
          setPending({ savedAt: result.revision.savedAt, since: Date.now() });
          showSuccess('Success', 'File saved successfully!');
          refreshAfterWrite(path);
        },
        onError: (error) => {
          const failure = classifySaveError(error);
          setSyntaxError(failure.kind === 'syntax' ? failure.error : null);
          setConflict(failure.kind === 'conflict');
          showError('Failed to save file');
        },
      },
    );
  };

  const onRestore = (revision: Revision) => {
    const path = revision.path;
    restoreMutation.mutate(
      { path, id: revision.id },
      {
        onSuccess: (answer) => {
          const parsed = saveFileResponseSchema.safeParse(answer);
          if (parsed.success)
            setPending({ savedAt: parsed.data.revision.savedAt, since: Date.now() });
          showSuccess('Success', `Restored the version saved ${formatSavedAt(revision.savedAt)}.`);
          refreshAfterWrite(path);
          if (selected === path) void loadFile(path);
        },
        onError: () => showError('Failed to restore the revision'),
      },
    );
  };

  const selectedFile = EDITABLE_FILES.find((file) => file.path === selected);
  const awaiting = awaitsBuild(publish.data, pending, Date.now());
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="center" wrap="wrap">
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            Edit Website Files
          </Title>
          <Button component={Link} to="/admin" variant="default">
            Back to Admin
          </Button>
        </Group>

        <EditorWarnings />

        <Select
          label="File to edit"
          placeholder="Choose a file to edit..."
          data={FILE_OPTIONS}
          value={selected}
          onChange={onSelect}
          allowDeselect={false}
          maw={420}
          comboboxProps={{ withinPortal: true }}
        />

        {selected && selectedFile && (
          <Grid gap="xl">
            <Grid.Col span={{ base: 12, lg: 8 }}>
              <Stack gap="sm">
                {loadingFile && (
                  <Group gap="xs" role="status">
                    <Loader size="xs" />
                    <Text size="sm">Loading {selectedFile.name}...</Text>
                  </Group>
                )}
                <Textarea
                  label={selectedFile.path}
                  value={content}
                  onChange={(event) => setContent(event.currentTarget.value)}
                  classNames={{ input: classes.code }}
                  spellCheck={false}
                  autoCapitalize="off"
                  autoCorrect="off"
                  autoComplete="off"
                  disabled={loadingFile}
                />
                {syntaxError && (
                  <Alert
                    color="red"
                    variant="light"
                    title="Not saved: the file has a syntax error"
                    role="alert"
                  >
                    <Text size="sm">{describeSyntaxError(syntaxError)}</Text>
                    <Text size="sm" mt={4}>
                      The website still shows the last saved version.
                    </Text>
                  </Alert>
                )}
                {conflict && (
                  <Alert
                    color="orange"
                    variant="light"
                    title="This file changed since you loaded it"
                    role="alert"
                  >
                    <Text size="sm">
                      Someone saved a newer version after you opened this file, so your save was
                      refused to keep their work. Reload the file to get the current version (your
                      edits here will be replaced), then make your change again.
                    </Text>
                    <Button
                      size="xs"
                      mt="sm"
                      variant="outline"
                      color="orange.9"
                      onClick={() => void loadFile(selected)}
                    >
                      Reload file
                    </Button>
                  </Alert>
                )}
                <Group justify="space-between" wrap="wrap">
                  <PublishStatusNote status={publish.data} awaitingBuild={awaiting} />
                  <Button onClick={onSave} disabled={saveMutation.isPending || loadingFile}>
                    {saveMutation.isPending ? 'Saving...' : 'Save File'}
                  </Button>
                </Group>
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 4 }}>
              <RevisionList
                revisions={revisions.data}
                isLoading={revisions.isLoading}
                isError={revisions.isError}
                currentSha={shaOf(etag)}
                restoring={restoreMutation.isPending}
                onRestore={onRestore}
              />
            </Grid.Col>
          </Grid>
        )}
        {!selected && (
          <Group justify="flex-end">
            <Button onClick={onSave} disabled>
              Save File
            </Button>
          </Group>
        )}
      </Stack>
    </Container>
  );
}
