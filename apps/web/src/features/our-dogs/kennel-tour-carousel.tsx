import { ourDogsCopy, type Slide } from '@cedar/content';
import { PhotoCarousel } from '../../components/photo-carousel';

/** The kennel tour: 5 captioned photos, looping, with previous/next controls and dots. */
export function KennelTourCarousel({ slides }: { slides: readonly Slide[] }) {
  return (
    <PhotoCarousel
      slides={slides}
      copy={ourDogsCopy.kennelCarousel}
      loop
      testId="kennel-carousel"
    />
  );
}
