import {
  NEWS_LIMITS,
  litterUpdateDraftSchema,
  NEWS_PHOTO_WIDTHS,
  newsPhotoUrl,
  type LitterUpdate,
  type LitterUpdateDraft,
} from '@cedar/api-contract';
import type { Litter } from '@cedar/content';
import {
  Alert,
  Button,
  CloseButton,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import {
  familyErrorMessage,
  useChangeNews,
  useLitterNews,
  useUploadNewsPhoto,
} from '../api/family';
import { ConfirmDialog } from '../components/confirm-dialog';
import fieldClasses from '../components/password-field.module.css';
import { formatDateTime } from '../lib/dates';
import { setServerErrors } from '../lib/form-errors';
import { showError, showSuccess } from '../lib/toasts';
import { PhotoGrid, Thumbnail } from './photo-grid';

/**
 * A news photo through the admin's own (signed-in) address: its smallest display copy, not the
 * photo as stored (up to 2,400 px).
 */
const smallCopy = (name: string) => newsPhotoUrl(name, NEWS_PHOTO_WIDTHS[0]);

/** The form holds the draft as the API takes it: the note, and the photos' names. */
const EMPTY: LitterUpdateDraft = { note: '', photos: [] };

/**
 * A litter's weekly news (issue 40), on the Litters screen: post a short note with up to 12
 * photos, edit or remove one. Posting e-mails each family on the litter's list a link to their
 * own page; editing sends nothing.
 */
export function LitterNews({ litter, onClose }: { litter: Litter; onClose: () => void }) {
  const news = useLitterNews(litter.id);
  const change = useChangeNews();
  const upload = useUploadNewsPhoto();
  /** The update being edited; null for a new one. */
  const [editing, setEditing] = useState<string | null>(null);
  const form = useForm<LitterUpdateDraft>({
    initialValues: EMPTY,
    // The API's own request schema: its messages are the owner's, and the same as its 400's.
    validate: schemaResolver(litterUpdateDraftSchema, { sync: true }),
    transformValues: (values) => litterUpdateDraftSchema.parse(values),
  });
  const [removing, setRemoving] = useState<LitterUpdate | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  const headingId = `news-${litter.id}`;
  // Opened from a row further down: the panel comes into view.
  useEffect(() => panel.current?.scrollIntoView?.({ block: 'start' }), []);

  const edit = (update: LitterUpdate | null) => {
    setEditing(update?.id ?? null);
    form.setValues(
      update ? { note: update.note, photos: update.photos.map((p) => p.name) } : EMPTY,
    );
    form.clearErrors();
  };

  const submit = form.onSubmit((draft) =>
    change.mutate(
      editing
        ? { kind: 'edit', litterId: litter.id, id: editing, draft }
        : { kind: 'post', litterId: litter.id, draft },
      {
        onSuccess: (answer) => {
          if (editing) showSuccess('Update saved', 'The families’ pages show it as changed.');
          else {
            const sent = answer?.recipients ?? 0;
            showSuccess(
              'Update posted',
              sent === 0
                ? 'It is on the families’ pages. No e-mail was sent: nobody on the list can be written to, or e-mail is not set up.'
                : `It is on the families’ pages, and ${sent === 1 ? '1 family was' : `${sent} families were`} e-mailed a link to theirs.`,
            );
          }
          edit(null);
        },
        onError: (error) => {
          if (!setServerErrors(form, error))
            showError(familyErrorMessage(error, 'The update could not be saved.'));
        },
      },
    ),
  );

  const { note, photos } = form.values;
  const photosError =
    form.errors.photos ?? Object.entries(form.errors).find(([k]) => k.startsWith('photos.'))?.[1];

  return (
    <Paper
      ref={panel}
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby={headingId}
      style={{ scrollMarginTop: 80 }}
    >
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg" id={headingId}>
          News of the {litter.name} litter
        </Title>
        <CloseButton aria-label="Close the news" onClick={onClose} />
      </Group>
      <Stack gap="sm">
        <Text size="sm" c="gray.7">
          Each update appears on the page of every family on this litter’s list, newest first.
          Posting one e-mails them a link to their page (not those who unsubscribed); an edit sends
          nothing.
        </Text>
        <Textarea
          label={editing ? 'Edit the note' : 'Note'}
          placeholder="This week the puppies…"
          rows={4}
          maxLength={NEWS_LIMITS.note}
          {...form.getInputProps('note')}
          description={`${note.length.toLocaleString('en-US')} of ${NEWS_LIMITS.note.toLocaleString('en-US')} characters`}
          classNames={{ root: fieldClasses.field, description: fieldClasses.description }}
        />
        <PhotoGrid
          label={`Photos (${photos.length} of ${NEWS_LIMITS.photos})`}
          photos={photos}
          srcOf={smallCopy}
          removeLabel={(_, index) => `Remove photo ${index + 1}`}
          onRemove={(name) =>
            form.setFieldValue(
              'photos',
              photos.filter((p) => p !== name),
            )
          }
          upload={(file, onProgress) =>
            upload.mutateAsync({ file, onProgress }).then((photo) => photo.name)
          }
          onAdded={(name) => form.insertListItem('photos', name)}
          max={NEWS_LIMITS.photos}
          multiple
          addLabel="Add photos"
          inputLabel="Photos to upload"
          hint="JPEG, PNG, WebP or HEIC, up to 15 MB each. Location and camera details are removed; the photos are shown only on the families’ pages."
          error={photosError}
        />
        <Group>
          <Button onClick={() => submit()} loading={change.isPending} disabled={upload.isPending}>
            {editing ? 'Save changes' : 'Post update'}
          </Button>
          {editing && (
            <Button variant="default" onClick={() => edit(null)}>
              Cancel the edit
            </Button>
          )}
        </Group>

        <Title order={3} fz="md" mt="sm">
          Posted
        </Title>
        {news.isPending ? (
          <Group gap="xs" role="status">
            <Loader size="sm" />
            <Text size="sm">Loading the news…</Text>
          </Group>
        ) : news.isError ? (
          <Alert color="red" title="The news could not be loaded">
            <Button size="xs" variant="default" onClick={() => void news.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : news.data.updates.length === 0 ? (
          <Text size="sm" c="gray.7">
            No update yet.
          </Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {news.data.updates.map((update) => (
              <Paper key={update.id} component="li" withBorder p="sm" data-testid="news-update">
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <Stack gap={4}>
                    <Text size="sm" fw={600}>
                      {formatDateTime(update.createdAt)}
                      {update.updatedAt ? ' · edited' : ''}
                    </Text>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                      {update.note}
                    </Text>
                    {update.photos.length > 0 && (
                      <Group gap={4}>
                        {update.photos.map((photo) => (
                          <Thumbnail key={photo.name} src={smallCopy(photo.name)} />
                        ))}
                      </Group>
                    )}
                  </Stack>
                  <Group gap={4} wrap="nowrap">
                    <Button
                      size="compact-xs"
                      variant="default"
                      aria-label={`Edit the update of ${formatDateTime(update.createdAt)}`}
                      onClick={() => edit(update)}
                    >
                      Edit
                    </Button>
                    <Button
                      size="compact-xs"
                      variant="outline"
                      color="red.9"
                      aria-label={`Remove the update of ${formatDateTime(update.createdAt)}`}
                      onClick={() => setRemoving(update)}
                    >
                      Remove
                    </Button>
                  </Group>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
      <ConfirmDialog
        opened={removing !== null}
        title="Remove this update?"
        confirmLabel="Remove"
        color="red.9"
        busy={change.isPending}
        onConfirm={() => {
          if (!removing) return;
          change.mutate(
            { kind: 'remove', litterId: litter.id, id: removing.id },
            {
              onSuccess: () => {
                if (editing === removing.id) edit(null);
                showSuccess(
                  'Update removed',
                  'It is gone from the families’ pages, photos and all.',
                );
              },
              onError: (error) =>
                showError(familyErrorMessage(error, 'The update could not be removed.')),
              onSettled: () => setRemoving(null),
            },
          );
        }}
        onClose={() => setRemoving(null)}
      >
        The note and its photos leave every family’s page. The e-mails already sent stay sent.
      </ConfirmDialog>
    </Paper>
  );
}
