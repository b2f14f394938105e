import { EDITABLE_FILES, type EditableFilePath } from '@cedar/api-contract';
import { Button, Container, Grid, Group, Select, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { AdminPage } from './components/admin-page';
import { EditorPanel } from './components/editor-panel';
import { EditorWarnings } from './components/editor-warnings';
import { RevisionList } from './components/revision-list';
import { useFileEditor } from './use-file-editor';

const FILE_OPTIONS = EDITABLE_FILES.map((file) => ({ value: file.path, label: file.name }));
const isEditable = (path: string | null): path is EditableFilePath =>
  EDITABLE_FILES.some((file) => file.path === path);

function shaOf(etag: string | null): string | null {
  return etag ? etag.replace(/^W\//, '').replace(/"/g, '') : null;
}

function FileEditorPage() {
  const editor = useFileEditor();
  const { state, revisions } = editor;
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

        <EditorWarnings publish={editor.publish} />

        <Select
          label="File to edit"
          placeholder="Choose a file to edit..."
          data={FILE_OPTIONS}
          value={state.path}
          onChange={(path) => editor.select(isEditable(path) ? path : null)}
          allowDeselect={false}
          maw={420}
          comboboxProps={{ withinPortal: true }}
        />

        {state.path ? (
          <Grid gap="xl">
            <Grid.Col span={{ base: 12, lg: 8 }}>
              <EditorPanel editor={editor} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 4 }}>
              <RevisionList
                revisions={revisions.data}
                isLoading={revisions.isLoading}
                isError={revisions.isError}
                currentSha={shaOf(state.etag)}
                restoring={editor.restoring}
                onRestore={editor.restore}
              />
            </Grid.Col>
          </Grid>
        ) : (
          <Group justify="flex-end">
            <Button onClick={editor.save} disabled>
              Save File
            </Button>
          </Group>
        )}
      </Stack>
    </Container>
  );
}

/** /admin/files: the seven section files, their history, and the site's publish state. */
export function FilesScreen() {
  return (
    <AdminPage title="Edit Website Files" ownerOnly>
      <FileEditorPage />
    </AdminPage>
  );
}

/** The route module of /admin/files (src/routes.ts). */
export default FilesScreen;
