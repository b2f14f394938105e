import { Button, CloseButton, Group, Progress, Stack, Text } from '@mantine/core';
import { useRef, useState, type ReactNode } from 'react';
import { uploadErrorMessage } from '../api/litters';

const PHOTO_TYPES = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif';

/** A photo as the admin shows it: a small thumbnail, cut to fit. */
export function Thumbnail({ src }: { src: string }) {
  return (
    <img src={src} alt="" width={72} height={54} style={{ objectFit: 'cover', borderRadius: 4 }} />
  );
}

interface PhotoGridProps {
  /** What stands above the photos ("Photos", "Photos (2 of 12)"). */
  label: ReactNode;
  /** The photos, by the name or path the form keeps. */
  photos: string[];
  /** Where a kept photo is shown from (a photo uploaded here shows the file chosen). */
  srcOf?: (photo: string) => string;
  /** A line beside each thumbnail (its file name), or none. */
  captionOf?: (photo: string) => string;
  /** The remove button's accessible name. */
  removeLabel: (photo: string, index: number) => string;
  onRemove: (photo: string) => void;
  /** Uploads one file and answers the name or path the form keeps. */
  upload: (file: File, onProgress: (fraction: number) => void) => Promise<string>;
  onAdded: (photo: string) => void;
  /** How many photos there may be; more chosen at once are left out, and said so. */
  max?: number;
  /** Several files at once (each uploaded in turn), or one. */
  multiple?: boolean;
  addLabel: string;
  inputLabel: string;
  hint: string;
  /** The form's problem with the photos, if any. */
  error?: ReactNode;
}

/**
 * Photos being edited: each with its thumbnail and a remove button, then an upload with its
 * progress and its problem. The litter form's photos and a litter's news share it.
 */
export function PhotoGrid({
  label,
  photos,
  srcOf = (photo) => photo,
  captionOf,
  removeLabel,
  onRemove,
  upload,
  onAdded,
  max = Infinity,
  multiple = false,
  addLabel,
  inputLabel,
  hint,
  error,
}: PhotoGridProps) {
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  // A photo uploaded here is shown from the file the owner chose until the site serves it.
  const [previews, setPreviews] = useState<Record<string, string>>({});
  const fileInput = useRef<HTMLInputElement>(null);

  const add = async (files: File[]) => {
    setUploadError(null);
    const room = max - photos.length;
    if (files.length > room) setUploadError(`At most ${max} photos: the first ${room} were added.`);
    for (const file of files.slice(0, Math.max(0, room))) {
      setProgress(0);
      try {
        const photo = await upload(file, setProgress);
        setPreviews((p) => ({ ...p, [photo]: URL.createObjectURL(file) }));
        onAdded(photo);
      } catch (failure) {
        setUploadError(uploadErrorMessage(failure));
        break;
      }
    }
    setProgress(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  const List = captionOf ? Stack : Group;
  return (
    <Stack gap={6}>
      <Text component="span" size="sm" fw={500}>
        {label}
      </Text>
      {photos.length > 0 && (
        <List gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {photos.map((photo, index) => (
            <Group key={photo} component="li" gap="xs" wrap="nowrap">
              <Thumbnail src={previews[photo] ?? srcOf(photo)} />
              {captionOf && (
                <Text size="sm" style={{ wordBreak: 'break-all' }}>
                  {captionOf(photo)}
                </Text>
              )}
              <CloseButton aria-label={removeLabel(photo, index)} onClick={() => onRemove(photo)} />
            </Group>
          ))}
        </List>
      )}
      <Group>
        <Button
          variant="default"
          onClick={() => fileInput.current?.click()}
          loading={progress !== null}
          disabled={photos.length >= max}
        >
          {addLabel}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept={PHOTO_TYPES}
          multiple={multiple}
          aria-label={inputLabel}
          hidden
          onChange={(e) => void add([...(e.currentTarget.files ?? [])])}
        />
        <Text size="xs" c="gray.7">
          {hint}
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
      {error && (
        <Text size="sm" c="red.8">
          {error}
        </Text>
      )}
    </Stack>
  );
}
