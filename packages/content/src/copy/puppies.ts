// Copy of the puppies page, owned with that page. The 4-step process is the editable Puppies
// Section (apps/web/src/sections/puppies-section.tsx) and carries its own words.
import { CARE_FACTS } from '../care-facts';

export const puppiesCopy = {
  eyebrow: 'English Labrador Puppies',
  heading: 'Puppy Placement',
  intro: [
    'Every Cedar Bluff puppy is raised in our home on the bluff, with more than fifty years of English Labrador breeding behind it. Our puppies grow up on fresh food, gentle handling and the sounds of a busy family kennel.',
    `They stay in the quiet of the whelping den until ${CARE_FACTS.leaveWhelpingDenWeeks} weeks, then explore our ${CARE_FACTS.openAcres} open acres, meet our team and learn to settle in a crate for at least ${CARE_FACTS.crateTrainedHours} hours. We match each one to the family whose life it fits best.`,
  ],
  galleryHeading: 'Life in Our Puppy Nursery',
  galleryIntro: 'A few of the faces that have filled our nursery. Select a photo to see it larger.',
  enlargePhoto: (alt: string) => `View larger: ${alt}`,

  selectHeading: 'Select Litters',
  selectIntro: 'Litters that are ready now or will be soon. Ask about the puppies still available.',
  selectEmpty:
    'Every puppy from our current litters has found a family. See our upcoming litters below, or contact us to join the waitlist.',
  upcomingHeading: 'Upcoming Litters',
  upcomingIntro:
    'Newborn and planned litters. Reserve your spot early: the first families on the list choose first.',
  upcomingEmpty: 'We are planning our next pairings now. Contact us to hear about them first.',
  contactButton: 'Contact About This Litter',
  reserveButton: 'Reserve Your Spot',
  pedigreeButton: 'View Pedigree',
  litterImageAlt: (litterName: string) => `Puppies from the ${litterName} litter`,
  labels: {
    sire: 'Sire',
    dam: 'Dam',
    born: 'Born',
    age: 'Age',
    puppies: 'Puppies',
    available: 'Available',
    ready: 'Ready',
  },

  litterPedigree: {
    intro: 'The sire and dam of this litter, with their own parents.',
    sire: 'Sire',
    dam: 'Dam',
    parents: 'Parents',
    sireOf: 'Sire:',
    damOf: 'Dam:',
    unavailable: 'Pedigree information not available',
    seeAll: 'See the full three-generation pedigrees on our Breeding Dogs page',
  },

  champion: {
    eyebrow: 'Champion Winner',
    heading: 'Meet Our Champion',
    text: (name: string) =>
      `${name} finished his championship in the show ring with the classic English type we have worked toward for more than fifty years, and he passes his gentle, people-loving nature on to his puppies.`,
    photoAlt: (name: string) => `${name} standing proudly after his championship win`,
    button: 'Meet Our Champion',
  },
  // The popups' titles and close label.
  closeLabel: 'Close',
  photoTitle: (index: number, total: number) => `Puppy photo ${index} of ${total}`,
  litterPedigreeTitle: (litterName: string) => `${litterName} Pedigree`,
} as const;
