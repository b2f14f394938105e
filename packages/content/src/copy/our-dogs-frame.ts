// The words the our-dogs page's live parts use: the popups' titles and close label, a dog photo's
// description and the kennel carousel's controls. A module of their own, so that the page's first
// load carries these and not all of ourDogsCopy (the words of the parts kept as prerendered
// and of the popups' contents).

export const ourDogsFrameCopy = {
  closeLabel: 'Close',
  dogPhotoAlt: (name: string, color: string, gender: string) =>
    `${name}, a ${color} English Labrador ${gender === 'Male' ? 'sire' : 'dame'}`,
  pedigreeTitle: (name: string) => `${name}’s Pedigree`,
  titlePopupTitle: (abbreviation: string) => `Title: ${abbreviation}`,
  galleryTitle: (name: string) => `Puppies by ${name}`,
  kennelCarousel: {
    label: 'Kennel tour photos',
    previous: 'Previous kennel photo',
    next: 'Next kennel photo',
    goTo: (index: number, caption: string) => `Show kennel photo ${index}: ${caption}`,
    slide: (index: number, total: number) => `${index} of ${total}`,
  },
} as const;
