import { z } from 'zod';
import { testimonialSchema, type Testimonial } from '../schemas';

export const testimonials: readonly Testimonial[] = z.array(testimonialSchema).parse([
  {
    name: 'Placeholder',
    text: 'Placeholder.',
    dog: 'Placeholder',
    degree: "Bachelor's Degree",
    parents: 'Duke x Maple',
    location: '',
    image: '/images/testimonials/testimonial-1.jpg',
  },
]);
