// Copy of the contact page, owned with that page. The address block and testimonials are editable
// sections (apps/web/src/sections) and carry their own words.
export const contactCopy = {
  heading: 'Contact Us',
  intro:
    "Whether you are dreaming of your first English Labrador, planning a retreat for your grown dog, or simply have a question about our dogs, we would love to hear from you. Send us a message below, call, or e-mail, and we'll get back to you personally.",
  formTitle: 'Send Us a Message',
  formIntro: 'Tell us a little about yourself and what you are looking for.',
  // The message form's accessible name.
  formLabel: 'Contact form',
} as const;
