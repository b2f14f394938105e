export const homeCopy = {
  heroBadge: '50+ Years of Excellence',
} as const;
