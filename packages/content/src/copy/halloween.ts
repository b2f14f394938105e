import { MONTH_NAMES } from '@cedar/litter-logic';
import { CONTEST_DATES } from '../constants';

const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

function ordinal(day: number): string {
  const teen = day % 100 >= 11 && day % 100 <= 13;
  const suffix = teen
    ? 'th'
    : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th');
  return `${day}${suffix}`;
}

function parts(isoDate: string) {
  const date = new Date(`${isoDate}T12:00:00Z`);
  return {
    month: MONTH_NAMES[date.getUTCMonth()] ?? '',
    day: ordinal(date.getUTCDate()),
    weekday: WEEKDAYS[date.getUTCDay()] ?? '',
    year: date.getUTCFullYear(),
  };
}

/** 'October 31st' */
export function contestDay(isoDate: string): string {
  const p = parts(isoDate);
  return `${p.month} ${p.day}`;
}

const open = parts(CONTEST_DATES.submissionsOpen);
const close = parts(CONTEST_DATES.submissionsClose);
const votingStart = parts(CONTEST_DATES.votingStart);
const votingEnd = parts(CONTEST_DATES.votingEnd);
const winners = parts(CONTEST_DATES.winnersAnnounced);
const votingEndLabel =
  votingEnd.month === votingStart.month ? votingEnd.day : `${votingEnd.month} ${votingEnd.day}`;

// Copy of the Halloween contest page, owned with that page. Dates come from CONTEST_DATES.
export const halloweenCopy = {
  badge: `Halloween ${open.year}`,
  heading: 'Halloween Costume Contest',
  intro:
    'Pumpkins, pirates, bumblebees and the occasional very good ghost: it is time to dress up your Cedar Bluff Labrador! Share a photo of your pup in costume and join the whole Cedar Bluff family in celebrating the season.',
  datesHeading: 'Key Dates',
  dates: [
    {
      title: 'Contest Dates',
      text: `Submissions ${open.month} ${open.day} through ${close.month} ${close.day}`,
    },
    { title: 'Voting', text: `${votingStart.month} ${votingStart.day} through ${votingEndLabel}` },
    {
      title: 'Judging',
      text: `Winners announced ${winners.weekday}, ${winners.month} ${winners.day}`,
    },
  ],
  howHeading: 'How to Enter',
  steps: [
    {
      title: 'Dress Up Your Pup',
      text: 'Choose a costume your Labrador can wear happily: nothing tight or heavy, and nothing that covers the eyes, ears or mouth.',
    },
    {
      title: 'Take a Photo',
      text: 'Snap a clear, well-lit photo of your pup in costume. Natural light outdoors works beautifully.',
    },
    {
      title: 'Submit Your Entry',
      text: `Upload your photo with your dog's name and your family name by ${close.month} ${close.day}, ${close.year}.`,
    },
  ],
  uploadButton: 'Upload Your Photo',
  uploadNote: 'The entry form opens in a new tab.',
  rulesHeading: 'Contest Rules',
  rules: [
    "Open to all of Cedar Bluff's Labrador dogs and families.",
    'One entry per dog.',
    `Photos must be submitted by ${close.month} ${close.day}, ${close.year}.`,
    'Costumes must be safe and comfortable for your dog.',
    'By entering, you give Cedar Bluff Labradors permission to share your photos on our website and social media.',
  ],
  entriesHeading: 'Contest Entries',
  entriesIntro: 'Meet this year’s costumed contenders. Select a photo to see it up close.',
  closePopup: 'Close photo',
} as const;
