import { dames, sires, type Dog, type Litter, type LitterDraft } from '@cedar/content';
import {
  Alert,
  Button,
  Checkbox,
  CloseButton,
  Group,
  Paper,
  Progress,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { uploadErrorMessage, useUploadPhoto } from '../api/litters';
import { LitterPreview } from './litter-preview';
import {
  EMPTY_LITTER,
  MONTHS,
  birthDateOf,
  formValuesOf,
  kennelToday,
  validateDraft,
  type FieldErrors,
  type LitterFormValues,
} from './litter-draft';

const dogOptions = (dogs: readonly Dog[]) => dogs.map((d) => ({ value: d.id, label: d.name }));
const STATUS_OPTIONS = ['Current', 'Ready', 'Upcoming'];
const PHOTO_TYPES = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif';

interface LitterFormProps {
  /** The litter edited, or null for a new one. */
  litter: Litter | null;
  /** Problems the server found, by form field. */
  serverErrors: FieldErrors;
  saving: boolean;
  onSave: (draft: LitterDraft) => void;
  onCancel: () => void;
}

/** Adds or edits one litter: every field of the data file, checked as the server will. */
export function LitterForm({ litter, serverErrors, saving, onSave, onCancel }: LitterFormProps) {
  const [values, setValues] = useState<LitterFormValues>(() =>
    litter ? formValuesOf(litter) : EMPTY_LITTER,
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  // A photo uploaded here is on the site only once published: until then its thumbnail is the
  // file the owner chose.
  const [previews, setPreviews] = useState<Record<string, string>>({});
  const upload = useUploadPhoto();
  const fileInput = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const today = useMemo(() => kennelToday(), []);
  const shown = { ...errors, ...serverErrors };

  const set = <K extends keyof LitterFormValues>(key: K, value: LitterFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateDraft(values);
    if (result.errors) {
      setErrors(result.errors);
      return;
    }
    onSave(result.draft);
  };

  const addPhoto = (file: File | undefined) => {
    if (!file) return;
    setUploadError(null);
    setProgress(0);
    upload.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: (path) => {
          setPreviews((p) => ({ ...p, [path]: URL.createObjectURL(file) }));
          set('images', [...values.images, path]);
        },
        onError: (error) => setUploadError(uploadErrorMessage(error)),
        onSettled: () => {
          setProgress(null);
          if (fileInput.current) fileInput.current.value = '';
        },
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={headingId}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} fz="xl" id={headingId}>
            {litter ? `Edit ${litter.name}` : 'Add a litter'}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Sire"
              placeholder="Choose the sire"
              data={dogOptions(sires)}
              value={values.sire || null}
              onChange={(v) => set('sire', v ?? '')}
              error={shown.sire}
              required
            />
            <Select
              label="Dam"
              placeholder="Choose the dam"
              data={dogOptions(dames)}
              value={values.dam || null}
              onChange={(v) => set('dam', v ?? '')}
              error={shown.dam}
              required
            />
          </SimpleGrid>

          <Stack gap={6}>
            <Text component="span" size="sm" fw={500} id={`${headingId}-born`}>
              Birth
            </Text>
            <SegmentedControl
              aria-labelledby={`${headingId}-born`}
              data={[
                { value: 'born', label: 'Born on' },
                { value: 'due', label: 'Due in' },
              ]}
              value={values.born}
              onChange={(v) => set('born', v as LitterFormValues['born'])}
              w="fit-content"
            />
            {values.born === 'born' ? (
              <TextInput
                label="Birth date"
                type="date"
                value={values.birthDate}
                onChange={(e) => set('birthDate', e.currentTarget.value)}
                error={shown.birthDate}
                required
                maw={240}
              />
            ) : (
              <Group align="flex-start">
                <Select
                  label="Due month"
                  data={[...MONTHS]}
                  value={values.dueMonth || null}
                  onChange={(v) => set('dueMonth', v ?? '')}
                  error={shown.birthDate}
                  required
                  w={180}
                />
                <TextInput
                  label="Due year"
                  inputMode="numeric"
                  value={values.dueYear}
                  onChange={(e) => set('dueYear', e.currentTarget.value)}
                  required
                  w={120}
                />
              </Group>
            )}
          </Stack>

          <LitterPreview
            birthDate={birthDateOf(values)}
            status={values.status}
            archived={values.archived}
            today={today}
          />

          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Number of puppies"
              description="Leave empty while the litter is not born (TBD)"
              // Mantine's description grey is 3.3:1 on white; gray.7 keeps it at WCAG AA.
              styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
              inputMode="numeric"
              value={values.puppiesCount}
              onChange={(e) => set('puppiesCount', e.currentTarget.value)}
              error={shown.puppiesCount}
            />
            <Select
              label="Status"
              data={STATUS_OPTIONS}
              value={values.status}
              onChange={(v) => set('status', v ?? '')}
              error={shown.status}
              allowDeselect={false}
              required
            />
            <TextInput
              label="Available"
              placeholder="3 of 8 available"
              value={values.available}
              onChange={(e) => set('available', e.currentTarget.value)}
              error={shown.available}
              required
            />
            <TextInput
              label="Ready date"
              placeholder="Ready mid-December 2026"
              value={values.readyDate}
              onChange={(e) => set('readyDate', e.currentTarget.value)}
              error={shown.readyDate}
              required
            />
          </SimpleGrid>
          <Textarea
            label="Description"
            rows={5}
            value={values.description}
            onChange={(e) => set('description', e.currentTarget.value)}
            error={shown.description}
            required
          />

          <Stack gap={6}>
            <Text component="span" size="sm" fw={500}>
              Photos
            </Text>
            {values.images.length > 0 && (
              <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {values.images.map((src) => (
                  <Group key={src} component="li" gap="xs" wrap="nowrap">
                    <img
                      src={previews[src] ?? src}
                      alt=""
                      width={64}
                      height={48}
                      style={{ objectFit: 'cover' }}
                    />
                    <Text size="sm" style={{ wordBreak: 'break-all' }}>
                      {src.split('/').pop()}
                    </Text>
                    <CloseButton
                      aria-label={`Remove photo ${src.split('/').pop()}`}
                      onClick={() =>
                        set(
                          'images',
                          values.images.filter((i) => i !== src),
                        )
                      }
                    />
                  </Group>
                ))}
              </Stack>
            )}
            <Group>
              <Button
                variant="default"
                onClick={() => fileInput.current?.click()}
                loading={upload.isPending}
              >
                Add a photo
              </Button>
              <input
                ref={fileInput}
                type="file"
                accept={PHOTO_TYPES}
                aria-label="Photo to upload"
                hidden
                onChange={(e) => addPhoto(e.currentTarget.files?.[0])}
              />
              <Text size="xs" c="gray.7">
                JPEG, PNG, WebP or HEIC, up to 15 MB. Location and camera details are removed.
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
            {shown.images && (
              <Text size="sm" c="red.8">
                {shown.images}
              </Text>
            )}
          </Stack>

          <Checkbox
            label="Archived: hidden from the public page, kept in the file"
            checked={values.archived}
            onChange={(e) => set('archived', e.currentTarget.checked)}
          />

          {Object.values(shown).some(Boolean) && (
            <Alert color="red" variant="light" title="Please check the marked fields" />
          )}
          <Group>
            <Button type="submit" loading={saving}>
              {litter ? 'Save and publish' : 'Add and publish'}
            </Button>
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
