import { site } from '@cedar/content';
import { describe, expect, it } from 'vitest';
import { foldColor, formOf, labelOf, mapValues } from './mapping';

describe('the colour a family chose', () => {
  it("is folded to the spec's colours however it is written", () => {
    const cases: [string, string][] = [
      ['Yellow', 'yellow'],
      ['  BLACK ', 'black'],
      ['Fox Red', 'fox-red'],
      ['fox_red', 'fox-red'],
      ['Foxred', 'fox-red'],
      ['Red', 'fox-red'],
      ['Chocolate Lab', 'chocolate'],
      ['brown', 'chocolate'],
      ['Silver Labrador', 'silver'],
      ['Charcoal', 'charcoal'],
      ['champagne', 'champagne'],
      ['No preference', 'no-preference'],
      ['No Preference!', 'no-preference'],
      ['Any', 'no-preference'],
      ["Doesn't matter", 'no-preference'],
    ];
    for (const [written, folded] of cases) expect(foldColor(written), written).toBe(folded);
  });

  it('keeps an unknown colour as written, and no answer as none', () => {
    expect(foldColor('Blue Merle')).toBe('Blue Merle');
    expect(foldColor('  Dudley   (liver nose) ')).toBe('Dudley (liver nose)');
    expect(foldColor('x'.repeat(100))).toHaveLength(60);
    expect(foldColor('   ')).toBe('');
  });
});

describe('a submission as an inquiry', () => {
  it('takes the contact fields and the colour property, and keeps every other answer labelled, in order', () => {
    const mapped = mapValues(
      [
        { name: 'firstname', value: ' Ada ' },
        { name: 'lastname', value: 'Lane' },
        { name: 'email', value: 'ada@example.com' },
        { name: 'phone', value: '(518) 555-0100' },
        { name: 'favourite_colour', value: 'Fox Red' },
        { name: 'message', value: 'A male, please.' },
        { name: 'how_many_dogs_have_you_owned_', value: 'Three' },
        { name: 'fenced_yard', value: 'Yes' },
        { name: 'activities', value: 'Hiking' },
        { name: 'activities', value: 'Swimming' },
        { name: 'anything_else', value: '   ' },
      ],
      'favourite_colour',
    );
    expect(mapped).toEqual({
      firstName: 'Ada',
      lastName: 'Lane',
      email: 'ada@example.com',
      phone: '(518) 555-0100',
      preferredColor: 'fox-red',
      message: 'A male, please.',
      answers: [
        {
          name: 'how_many_dogs_have_you_owned_',
          label: 'How many dogs have you owned',
          value: 'Three',
        },
        { name: 'fenced_yard', label: 'Fenced yard', value: 'Yes' },
        { name: 'activities', label: 'Activities', value: 'Hiking; Swimming' },
      ],
    });
  });

  it('keeps the default colour property as an answer when another is configured', () => {
    const mapped = mapValues(
      [
        { name: 'email', value: 'ada@example.com' },
        { name: 'preferred_color', value: 'Black' },
      ],
      'coat_colour',
    );
    expect(mapped.preferredColor).toBe('');
    expect(mapped.answers).toEqual([
      { name: 'preferred_color', label: 'Preferred color', value: 'Black' },
    ]);
  });

  it('leaves out what is missing rather than inventing it', () => {
    expect(mapValues([{ name: 'email', value: 'ada@example.com' }], 'preferred_color')).toEqual({
      firstName: '',
      lastName: '',
      email: 'ada@example.com',
      phone: '',
      preferredColor: '',
      answers: [],
    });
    expect(mapValues([{ name: 'mobilephone', value: '555-0101' }], 'preferred_color').phone).toBe(
      '555-0101',
    );
  });

  it('labels questions from their property names', () => {
    expect(labelOf('what_are_you_looking_for_in_a_puppy_')).toBe(
      'What are you looking for in a puppy',
    );
    expect(labelOf('preferredSex')).toBe('Preferred sex');
  });

  it('names the two forms the site embeds, and any other by its id', () => {
    expect(formOf(site.forms.contactFormId)).toEqual({
      id: site.forms.contactFormId,
      name: 'Contact form',
    });
    expect(formOf(site.forms.questionnaireFormId, 'https://x.example/puppy-application')).toEqual({
      id: site.forms.questionnaireFormId,
      name: 'Puppy questionnaire',
      pageUrl: 'https://x.example/puppy-application',
    });
    expect(formOf('abc').name).toBe('HubSpot form abc');
  });
});
