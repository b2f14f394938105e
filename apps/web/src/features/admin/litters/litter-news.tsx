import {
  NEWS_LIMITS,
  NEWS_PHOTO_WIDTHS,
  newsPhotoUrl,
  type LitterUpdate,
  type NewsPhoto,
} from '@cedar/api-contract';
import type { Litter } from '@cedar/content';
import {
  Alert,
  Button,
  CloseButton,
  Group,
  Loader,
  Paper,
  Progress,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import {
  familyErrorMessage,
  useChangeNews,
  useLitterNews,
  useUploadNewsPhoto,
} from '../api/family';
import { uploadErrorMessage } from '../api/litters';
import { ConfirmDialog } from '../components/confirm-dialog';
import fieldClasses from '../components/password-field.module.css';
import { formatDateTime } from '../lib/dates';
import { serverFieldErrors } from '../lib/form-errors';
import { showError, showSuccess } from '../lib/toasts';

const PHOTO_TYPES = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif';

interface Draft {
  /** The update being edited; null for a new one. */
  id: string | null;
  note: string;
  photos: NewsPhoto[];
}

const EMPTY: Draft = { id: null, note: '', photos: [] };

/**
 * Thumbnails of an update's photos, through the admin's own (signed-in) address: the smallest
 * display copy, not the photo as stored (up to 2,400 px).
 */
function Thumbnail({ photo, preview }: { photo: NewsPhoto; preview?: string }) {
  return (
    <img
      src={preview ?? newsPhotoUrl(photo.name, NEWS_PHOTO_WIDTHS[0])}
      alt=""
      width={72}
      height={54}
      style={{ objectFit: 'cover', borderRadius: 4 }}
    />
  );
}

/**
 * A litter's weekly news (issue 40), on the Litters screen: post a short note with up to 12
 * photos, edit or remove one. Posting e-mails each family on the litter's list a link to their
 * own page; editing sends nothing.
 */
export function LitterNews({ litter, onClose }: { litter: Litter; onClose: () => void }) {
  const news = useLitterNews(litter.id);
  const change = useChangeNews();
  const upload = useUploadNewsPhoto();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [previews, setPreviews] = useState<Record<string, string>>({});
  const [removing, setRemoving] = useState<LitterUpdate | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const headingId = `news-${litter.id}`;
  // Opened from a row further down: the panel comes into view.
  useEffect(() => panel.current?.scrollIntoView?.({ block: 'start' }), []);

  const addPhotos = async (files: File[]) => {
    setUploadError(null);
    const room = NEWS_LIMITS.photos - draft.photos.length;
    if (files.length > room)
      setUploadError(`At most ${NEWS_LIMITS.photos} photos: the first ${room} were added.`);
    for (const file of files.slice(0, Math.max(0, room))) {
      setProgress(0);
      try {
        const photo = await upload.mutateAsync({ file, onProgress: setProgress });
        setPreviews((p) => ({ ...p, [photo.name]: URL.createObjectURL(file) }));
        setDraft((d) => ({ ...d, photos: [...d.photos, photo] }));
      } catch (error) {
        setUploadError(uploadErrorMessage(error));
        break;
      }
    }
    setProgress(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  const submit = () => {
    const note = draft.note.trim();
    if (!note) return setErrors({ note: 'Write a short note' });
    setErrors({});
    const body = { note, photos: draft.photos.map((p) => p.name) };
    change.mutate(
      draft.id
        ? { kind: 'edit', litterId: litter.id, id: draft.id, draft: body }
        : { kind: 'post', litterId: litter.id, draft: body },
      {
        onSuccess: (answer) => {
          if (draft.id) showSuccess('Update saved', 'The families’ pages show it as changed.');
          else {
            const sent = answer?.recipients ?? 0;
            showSuccess(
              'Update posted',
              sent === 0
                ? 'It is on the families’ pages. No e-mail was sent: nobody on the list can be written to, or e-mail is not set up.'
                : `It is on the families’ pages, and ${sent === 1 ? '1 family was' : `${sent} families were`} e-mailed a link to theirs.`,
            );
          }
          setDraft(EMPTY);
        },
        onError: (error) => {
          const fields = serverFieldErrors(error);
          if (fields) setErrors(fields);
          else showError(familyErrorMessage(error, 'The update could not be saved.'));
        },
      },
    );
  };

  const photosError =
    errors.photos ?? Object.entries(errors).find(([k]) => k.startsWith('photos.'))?.[1];

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
          label={draft.id ? 'Edit the note' : 'Note'}
          placeholder="This week the puppies…"
          rows={4}
          maxLength={NEWS_LIMITS.note}
          value={draft.note}
          onChange={(e) => {
            const note = e.currentTarget.value;
            setDraft((d) => ({ ...d, note }));
          }}
          description={`${draft.note.length.toLocaleString('en-US')} of ${NEWS_LIMITS.note.toLocaleString('en-US')} characters`}
          error={errors.note}
          classNames={{ root: fieldClasses.field, description: fieldClasses.description }}
        />
        <Stack gap={6}>
          <Text component="span" size="sm" fw={500}>
            Photos ({draft.photos.length} of {NEWS_LIMITS.photos})
          </Text>
          {draft.photos.length > 0 && (
            <Group gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {draft.photos.map((photo, index) => (
                <Group key={photo.name} component="li" gap={2} wrap="nowrap">
                  <Thumbnail photo={photo} preview={previews[photo.name]} />
                  <CloseButton
                    aria-label={`Remove photo ${index + 1}`}
                    onClick={() =>
                      setDraft((d) => ({ ...d, photos: d.photos.filter((p) => p !== photo) }))
                    }
                  />
                </Group>
              ))}
            </Group>
          )}
          <Group>
            <Button
              variant="default"
              onClick={() => fileInput.current?.click()}
              loading={upload.isPending}
              disabled={draft.photos.length >= NEWS_LIMITS.photos}
            >
              Add photos
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept={PHOTO_TYPES}
              multiple
              aria-label="Photos to upload"
              hidden
              onChange={(e) => void addPhotos([...(e.currentTarget.files ?? [])])}
            />
            <Text size="xs" c="gray.7">
              JPEG, PNG, WebP or HEIC, up to 15 MB each. Location and camera details are removed;
              the photos are shown only on the families’ pages.
            </Text>
          </Group>
          {progress !== null && (
            <Progress value={progress * 100} aria-label="Upload progress" animated />
          )}
          {uploadError && (
            <Text size="sm" c="red.8" role="alert">
              {uploadError}
            </Text>
          )}
          {photosError && (
            <Text size="sm" c="red.8">
              {photosError}
            </Text>
          )}
        </Stack>
        <Group>
          <Button onClick={submit} loading={change.isPending} disabled={upload.isPending}>
            {draft.id ? 'Save changes' : 'Post update'}
          </Button>
          {draft.id && (
            <Button variant="default" onClick={() => setDraft(EMPTY)}>
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
                          <Thumbnail key={photo.name} photo={photo} />
                        ))}
                      </Group>
                    )}
                  </Stack>
                  <Group gap={4} wrap="nowrap">
                    <Button
                      size="compact-xs"
                      variant="default"
                      aria-label={`Edit the update of ${formatDateTime(update.createdAt)}`}
                      onClick={() => {
                        setErrors({});
                        setDraft({ id: update.id, note: update.note, photos: update.photos });
                      }}
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
                if (draft.id === removing.id) setDraft(EMPTY);
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
