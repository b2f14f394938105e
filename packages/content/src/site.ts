import type { SiteConfig } from './schemas';

export const site = {
  brandName: 'Cedar Bluff Labradors',
  tagline: 'English Labradors bred for beauty and temperament',
  address: { street: '1187 Bluff Road', town: 'Cambridge', state: 'NY', zip: '12816' },
  phones: { main: '(518) 555-0142', training: '(518) 555-0179' },
  email: 'hello@cedarblufflabradors.com',
  appointmentNote:
    'Visits are by appointment only. To keep our puppies and dogs safe, unannounced visitors are turned away without exception.',
  urls: {
    book: 'https://books.cedarblufflabradors.com/the-bluff-way',
    retreatForm: 'https://forms.cedarblufflabradors.com/retreat-request',
    foodOrder: 'https://schedule.cedarblufflabradors.com/raw-food-pickup',
    contestUpload: 'https://forms.cedarblufflabradors.com/halloween-2025-upload',
  },
  forms: {
    scriptSrc: 'https://js.hsforms.net/forms/embed/v2.js',
    portalId: '48213657',
    region: 'na1',
    contactFormId: '6f1c2d8e-3b4a-4f5e-9a7b-2c1d0e9f8a71',
    questionnaireFormId: '9a2b7c4d-1e6f-4a3b-8c5d-7e0f1a2b3c94',
    /**
     * The pages that embed a form: the only ones whose Content-Security-Policy lets the forms
     * provider's script, frames and connections in (apps/api/src/security-policy.ts).
     */
    pages: ['/contact', '/puppy-application'],
  },
  copyrightYear: 2025,
} satisfies SiteConfig;

/**
 * The only hosts a link of the site may go to over https: a section's link (`href`, `to`, `src`,
 * in Code and Words mode, apps/api files/section-check.ts) and every link of a published page
 * (apps/api publish/page-gate.ts). Every other link is a path of the site, `mailto:` or `tel:`.
 */
export const LINK_HOSTS: readonly string[] = [
  'books.cedarblufflabradors.com',
  'forms.cedarblufflabradors.com',
  'schedule.cedarblufflabradors.com',
];

export function formatAddress(s: SiteConfig = site): string {
  return `${s.address.street}, ${s.address.town}, ${s.address.state} ${s.address.zip}`;
}

/** tel: link for a display phone number */
export function telHref(phone: string): string {
  return `tel:+1${phone.replace(/\D/g, '')}`;
}
