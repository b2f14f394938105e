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
import { emptyPuppy, type PuppyFormValues } from './litter-draft';

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
  index: number;
  puppy: PuppyFormValues;
  /** The family a reservation names, from the waitlist. */
  reservedFor?: string | undefined;
  onChange: (puppy: PuppyFormValues) => void;
  onRemove: () => void;
}

function PuppyRow({ index, puppy, reservedFor, onChange, onRemove }: PuppyRowProps) {
  const upload = useUploadPhoto();
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const label = puppy.name.trim() || `Puppy ${index + 1}`;
  const set = (change: Partial<PuppyFormValues>) => onChange({ ...puppy, ...change });

  const addPhoto = (file: File | undefined) => {
    if (!file) return;
    setUploadError(null);
    upload.mutate(
      { file, onProgress: () => undefined },
      {
        onSuccess: (path) => {
          setPreview(URL.createObjectURL(file));
          set({ image: path });
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
            value={puppy.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
            required
          />
          <Select
            label="Sex"
            data={SEX_OPTIONS}
            value={puppy.sex || null}
            onChange={(v) => set({ sex: v ?? '' })}
            required
          />
          <Select
            label="Colour"
            data={coatColorSchema.options}
            value={puppy.color || null}
            onChange={(v) => set({ color: v ?? '' })}
            required
          />
          <Select
            label="Status"
            data={STATUS_OPTIONS}
            value={puppy.status}
            onChange={(v) => set({ status: v ?? 'available' })}
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
                onClick={() => set({ image: '' })}
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
          <Button variant="subtle" color="red" size="xs" onClick={onRemove}>
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
  puppies: PuppyFormValues[];
  /** False while the litter is only due: puppies are added once it is born. */
  born: boolean;
  error?: string | undefined;
  /** Which family each reserved puppy is reserved for, by puppy id. */
  reservedFor?: Record<string, string>;
  onChange: (puppies: PuppyFormValues[]) => void;
}

/** The litter's puppies: each one's name or collar, sex, colour, status and optional photo. */
export function LitterPuppies({ puppies, born, error, reservedFor, onChange }: LitterPuppiesProps) {
  return (
    <Stack gap="xs">
      <Text component="h3" size="md" fw={600} m={0}>
        Puppies
      </Text>
      {!born && puppies.length === 0 ? (
        <Text size="sm" c="gray.7">
          Add the puppies once the litter is born.
        </Text>
      ) : (
        <>
          {puppies.map((puppy, index) => (
            <PuppyRow
              key={puppy.id}
              index={index}
              puppy={puppy}
              reservedFor={reservedFor?.[puppy.id]}
              onChange={(next) => onChange(puppies.map((p) => (p.id === puppy.id ? next : p)))}
              onRemove={() => onChange(puppies.filter((p) => p.id !== puppy.id))}
            />
          ))}
          <Group>
            <Button
              variant="default"
              onClick={() => onChange([...puppies, emptyPuppy()])}
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
