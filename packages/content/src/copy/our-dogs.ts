// Copy of the our-dogs page, owned with that page.
import { CARE_FACTS } from '../care-facts';

export const ourDogsCopy = {
  hero: {
    eyebrow: 'Our Breeding Dogs',
    heading: 'Heirs of Excellence',
    intro:
      'Behind every Cedar Bluff litter stand the sires and dames who carry more than fifty years of careful English Labrador breeding: champion bloodlines, sound health and the gentle, steady temperament our families fall in love with.',
  },
  siresHeading: 'Our Sires',
  siresIntro:
    'Our active studs and the retired gentlemen whose influence runs through every line on the farm.',
  damesHeading: 'Our Dames',
  damesIntro: 'The devoted mothers who raise each litter in the calm of our whelping den.',
  viewPedigree: 'View Full Pedigree',
  viewPuppies: 'View Puppies',
  enlargePhoto: (name: string) => `View larger photo of ${name}`,

  pedigree: {
    treeHeading: 'Three-Generation Pedigree',
    parentsHeading: 'Parents',
    grandparentsHeading: 'Grandparents',
    relations: {
      sire: 'Sire',
      dam: 'Dam',
      paternalGrandsire: 'Paternal Grandsire',
      paternalGranddam: 'Paternal Granddam',
      maternalGrandsire: 'Maternal Grandsire',
      maternalGranddam: 'Maternal Granddam',
    },
    unknownAncestor: 'Not recorded',
    ancestorPhoto: (name: string) => `View larger photo of ${name}`,
    ancestorAlt: (name: string) => `${name}, an ancestor in the pedigree`,
    titleButton: (abbreviation: string) => `${abbreviation}: what this title means`,
    highlightsHeading: 'Pedigree Highlights',
    documentHeading: 'Official AKC Certified Pedigree',
    documentAlt: (name: string) => `Official AKC certified pedigree document of ${name}`,
    documentButton: 'View the pedigree document larger',
    noDocument: 'Official pedigree document available upon request',
    notAvailable: 'Pedigree information not available',
  },

  titlePopup: {
    abbreviation: 'Abbreviation',
    fullName: 'Full name',
  },

  gallery: {
    empty: (name: string) => `No puppy information available for ${name}`,
    born: 'Born',
    dam: 'Dam',
    availableBadge: 'Available',
    puppyAlt: (name: string, color: string, gender: string) =>
      `${name}, a ${color} ${gender.toLowerCase()} Labrador puppy`,
    enlargePuppy: (name: string) => `View larger photo of ${name}`,
  },

  kennel: {
    heading: 'Tour Our Kennel',
    intro: `Take a look around the places our dogs and puppies call home, from the whelping den to our ${CARE_FACTS.openAcres} open acres. Visits are by appointment only.`,
  },
  // The popups' titles and close label, a dog photo's description, the kennel carousel's controls.
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
