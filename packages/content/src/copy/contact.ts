// Copy of the contact page, owned with that page.
export const contactCopy = {} as const;
