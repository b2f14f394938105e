// Copy of the training page (Behavior Academy Options). The programs themselves are data
// (data/training.ts: trainingPrograms).
export const trainingCopy = {
  eyebrow: 'Behavior Academy Options',
  heading: 'The Legacy Lives On',
  intro:
    'The gentle temperament we have bred for over 50 years deserves the right start. Our Behavior Academy continues your puppy’s education here at the Bluff, so they come home with the manners, confidence and routines that make family life easy.',
  heroImage: '/images/training/hero.jpg',
  heroImageAlt: 'A young English Labrador walking calmly on a loose leash beside its trainer',
  programsHeading: 'Choose Your Program',
  programsIntro:
    'Three programs, one philosophy: patient, positive training built on the bond between dog and family. Every program includes crate training, so your puppy comes home able to rest calmly in a crate for at least four hours.',
  programImageAlt: (name: string) => `A Cedar Bluff Labrador in the ${name} training program`,
  priceLabel: 'tuition',
  lifetime: {
    heading: 'A Lifetime of Care',
    paragraphs: [
      'Training does not end on the day your puppy comes home. At handover we spend at least an hour and a half with your family, showing you the commands, routines and cues your puppy already knows, so you can carry them on with confidence.',
      'After that, we are always a call away. Whether it is a question about a new habit, a change in routine or a refresher for an older dog, our trainers know your Labrador and are glad to help for the rest of their life.',
    ],
    image: '/images/training/lifetime-care.jpg',
    imageAlt:
      'A family kneeling on the grass with their Cedar Bluff Labrador during a handover session',
    phoneLabel: 'Questions about training? Call',
  },
  cta: {
    heading: 'Ready to start?',
    text: 'Apply for your Cedar Bluff puppy and tell us which program you have in mind. We will help you choose the one that fits your family.',
    button: 'Begin Your Journey',
    to: '/puppy-application',
  },
} as const;
