// The words the contact page's live part uses: the message form's accessible name. A module of its
// own, so that the page's first load carries it and not all of contactCopy (the words of the parts
// kept as prerendered).

export const contactFormLabel = 'Contact form';
