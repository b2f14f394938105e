// Copy of the application page, owned with that page.
export const applicationCopy = {} as const;
