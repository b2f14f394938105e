import { AspectRatio, SimpleGrid, UnstyledButton } from '@mantine/core';
import { puppiesCopy as copy, type Photo } from '@cedar/content';
import classes from './puppies-page.module.css';

/** The square-cropped puppy photos: 3 columns on small screens, 5 from the sm breakpoint. */
export function PuppyPhotoGrid({ photos, onOpen }: { photos: readonly Photo[]; onOpen: (index: number) => void }) {
  return (
    <SimpleGrid cols={{ base: 3, sm: 5 }} spacing={{ base: 6, sm: 'md' }} data-testid="puppy-photo-grid">
      {photos.map((photo, index) => (
        <UnstyledButton
          key={photo.src}
          className={classes.photo}
          // Inline, not in the page stylesheet, which arrives after the prerendered HTML is painted.
          style={{ display: 'block', overflow: 'hidden', borderRadius: 'var(--mantine-radius-md)' }}
          aria-label={copy.enlargePhoto(photo.alt)}
          aria-haspopup="dialog"
          onClick={() => onOpen(index)}
        >
          <AspectRatio ratio={1}>
            <img src={photo.src} alt={photo.alt} width={800} height={600} loading={index < 5 ? 'eager' : 'lazy'} style={{ display: 'block', height: 'auto' }} />
          </AspectRatio>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}
