import { healthCopy, type Slide } from '@cedar/content';
import { PhotoCarousel } from '../../components/photo-carousel';

/** Natural Living: previous/next, dots that jump to a slide; its first photo is the page's main image. */
export function NaturalLivingCarousel({ slides }: { slides: readonly Slide[] }) {
  return (
    <PhotoCarousel
      slides={slides}
      copy={healthCopy.naturalLivingCarousel}
      firstIsPriority
      testId="natural-living-carousel"
    />
  );
}
