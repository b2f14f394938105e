import { AspectRatio, SimpleGrid, UnstyledButton } from '@mantine/core';
import { puppiesCopy as copy, type Photo } from '@cedar/content';
import classes from './puppies-page.module.css';
import { SiteImage } from '../../components/site-image';
import { usePageAction } from '../../components/page-actions';

/** The square-cropped puppy photos: 3 columns on small screens, 5 from the sm breakpoint. */
/** Each photo's button names the `photo` action and the photo's index, through the page's actions (components/page-actions.tsx). */
export function PuppyPhotoGrid({ photos }: { photos: readonly Photo[] }) {
  const act = usePageAction();
  return (
    <SimpleGrid
      cols={{ base: 3, sm: 5 }}
      spacing={{ base: 6, sm: 'md' }}
      data-testid="puppy-photo-grid"
    >
      {photos.map((photo, index) => (
        <UnstyledButton
          key={photo.src}
          className={classes.photo}
          aria-label={copy.enlargePhoto(photo.alt)}
          aria-haspopup="dialog"
          onClick={act('photo', index)}
        >
          <AspectRatio ratio={1}>
            <SiteImage
              src={photo.src}
              alt={photo.alt}
              cover
              sizes="(min-width: 75em) 230px, (min-width: 48em) 20vw, 33vw"
              priority={index === 0}
            />
          </AspectRatio>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}
