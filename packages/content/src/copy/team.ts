// Copy of the team page, owned with that page.
export const teamCopy = {} as const;
