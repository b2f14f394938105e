// Copy of the training page, owned with that page.
export const trainingCopy = {} as const;
