import { z } from 'zod';
import { slideSchema, type Slide } from '../schemas';

export const kennelTourSlides: readonly Slide[] = z.array(slideSchema).parse([
  { src: '/images/kennel/tour-1.jpg', alt: 'The kennel', caption: 'Placeholder' },
]);
export const naturalLivingSlides: readonly Slide[] = z.array(slideSchema).parse([
  { src: '/images/natural-living/slide-1.jpg', alt: 'Natural living', caption: 'Placeholder' },
]);
