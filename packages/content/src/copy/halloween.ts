// Copy of the halloween page, owned with that page.
export const halloweenCopy = {} as const;
