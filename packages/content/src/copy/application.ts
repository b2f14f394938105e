// Copy of the puppy application page, owned with that page.
export const applicationCopy = {
  heading: 'Puppy Matching Questionnaire',
  eyebrow: 'Puppy Application',
  intro: [
    'Every Cedar Bluff puppy is matched to its family, never picked from a photo. This questionnaire is how we get to know you: your household, your daily routine, your experience with dogs, and what you hope to share with your Labrador.',
    "There are no wrong answers, and the more you tell us, the better the match. We use your answers, together with what we learn of each puppy's temperament in the whelping den and beyond, to pair you with the puppy who fits your life.",
  ],
  formTitle: 'Tell Us About Your Family',
  formLabel: 'Puppy matching questionnaire',
  helpTitle: 'Need a hand?',
  /** Rendered as: Questions? Call {phone} or e-mail {email}. */
  helpQuestions: 'Questions?',
  helpCall: 'Call',
  helpOr: 'or e-mail',
} as const;
