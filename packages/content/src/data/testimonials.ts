import type { Testimonial } from '../schemas';
import { trainingPrograms } from './training';

function programName(id: string): string {
  const program = trainingPrograms.find((p) => p.id === id);
  if (!program) throw new Error(`unknown training program ${id}`);
  return program.name;
}

export const testimonials = [
  {
    name: 'Sarah & Tom Whitaker',
    text: 'From our very first call, the Cedar Bluff team made us feel like part of the family. Murphy came home crate trained and sleeping through the night, and the handover session answered questions we did not even know we had. A year and a half later he is the calmest, happiest dog on our street, and our neighbours stop us to ask where he came from.',
    dog: 'Murphy',
    degree: programName('masters'),
    parents: 'Duke x Maple',
    location: '',
    image: '/images/testimonials/murphy-whitaker.jpg',
  },
  {
    name: 'The Okafor Family',
    text: 'We have three young children and wanted a dog we could trust completely. Juno finished her Doctorate Degree and walked into our home as if she had always lived here: fully house trained, gentle with the baby and polite with every visitor. She passed her Canine Good Citizen test on the first try. Thank you for raising such a wonderful girl.',
    dog: 'Juno',
    degree: programName('doctorate'),
    parents: 'Ranger x Hazel',
    location: '',
    image: '/images/testimonials/juno-okafor.jpg',
  },
  {
    name: 'Linda Marsh',
    text: 'Biscuit is gentle, clever and beautiful, and he was so well prepared when he came home. Thank you all!',
    dog: 'Biscuit',
    degree: programName('bachelors'),
    parents: 'Captain x Ginger',
    location: '',
    image: '/images/testimonials/biscuit-marsh.jpg',
  },
] satisfies Testimonial[];
