// Copy of the our-dogs page, owned with that page.
export const ourDogsCopy = {} as const;
