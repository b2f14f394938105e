import { describe, expect, it } from 'vitest';
import { allLitters } from './data';
import { ContentError, contentProblems, litterProblems, validateContent } from './validate';

const [first, second] = allLitters;
if (!first || !second) throw new Error('the data file has fewer than two litters');

describe('validateContent', () => {
  it('finds nothing wrong with the content as shipped', () => {
    expect(contentProblems()).toEqual([]);
    expect(() => validateContent()).not.toThrow();
  });

  it('names the record and the field of each bad litter', () => {
    const problems = litterProblems([
      { ...first, images: [] },
      { ...second, birthDate: 'next spring', sire: 'maple' },
    ]);
    expect(problems).toEqual([
      { record: `litters[0] "${first.id}"`, field: 'images', message: 'Add at least one photo' },
      {
        record: `litters[1] "${second.id}"`,
        field: 'birthDate',
        message: 'Give the birth date (YYYY-MM-DD) or the month it is due',
      },
    ]);
  });

  it('checks what one record cannot: unique ids, parents who are our dogs, the name theirs', () => {
    const problems = litterProblems([first, { ...first }, { ...second, dam: 'duke', name: 'X' }]);
    expect(problems).toEqual([
      { record: `litters[1] "${first.id}"`, field: 'id', message: 'Another litter has this id' },
      { record: `litters[2] "${second.id}"`, field: 'dam', message: 'Choose one of our dames' },
      {
        record: `litters[2] "${second.id}"`,
        field: 'name',
        message: expect.stringContaining('named after its parents') as string,
      },
    ]);
  });

  it('checks each puppy field by field, and the puppies against the litter', () => {
    const puppy = {
      id: 'red-collar',
      name: 'Red collar',
      sex: 'Male',
      color: 'Black',
      status: 'available',
    };
    expect(litterProblems([{ ...first, puppies: [{ ...puppy, status: 'sold' }] }])).toEqual([
      {
        record: `litters[0] "${first.id}"`,
        field: 'puppies.0.status',
        message: 'Choose available, reserved or placed',
      },
    ]);
    expect(litterProblems([{ ...first, puppies: [{ ...puppy, name: ' ' }] }])[0]).toMatchObject({
      field: 'puppies.0.name',
    });
    expect(litterProblems([{ ...first, puppies: [puppy, puppy] }])[0]).toMatchObject({
      field: 'puppies.1.id',
      message: 'Two puppies have the same id',
    });
    expect(
      litterProblems([{ ...first, puppiesCount: 1, puppies: [puppy, { ...puppy, id: 'b' }] }])[0],
    ).toMatchObject({ field: 'puppies', message: 'The litter has 1 puppies: 2 are listed' });
    const due = allLitters.find((l) => l.birthDate.includes('Due'))!;
    expect(litterProblems([{ ...due, puppies: [puppy] }])[0]).toMatchObject({
      field: 'puppies',
      message: 'Add the puppies once the litter is born',
    });
  });

  it('throws one error listing every problem, so a bad record stops the build', () => {
    const error = new ContentError(litterProblems([{ ...first, puppiesCount: 0 }]));
    expect(error.message).toBe(
      `The site's content has a problem:\n  litters[0] "${first.id}", puppiesCount: The number of puppies (1 to 20), or TBD`,
    );
  });
});
