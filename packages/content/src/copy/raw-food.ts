// Copy of the raw-food page, owned with that page.
export const rawFoodCopy = {} as const;
