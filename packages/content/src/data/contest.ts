import type { ContestEntry } from '../schemas';

/** [dog, family surname]: the Halloween 2025 entries shown in the gallery. */
const entries: [string, string][] = [
  ['Biscuit', 'Alvarez'],
  ['Murphy', 'Whitaker'],
  ['Juno', 'Okafor'],
  ['Maggie', 'Sullivan'],
  ['Bear', 'Lindqvist'],
  ['Rosie', 'Patel'],
  ['Cooper', 'McAllister'],
  ['Hazelnut', 'Fitzgerald'],
  ['Winston', 'Nakamura'],
  ['Luna', 'Castellano'],
  ['Otis', 'Brennan'],
  ['Penny', 'Kowalski'],
  ['Finn', 'Abernathy'],
  ['Daisy', 'Thibodeau'],
  ['Gus', 'Hargrove'],
  ['Willa', 'Ostrowski'],
  ['Scout', 'Delgado'],
  ['Bella', 'Van Houten'],
  ['Moose', 'Carrington'],
  ['Sadie', 'Oyelaran'],
  ['Teddy', 'Marchetti'],
  ['Ruby', 'Gallagher'],
  ['Ace', 'Holloway'],
  ['Maisie', 'Schneider'],
  ['Hank', 'Donovan'],
  ['Olive', 'Prescott'],
  ['Blaze', 'Yamamoto'],
  ['Lily', 'Ferreira'],
  ['Tucker', 'Bergstrom'],
  ['Pepper', 'Quinn'],
  ['Charlie', 'Esposito'],
  ['Sunny', 'Whitmore'],
  ['Bruno', 'Adebayo'],
  ['Nala', 'Harrington'],
  ['Jasper', 'Kim'],
  ['Honey', 'Rutherford'],
  ['Rocco', 'Lindgren'],
  ['Amber', 'Mahoney'],
  ['Fudge', 'Saint-Clair'],
  ['Remy', 'Duvall'],
];

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export const contestEntries = entries.map(([name, family]) => ({
  name,
  familyName: `The ${family} Family`,
  image: `/images/contest/${slug(name)}-${slug(family)}.jpg`,
})) satisfies ContestEntry[];
