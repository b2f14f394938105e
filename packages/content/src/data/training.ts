import { CARE_FACTS } from '../care-facts';
import { TRAINING_PRICES } from '../constants';
import type { TrainingProgram } from '../schemas';

const crateFact = `Crate trained for at least ${CARE_FACTS.crateTrainedHours} hours`;
const handoverFact =
  'A handover session of at least an hour and a half when you take your puppy home';

export const trainingPrograms = [
  {
    id: 'bachelors',
    name: "Bachelor's Degree",
    price: TRAINING_PRICES.bachelors,
    start: 'Starts at 7 weeks',
    hours: 'Nearly 200 hours of training',
    summary:
      'A confident start for your puppy. Training begins at seven weeks with crate manners, name recognition, early house training and gentle handling, so your puppy arrives home with solid foundations and a routine you can continue.',
    facts: [
      'Starts at 7 weeks of age',
      'Nearly 200 hours of training',
      crateFact,
      'About 30 minutes a day of owner reinforcement at home keeps the lessons strong',
      handoverFact,
    ],
    image: '/images/training/bachelors.jpg',
  },
  {
    id: 'masters',
    name: "Master's Degree",
    price: TRAINING_PRICES.masters,
    start: 'Starts at 12 weeks',
    hours: 'Nearly 400 hours of training',
    summary:
      'Our most popular program for busy families. Your puppy stays with our trainers from twelve weeks and comes home with reliable house manners, polite greetings, loose-leash walking and the basic commands practised in many settings.',
    facts: [
      'Starts at 12 weeks of age',
      'Nearly 400 hours of training',
      crateFact,
      'Sit, down, stay, come and place practised around everyday distractions',
      handoverFact,
    ],
    image: '/images/training/masters.jpg',
  },
  {
    id: 'doctorate',
    name: 'Doctorate Degree',
    price: TRAINING_PRICES.doctorate,
    start: 'Our most complete program',
    hours: 'More than 600 hours of training',
    summary:
      'The highest level of the Behavior Academy. Your Labrador comes home a polished young companion: fully house trained, calm in public and prepared for the Canine Good Citizen exam.',
    facts: [
      'More than 600 hours of training',
      'Prepares your dog for the Canine Good Citizen exam',
      'Fully house trained, holding 6-8 hours when kenneled',
      'Calm, confident manners in town, in the car and with visitors',
      handoverFact,
    ],
    image: '/images/training/doctorate.jpg',
  },
] satisfies TrainingProgram[];
