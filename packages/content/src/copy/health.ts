// Copy of the health page, owned with that page.
export const healthCopy = {} as const;
