// Copy of the Board & Train page.
export const boardingCopy = {
  eyebrow: 'Board & Train',
  heading: 'Retreat to the Bluff',
  intro: [
    'Give your grown Labrador a getaway of their own. While you are away, your dog stays with us at the Bluff: running and playing across our seven open acres, learning something new in daily training sessions, and eating the same fresh food our own dogs thrive on.',
    'Whether your dog needs a polish on their manners or simply a happy place to stay, they will be cared for by people who have lived with Labradors for over 50 years.',
  ],
  image: '/images/boarding/retreat.jpg',
  imageAlt: 'A black Labrador bounding across an open meadow at Cedar Bluff',
  requestButton: 'Request a Retreat',
  requestNote: 'The request form opens in a new tab.',
  includesHeading: 'Every Retreat Includes',
  includes: [
    {
      title: 'Seven Open Acres',
      text: 'Room to run, sniff and play every day in our fenced fields, with plenty of shade and fresh water.',
      image: '/images/boarding/acres.jpg',
      imageAlt: 'Two Labradors playing together in a fenced field',
    },
    {
      title: 'Daily Training',
      text: 'Short, positive sessions every day that reinforce good manners and build on what your dog already knows.',
      image: '/images/boarding/training.jpg',
      imageAlt: 'A trainer rewarding a Labrador for a calm sit',
    },
    {
      title: 'Fresh Food',
      text: 'The same fresh raw food our own Labradors eat, portioned for your dog, so mealtimes stay healthy and familiar.',
      image: '/images/boarding/fresh-food.jpg',
      imageAlt: 'A bowl of fresh raw dog food ready for dinner',
    },
  ],
  closing: {
    heading: 'Plan your dog’s stay',
    text: 'Tell us about your dog and your dates through the retreat request form, and we will be in touch to plan the stay. Drop-off and pick-up are by appointment only.',
    phoneLabel: 'Prefer to talk? Call',
  },
} as const;
