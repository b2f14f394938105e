// How a HubSpot form submission becomes an inquiry: the contact fields by their HubSpot property
// names, the colour folded to the spec's colours, and every other answer kept with its question.
import {
  type InquiryAnswer,
  type InquiryForm,
  KNOWN_PREFERRED_COLORS,
  PREFERRED_COLOR_MAX,
} from '@cedar/api-contract';
import { site } from '@cedar/content';

/** One answer as HubSpot lists it: the property's internal name and the value given. */
export interface HubSpotValue {
  name: string;
  value: string;
}

export interface MappedInquiry {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  preferredColor: string;
  message?: string;
  answers: InquiryAnswer[];
}

// Limits on what a form may bring in: a questionnaire has a few dozen answers of a few lines.
const NAME_MAX = 100;
const EMAIL_MAX = 254;
const PHONE_MAX = 40;
const MESSAGE_MAX = 5000;
const ANSWER_MAX = 5000;
const ANSWERS_MAX = 100;
const LABEL_MAX = 200;

/** The contact fields, by HubSpot's property names (the first one present wins). */
const CONTACT_FIELDS = {
  firstName: ['firstname'],
  lastName: ['lastname'],
  email: ['email'],
  phone: ['phone', 'mobilephone'],
  message: ['message'],
} as const;

const KNOWN = new Set<string>(KNOWN_PREFERRED_COLORS);

/** What families write for a spec colour, once lower-cased and joined by '-'. */
const COLOR_ALIASES: Record<string, string> = {
  foxred: 'fox-red',
  'red-fox': 'fox-red',
  red: 'fox-red',
  'fox-red-yellow': 'fox-red',
  brown: 'chocolate',
  liver: 'chocolate',
  choc: 'chocolate',
  cream: 'yellow',
  none: 'no-preference',
  any: 'no-preference',
  either: 'no-preference',
  'any-color': 'no-preference',
  'any-colour': 'no-preference',
  'no-pref': 'no-preference',
  'no-preferences': 'no-preference',
  'no-color-preference': 'no-preference',
  'no-colour-preference': 'no-preference',
  'doesn-t-matter': 'no-preference',
  'does-not-matter': 'no-preference',
  'not-sure': 'no-preference',
  undecided: 'no-preference',
};

/**
 * A colour as a family gave it, folded to one of the spec's colours ('Fox Red', 'fox_red',
 * 'Yellow Lab' → 'fox-red', 'yellow'); anything else is kept as written (trimmed), and no answer is ''.
 */
export function foldColor(raw: string): string {
  const written = raw.trim().replace(/\s+/g, ' ');
  if (written === '') return '';
  const key = written
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .replace(/-(lab|labs|labrador|labradors|labrador-retriever)$/, '');
  if (KNOWN.has(key)) return key;
  const alias = COLOR_ALIASES[key];
  if (alias) return alias;
  return written.slice(0, PREFERRED_COLOR_MAX);
}

/** `how_many_dogs_have_you_owned_` → 'How many dogs have you owned'. */
export function labelOf(name: string): string {
  const words = name
    .replace(/[_\s]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .trim();
  if (words === '') return name.slice(0, LABEL_MAX);
  return (words.charAt(0).toUpperCase() + words.slice(1).toLowerCase()).slice(0, LABEL_MAX);
}

/** The form's name as the owner knows it: the two the site embeds, or its id. */
export function formOf(formId: string, pageUrl?: string): InquiryForm {
  const name =
    formId === site.forms.contactFormId
      ? 'Contact form'
      : formId === site.forms.questionnaireFormId
        ? 'Puppy questionnaire'
        : `HubSpot form ${formId}`;
  const page = pageUrl?.trim().slice(0, 2000);
  return { id: formId, name, ...(page ? { pageUrl: page } : {}) };
}

const clip = (value: string, max: number) => value.trim().slice(0, max);

/**
 * The inquiry in a submission's values. Names are compared lower-cased; a name given twice (a
 * multiple-choice question) keeps every value, joined by '; '; empty answers are left out.
 */
export function mapValues(values: HubSpotValue[], colorProperty: string): MappedInquiry {
  const byName = new Map<string, { name: string; values: string[] }>();
  for (const { name, value } of values) {
    const key = name.trim().toLowerCase();
    if (key === '') continue;
    const entry = byName.get(key) ?? { name: name.trim(), values: [] };
    if (value.trim() !== '') entry.values.push(value.trim());
    byName.set(key, entry);
  }
  const used = new Set<string>();
  const take = (names: readonly string[]) => {
    for (const name of names) {
      const entry = byName.get(name);
      if (entry && entry.values.length > 0) {
        used.add(name);
        return entry.values.join('; ');
      }
    }
    for (const name of names) if (byName.has(name)) used.add(name);
    return '';
  };
  const firstName = clip(take(CONTACT_FIELDS.firstName), NAME_MAX);
  const lastName = clip(take(CONTACT_FIELDS.lastName), NAME_MAX);
  const email = clip(take(CONTACT_FIELDS.email), EMAIL_MAX);
  const phone = clip(take(CONTACT_FIELDS.phone), PHONE_MAX);
  const message = clip(take(CONTACT_FIELDS.message), MESSAGE_MAX);
  const preferredColor = foldColor(take([colorProperty.toLowerCase()]));

  const answers: InquiryAnswer[] = [];
  for (const [key, entry] of byName) {
    if (used.has(key) || entry.values.length === 0) continue;
    if (answers.length === ANSWERS_MAX) break;
    answers.push({
      name: entry.name.slice(0, LABEL_MAX),
      label: labelOf(entry.name),
      value: clip(entry.values.join('; '), ANSWER_MAX),
    });
  }
  return {
    firstName,
    lastName,
    email,
    phone,
    preferredColor,
    ...(message ? { message } : {}),
    answers,
  };
}
