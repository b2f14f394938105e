// The words the contact page's live part uses: the message form's accessible name. A module of its
// own, so that the page's first load carries it and not all of contactCopy (which takes it from here).

export const contactFormLabel = 'Contact form';
