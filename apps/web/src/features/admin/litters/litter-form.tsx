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
import { useId, useMemo, useState, type FormEvent } from 'react';
import { BirthFields } from './birth-fields';
import { LitterDetails } from './litter-details';
import {
  EMPTY_LITTER,
  birthDateOf,
  formValuesOf,
  kennelToday,
  validateDraft,
  type FieldErrors,
  type LitterFormValues,
} from './litter-draft';
import { LitterPhotos } from './litter-photos';
import { LitterPreview } from './litter-preview';
import { LitterPuppies } from './litter-puppies';

const dogOptions = (dogs: readonly Dog[]) => dogs.map((d) => ({ value: d.id, label: d.name }));

interface LitterFormProps {
  /** The litter edited, or null for a new one. */
  litter: Litter | null;
  /** Problems the server found, by form field. */
  serverErrors: FieldErrors;
  saving: boolean;
  onSave: (draft: LitterDraft) => void;
  onCancel: () => void;
  /** Which family each reserved puppy is reserved for (from the waitlist), by puppy id. */
  reservedFor?: Record<string, string>;
}

/** Adds or edits one litter: every field of the data file, checked as the server will. */
export function LitterForm({
  litter,
  serverErrors,
  saving,
  onSave,
  onCancel,
  reservedFor,
}: LitterFormProps) {
  const [values, setValues] = useState<LitterFormValues>(() =>
    litter ? formValuesOf(litter) : EMPTY_LITTER,
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const headingId = useId();
  const today = useMemo(() => kennelToday(), []);
  const shown = { ...errors, ...serverErrors };

  const set = <K extends keyof LitterFormValues>(key: K, value: LitterFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const setImages = (change: (images: string[]) => string[]) => {
    setValues((v) => ({ ...v, images: change(v.images) }));
    setErrors((e) => ({ ...e, images: undefined }));
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

          <BirthFields values={values} errors={shown} set={set} />

          <LitterPreview
            birthDate={birthDateOf(values)}
            status={values.status}
            archived={values.archived}
            today={today}
          />

          <LitterDetails values={values} errors={shown} set={set} />

          <LitterPhotos
            images={values.images}
            error={shown.images}
            onAdd={(path) => setImages((images) => [...images, path])}
            onRemove={(path) => setImages((images) => images.filter((i) => i !== path))}
          />

          <LitterPuppies
            puppies={values.puppies}
            born={values.born === 'born'}
            error={shown.puppies}
            reservedFor={reservedFor}
            onChange={(puppies) => set('puppies', puppies)}
          />

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
