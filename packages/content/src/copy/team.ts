// Copy of the Our Team page (/facilities). The Facilities block is an editable section
// (apps/web/src/sections/facilities-section.tsx) with its own words; its photos are named here.
export const teamCopy = {
  heading: 'Our Team',
  eyebrow: 'The People of Cedar Bluff',
  intro:
    'Every Cedar Bluff Labrador is raised by people who love them. From the whelping den to the training field to the day your puppy goes home, these are the hands and hearts behind our dogs.',
  membersLabel: 'Team members',
  facilityImages: {
    grounds: '/images/facilities/grounds.jpg',
    whelpingDen: '/images/facilities/whelping-den.jpg',
    kennel: '/images/facilities/kennel.jpg',
  },
} as const;
