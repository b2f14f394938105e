import { Button, CloseButton, Group, Progress, Stack, Text } from '@mantine/core';
import { useRef, useState, type ReactNode } from 'react';
import { uploadErrorMessage, useUploadPhoto } from '../api/litters';

const PHOTO_TYPES = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif';

interface LitterPhotosProps {
  images: string[];
  /** The form's problem with the photos, if any. */
  error?: ReactNode;
  onAdd: (path: string) => void;
  onRemove: (path: string) => void;
}

/** The litter's photos: each with a thumbnail and a remove button, and an upload with progress. */
export function LitterPhotos({ images, error, onAdd, onRemove }: LitterPhotosProps) {
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  // A photo uploaded here is on the site only once published: until then its thumbnail is the
  // file the owner chose.
  const [previews, setPreviews] = useState<Record<string, string>>({});
  const upload = useUploadPhoto();
  const fileInput = useRef<HTMLInputElement>(null);

  const addPhoto = (file: File | undefined) => {
    if (!file) return;
    setUploadError(null);
    setProgress(0);
    upload.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: (path) => {
          setPreviews((p) => ({ ...p, [path]: URL.createObjectURL(file) }));
          onAdd(path);
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
    <Stack gap={6}>
      <Text component="span" size="sm" fw={500}>
        Photos
      </Text>
      {images.length > 0 && (
        <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {images.map((src) => (
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
                onClick={() => onRemove(src)}
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
      {error && (
        <Text size="sm" c="red.8">
          {error}
        </Text>
      )}
    </Stack>
  );
}
