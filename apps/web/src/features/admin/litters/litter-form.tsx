import { dames, sires, type Dog, type Litter, type LitterDraft } from '@cedar/content';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useId, useMemo } from 'react';
import { useUploadPhoto } from '../api/litters';
import { BirthFields } from './birth-fields';
import { LitterDetails } from './litter-details';
import {
  EMPTY_LITTER,
  birthDateOf,
  formErrorsOf,
  formValuesOf,
  kennelToday,
  parseDraft,
  validateLitter,
  type LitterFormValues,
} from './litter-draft';
import { fieldProps, selectProps } from './form-state';
import { LitterPreview } from './litter-preview';
import { LitterPuppies } from './litter-puppies';
import { PhotoGrid } from './photo-grid';

const fileName = (path: string) => path.split('/').pop() ?? path;

const dogOptions = (dogs: readonly Dog[]) => dogs.map((d) => ({ value: d.id, label: d.name }));

interface LitterFormProps {
  /** The litter edited, or null for a new one. */
  litter: Litter | null;
  saving: boolean;
  /** Sends the draft; `refused` marks the fields the server refused, by the draft's paths. */
  onSave: (draft: LitterDraft, refused: (errors: Record<string, string>) => void) => void;
  onCancel: () => void;
  /** Which family each reserved puppy is reserved for (from the waitlist), by puppy id. */
  reservedFor?: Record<string, string>;
}

/** Adds or edits one litter: every field of the data file, checked as the server will. */
export function LitterForm({ litter, saving, onSave, onCancel, reservedFor }: LitterFormProps) {
  const form = useForm<LitterFormValues>({
    initialValues: litter ? formValuesOf(litter) : EMPTY_LITTER,
    validate: validateLitter,
  });
  const upload = useUploadPhoto();
  const headingId = useId();
  const today = useMemo(() => kennelToday(), []);
  const { values } = form;

  const submit = form.onSubmit((valid) =>
    onSave(parseDraft(valid), (errors) => form.setErrors(formErrorsOf(valid, errors))),
  );

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
              {...selectProps(form, 'sire')}
              required
            />
            <Select
              label="Dam"
              placeholder="Choose the dam"
              data={dogOptions(dames)}
              {...selectProps(form, 'dam')}
              required
            />
          </SimpleGrid>

          <BirthFields form={form} />

          <LitterPreview
            birthDate={birthDateOf(values)}
            status={values.status}
            archived={values.archived}
            today={today}
          />

          <LitterDetails form={form} />

          <PhotoGrid
            label="Photos"
            photos={values.images}
            captionOf={fileName}
            removeLabel={(path) => `Remove photo ${fileName(path)}`}
            onRemove={(path) => {
              form.removeListItem('images', values.images.indexOf(path));
              form.clearFieldError('images');
            }}
            upload={(file, onProgress) => upload.mutateAsync({ file, onProgress })}
            onAdded={(path) => {
              form.insertListItem('images', path);
              form.clearFieldError('images');
            }}
            addLabel="Add a photo"
            inputLabel="Photo to upload"
            hint="JPEG, PNG, WebP or HEIC, up to 15 MB. Location and camera details are removed."
            error={form.errors.images}
          />

          <LitterPuppies form={form} reservedFor={reservedFor} />

          <Checkbox
            label="Archived: hidden from the public page, kept in the file"
            {...fieldProps(form, 'archived', { type: 'checkbox' })}
          />

          {Object.values(form.errors).some(Boolean) && (
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
