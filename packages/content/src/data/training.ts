import { z } from 'zod';
import { trainingProgramSchema, type TrainingProgram } from '../schemas';

export const trainingPrograms: readonly TrainingProgram[] = z.array(trainingProgramSchema).parse([
  {
    id: 'bachelors',
    name: "Bachelor's Degree",
    price: 7500,
    start: 'Starts at 7 weeks',
    hours: 'Nearly 200 hours of training',
    summary: 'Placeholder.',
    facts: ['Placeholder', 'Placeholder'],
    image: '/images/training/bachelors.jpg',
  },
]);
