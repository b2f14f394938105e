// Copy of the boarding page, owned with that page.
export const boardingCopy = {} as const;
