// Copy of the layout page, owned with that page.
export const layoutCopy = {} as const;
