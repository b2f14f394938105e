// Editable section (File editor). Skeleton: the public-site issue fills it.
export function TestimonialsSection() {
  return null;
}
