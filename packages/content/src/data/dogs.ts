import { z } from 'zod';
import { dogSchema, type Dog } from '../schemas';

export const sires: readonly Dog[] = z.array(dogSchema).parse([
  {
    id: 'duke',
    name: 'Duke',
    formalName: "Cedar Bluff's Duke of Hoosick",
    gender: 'Male',
    color: 'Yellow',
    ageLabel: 'Active Stud',
    image: '/images/dogs/duke.jpg',
    pedigreeHighlight: 'Son of GCH Windmere Royal Oak',
    description: 'Placeholder until the content issue lands.',
    hasPuppies: true,
  },
]);
export const dames: readonly Dog[] = z.array(dogSchema).parse([
  {
    id: 'maple',
    name: 'Maple',
    formalName: "Cedar Bluff's Maple Sugar",
    gender: 'Female',
    color: 'Chocolate',
    ageLabel: 'Breeding Female',
    image: '/images/dogs/maple.jpg',
    pedigreeHighlight: 'Daughter of CH Broadwater Sable',
    description: 'Placeholder until the content issue lands.',
    hasPuppies: false,
  },
]);
export const dogs: readonly Dog[] = [...sires, ...dames];
export function dogById(id: string): Dog | undefined {
  return dogs.find((d) => d.id === id);
}
