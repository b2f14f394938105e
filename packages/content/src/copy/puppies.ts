// Copy of the puppies page, owned with that page.
export const puppiesCopy = {} as const;
