import { allLitters } from '@cedar/content';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_LITTER,
  formErrorOf,
  formValuesOf,
  parseDraft,
  validateLitter,
  type LitterFormValues,
} from './litter-draft';

const ready = allLitters.find((l) => l.name === 'Ranger x Juniper')!;
const due = allLitters.find((l) => l.birthDate.startsWith('Due'))!;

describe('the litter form’s values', () => {
  it('are the record’s fields as text, and make the same record again', () => {
    const values = formValuesOf(ready);
    expect(values.born).toBe('born');
    expect(values.puppiesCount).toBe(String(ready.puppiesCount));
    const { id: _id, name: _name, ...fields } = ready;
    expect(parseDraft(values)).toEqual(fields);
  });

  it('split a due date into its month and year, and its TBD count into an empty field', () => {
    const values = formValuesOf(due);
    expect(values).toMatchObject({ born: 'due', birthDate: '', puppiesCount: '' });
    expect(parseDraft(values)).toMatchObject({ birthDate: due.birthDate, puppiesCount: 'TBD' });
  });

  it('work out the availability from the puppies listed', () => {
    const values: LitterFormValues = {
      ...formValuesOf(ready),
      available: 'anything',
    };
    expect(parseDraft(values).available).toMatch(/^\d+ of \d+ available$/);
  });
});

describe('the litter form’s validation', () => {
  it('says the content schema’s words, one per field', () => {
    const errors = validateLitter(EMPTY_LITTER);
    expect(errors).toMatchObject({
      sire: 'Choose the sire',
      dam: 'Choose the dam',
      birthDate: 'Give the birth date (YYYY-MM-DD) or the month it is due',
      available: 'Availability is needed',
      images: 'Add at least one photo',
    });
    expect(validateLitter(formValuesOf(ready))).toEqual({});
  });

  it('names the puppy a problem is about', () => {
    const puppies = formValuesOf(ready).puppies.map((p, i) => (i === 2 ? { ...p, sex: '' } : p));
    expect(validateLitter({ ...formValuesOf(ready), puppies })).toEqual({
      puppies: 'Puppy 3: Choose male or female',
    });
  });

  it('shows a server’s refusal on the form’s field', () => {
    const born = { born: 'born' } as const;
    expect(formErrorOf(born, 'images.2', 'Not a photo')).toEqual(['images', 'Not a photo']);
    expect(formErrorOf(born, 'puppies', 'At most 20 puppies')).toEqual([
      'puppies',
      'At most 20 puppies',
    ]);
    expect(formErrorOf(born, 'name', 'Taken')).toEqual(['description', 'Taken']);
    expect(formErrorOf({ born: 'due' }, 'birthDate', 'No')).toEqual(['dueMonth', 'No']);
  });
});
