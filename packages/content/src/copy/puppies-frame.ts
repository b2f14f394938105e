// The words the puppies page's live parts use: the popups' titles and close label. A module of
// their own, so that the page's first load carries these and not all of puppiesCopy (the words
// of the parts kept as prerendered and of the popups' contents).

export const puppiesFrameCopy = {
  closeLabel: 'Close',
  photoTitle: (index: number, total: number) => `Puppy photo ${index} of ${total}`,
  litterPedigreeTitle: (litterName: string) => `${litterName} Pedigree`,
} as const;
