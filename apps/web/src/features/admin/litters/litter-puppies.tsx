import { coatColorSchema, LITTER_LIMITS, PUPPY_STATUSES } from '@cedar/content';
import {
  Button,
  CloseButton,
  Fieldset,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useRef, useState } from 'react';
import { uploadErrorMessage, useUploadPhoto } from '../api/litters';
import { fieldProps, selectProps, type LitterFormState } from './form-state';
import { emptyPuppy } from './litter-draft';

const SEX_OPTIONS = [
  { value: 'Male', label: 'Male' },
  { value: 'Female', label: 'Female' },
];
const STATUS_OPTIONS = PUPPY_STATUSES.map((s) => ({
  value: s,
  label: s[0]!.toUpperCase() + s.slice(1),
}));
const PHOTO_TYPES = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif';

interface PuppyRowProps {
  form: LitterFormState;
  index: number;
  /** The family a reservation names, from the waitlist. */
  reservedFor?: string | undefined;
}

/** The list's problem is said under the list: any change to a puppy clears it. */
const clearingListError = <Props extends { onChange: (value: never) => void }>(
  form: LitterFormState,
  props: Props,
): Props => ({
  ...props,
  onChange: (value: never) => {
    props.onChange(value);
    form.clearFieldError('puppies');
  },
});

function PuppyRow({ form, index, reservedFor }: PuppyRowProps) {
  const puppy = form.values.puppies[index]!;
  const upload = useUploadPhoto();
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const label = puppy.name.trim() || `Puppy ${index + 1}`;
  const path = `puppies.${index}` as const;
  const setImage = (image: string) => {
    form.setFieldValue(`${path}.image`, image);
    form.clearFieldError('puppies');
  };
  const select = (field: 'sex' | 'color' | 'status') =>
    clearingListError(form, selectProps(form, `${path}.${field}`));

  const addPhoto = (file: File | undefined) => {
    if (!file) return;
    setUploadError(null);
    upload.mutate(
      { file, onProgress: () => undefined },
      {
        onSuccess: (path) => {
          setPreview(URL.createObjectURL(file));
          setImage(path);
        },
        onError: (error) => setUploadError(uploadErrorMessage(error)),
        onSettled: () => {
          if (fileInput.current) fileInput.current.value = '';
        },
      },
    );
  };

  return (
    <Fieldset legend={label} data-testid="puppy-row">
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, sm: 4 }}>
          <TextInput
            label="Name or collar"
            {...clearingListError(form, fieldProps(form, `${path}.name`, { withError: false }))}
            required
          />
          <Select label="Sex" data={SEX_OPTIONS} {...select('sex')} required />
          <Select label="Colour" data={coatColorSchema.options} {...select('color')} required />
          <Select
            label="Status"
            data={STATUS_OPTIONS}
            {...select('status')}
            allowDeselect={false}
          />
        </SimpleGrid>
        {reservedFor && (
          <Text size="sm" c="gray.7">
            Reserved for {reservedFor} (on the waitlist)
          </Text>
        )}
        <Group gap="xs">
          {puppy.image && (
            <>
              <img
                src={preview ?? puppy.image}
                alt=""
                width={64}
                height={48}
                style={{ objectFit: 'cover' }}
              />
              <CloseButton
                aria-label={`Remove the photo of ${label}`}
                onClick={() => setImage('')}
              />
            </>
          )}
          <Button
            variant="default"
            size="xs"
            onClick={() => fileInput.current?.click()}
            loading={upload.isPending}
          >
            {puppy.image ? 'Replace the photo' : 'Add a photo'}
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept={PHOTO_TYPES}
            aria-label={`Photo of ${label}`}
            hidden
            onChange={(e) => addPhoto(e.currentTarget.files?.[0])}
          />
          <Button
            variant="subtle"
            color="red"
            size="xs"
            onClick={() => {
              form.removeListItem('puppies', index);
              form.clearFieldError('puppies');
            }}
          >
            Remove {label}
          </Button>
        </Group>
        {uploadError && (
          <Text size="sm" c="red.8" role="alert">
            {uploadError}
          </Text>
        )}
      </Stack>
    </Fieldset>
  );
}

interface LitterPuppiesProps {
  form: LitterFormState;
  /** Which family each reserved puppy is reserved for, by puppy id. */
  reservedFor?: Record<string, string>;
}

/** The litter's puppies: each one's name or collar, sex, colour, status and optional photo. */
export function LitterPuppies({ form, reservedFor }: LitterPuppiesProps) {
  const { puppies, born } = form.values;
  const error = form.errors.puppies;
  return (
    <Stack gap="xs">
      <Text component="h3" size="md" fw={600} m={0}>
        Puppies
      </Text>
      {born === 'due' && puppies.length === 0 ? (
        <Text size="sm" c="gray.7">
          Add the puppies once the litter is born.
        </Text>
      ) : (
        <>
          {puppies.map((puppy, index) => (
            <PuppyRow
              key={puppy.id}
              form={form}
              index={index}
              reservedFor={reservedFor?.[puppy.id]}
            />
          ))}
          <Group>
            <Button
              variant="default"
              onClick={() => {
                form.insertListItem('puppies', emptyPuppy());
                form.clearFieldError('puppies');
              }}
              disabled={puppies.length >= LITTER_LIMITS.puppies}
            >
              Add a puppy
            </Button>
          </Group>
        </>
      )}
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
