// Editable section (File editor). Skeleton: the public-site issue fills it.
export function HealthTestingSection() {
  return null;
}
