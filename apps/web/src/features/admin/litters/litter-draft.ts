import { litterDraftSchema, type Litter, type LitterDraft, type LitterPuppy } from '@cedar/content';
import { schemaResolver } from '@mantine/form';
import {
  availabilityLabel,
  dayStart,
  puppyAvailability,
  isSelectLitter,
  kennelDay,
  litterReadiness,
  type LitterReadiness,
} from '@cedar/litter-logic';

/** What the form holds while the owner types: text, as typed, until it is sent. */
export interface LitterFormValues {
  sire: string;
  dam: string;
  born: 'born' | 'due';
  /** 'YYYY-MM-DD' */
  birthDate: string;
  dueMonth: string;
  dueYear: string;
  /** Digits, or '' while the count is unknown (TBD) */
  puppiesCount: string;
  available: string;
  readyDate: string;
  status: string;
  description: string;
  images: string[];
  archived: boolean;
  /** The puppies as the owner edits them: ids kept, new ones given one when added. */
  puppies: PuppyFormValues[];
}

export interface PuppyFormValues {
  id: string;
  name: string;
  sex: string;
  color: string;
  status: string;
  /** '' when the puppy has no photo */
  image: string;
}

/** A new puppy's id: random, so it never takes the id of a puppy removed and re-added. */
function newPuppyId(): string {
  return `p-${crypto.randomUUID().slice(0, 8)}`;
}

export const emptyPuppy = (): PuppyFormValues => ({
  id: newPuppyId(),
  name: '',
  sex: '',
  color: '',
  status: 'available',
  image: '',
});

const puppyValuesOf = (puppy: LitterPuppy): PuppyFormValues => ({
  id: puppy.id,
  name: puppy.name,
  sex: puppy.sex,
  color: puppy.color,
  status: puppy.status,
  image: puppy.image ?? '',
});

export const EMPTY_LITTER: LitterFormValues = {
  sire: '',
  dam: '',
  born: 'born',
  birthDate: '',
  dueMonth: '',
  dueYear: '',
  puppiesCount: '',
  available: '',
  readyDate: '',
  status: 'Current',
  description: '',
  images: [],
  archived: false,
  puppies: [],
};

const DUE = /^Due ([A-Za-z]+) (\d{4})$/;

export function formValuesOf(litter: Litter): LitterFormValues {
  const due = DUE.exec(litter.birthDate);
  return {
    sire: litter.sire,
    dam: litter.dam,
    born: due ? 'due' : 'born',
    birthDate: due ? '' : litter.birthDate,
    dueMonth: due?.[1] ?? '',
    dueYear: due?.[2] ?? '',
    puppiesCount: litter.puppiesCount === 'TBD' ? '' : String(litter.puppiesCount),
    available: litter.available,
    readyDate: litter.readyDate,
    status: litter.status,
    description: litter.description,
    images: [...litter.images],
    archived: litter.archived ?? false,
    puppies: (litter.puppies ?? []).map(puppyValuesOf),
  };
}

/** The birth date as the data file writes it: 'YYYY-MM-DD' or 'Due {Month Year}'. */
export function birthDateOf(values: LitterFormValues): string {
  return values.born === 'due' ? `Due ${values.dueMonth} ${values.dueYear}` : values.birthDate;
}

/** What is sent: the form's text turned into the data file's fields (the schema judges them). */
function draftOf(values: LitterFormValues): unknown {
  const count = values.puppiesCount.trim();
  const listed = puppyAvailability(
    values.puppies.map((p) => ({ status: p.status as LitterPuppy['status'] })),
  );
  return {
    sire: values.sire,
    dam: values.dam,
    birthDate: birthDateOf(values),
    puppiesCount: count === '' ? 'TBD' : /^\d+$/.test(count) ? Number(count) : count,
    available: listed ? availabilityLabel(listed) : values.available,
    readyDate: values.readyDate,
    images: values.images,
    status: values.status,
    description: values.description,
    ...(values.archived ? { archived: true } : {}),
    ...(values.puppies.length > 0
      ? {
          puppies: values.puppies.map(({ image, ...puppy }) => ({
            ...puppy,
            ...(image ? { image } : {}),
          })),
        }
      : {}),
  };
}

/** The draft the form's values make, as the content schema returns it once it is valid. */
export const parseDraft = (values: LitterFormValues): LitterDraft =>
  litterDraftSchema.parse(draftOf(values));

/**
 * Which form field shows a problem found in a draft's field ('dam', 'images.3', 'puppies.6.sex'),
 * and in what words: a due litter's birth date is its month, a photo's problem is the photos', a
 * puppy's names it ('Puppy 7: Choose male or female'); a field the form does not have goes under
 * the description.
 */
export function formErrorOf(
  values: Pick<LitterFormValues, 'born'>,
  path: string,
  message: string,
): [field: keyof LitterFormValues, message: string] {
  const [top = '', index] = path.split('.');
  if (top === 'birthDate') return [values.born === 'due' ? 'dueMonth' : 'birthDate', message];
  if (top === 'puppies')
    return [
      'puppies',
      index && /^\d+$/.test(index) ? `Puppy ${Number(index) + 1}: ${message}` : message,
    ];
  return [top in EMPTY_LITTER ? (top as keyof LitterFormValues) : 'description', message];
}

/** The form's errors from the draft's (a schema's or the server's): the first of each field. */
export function formErrorsOf(
  values: Pick<LitterFormValues, 'born'>,
  errors: Record<string, unknown>,
): Partial<Record<keyof LitterFormValues, string>> {
  const shown: Partial<Record<keyof LitterFormValues, string>> = {};
  for (const [path, message] of Object.entries(errors)) {
    const [field, text] = formErrorOf(values, path, String(message));
    shown[field] ??= text;
  }
  return shown;
}

const checkDraft = schemaResolver(litterDraftSchema, { sync: true });

/** The form's validation: the content package's own schema, as the server applies it. */
export const validateLitter = (values: LitterFormValues) =>
  formErrorsOf(values, checkDraft(draftOf(values)));

/** What the public page shows of a litter today: its age label, badge and list. */
export interface PublicView {
  age: string;
  badge: LitterReadiness['badge'];
  list: 'Select Litters' | 'Upcoming Litters' | 'Archived';
}

/** Today at the kennel, as the litter rules count days. */
export const kennelToday = (now: Date = new Date()) => dayStart(kennelDay(now));

/** Null while the birth date is not one the rules can read. */
export function publicViewOf(
  litter: { birthDate: string; status: string; archived?: boolean },
  today: Date,
): PublicView | null {
  const status = litter.status as Litter['status'];
  try {
    const readiness = litterReadiness({ birthDate: litter.birthDate, status }, today);
    const list = litter.archived
      ? 'Archived'
      : isSelectLitter({ birthDate: litter.birthDate, status }, readiness)
        ? 'Select Litters'
        : 'Upcoming Litters';
    return { age: readiness.age, badge: readiness.badge, list };
  } catch {
    return null;
  }
}
