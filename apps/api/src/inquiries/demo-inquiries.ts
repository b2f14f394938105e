import type { Store } from '../store';

const HOUR = 3_600_000;

/**
 * Demo inquiries as the forms provider would deliver them, spread over the last ten days: three
 * within 24 hours, two without a message, and one colour the dashboard does not know.
 */
const DEMO = [
  {
    hoursAgo: 2,
    firstName: 'Megan',
    lastName: 'Whitaker',
    email: 'megan.whitaker@example.com',
    phone: '(518) 555-0142',
    preferredColor: 'yellow',
    message:
      'We lost our old yellow Lab last spring and the house is far too quiet. Our two boys are 9 and 12. Is there room on the list for a female from your next litter?',
  },
  {
    hoursAgo: 7,
    firstName: 'Daniel',
    lastName: 'Okafor',
    email: 'd.okafor@example.net',
    phone: '(802) 555-0117',
    preferredColor: 'chocolate',
    message:
      "I'm interested in the Bachelor's Degree training with a puppy. How many minutes a day would I need to keep up the practice at home once he comes home?",
  },
  {
    hoursAgo: 19,
    firstName: 'Priya',
    lastName: 'Raman',
    email: 'priya.raman@example.org',
    phone: '(413) 555-0188',
    preferredColor: 'fox-red',
  },
  {
    hoursAgo: 30,
    firstName: 'Tom',
    lastName: 'Gallagher',
    email: 'tgallagher@example.com',
    phone: '(518) 555-0163',
    preferredColor: 'black',
    message:
      'Could we schedule an appointment to meet the parents of the upcoming litter? Weekends work best for us; we would drive up from Albany.',
  },
  {
    hoursAgo: 46,
    firstName: 'Rachel',
    lastName: 'Bennett',
    email: 'rachel.bennett@example.com',
    phone: '(917) 555-0131',
    preferredColor: 'no-preference',
    message:
      'Temperament matters far more to us than colour. We want a calm family dog who will be good with my elderly mother. What would you recommend?',
  },
  {
    hoursAgo: 60,
    firstName: 'Luis',
    lastName: 'Herrera',
    email: 'luis.herrera@example.net',
    phone: '(518) 555-0109',
    preferredColor: 'yellow',
    message:
      'Does the raw food you sell work for a puppy too, or only for adult dogs? We can pick up on Saturdays.',
  },
  {
    hoursAgo: 80,
    firstName: 'Hannah',
    lastName: 'Lindqvist',
    email: 'hannah.l@example.org',
    phone: '(860) 555-0154',
    preferredColor: 'champagne',
    message:
      'Our vet suggested waiting until two years old before spaying. Is that what you advise as well? We are hoping for a girl next year.',
  },
  {
    hoursAgo: 105,
    firstName: 'Marcus',
    lastName: 'Reed',
    email: 'marcus.reed@example.com',
    phone: '(518) 555-0176',
    preferredColor: 'black',
  },
  {
    hoursAgo: 130,
    firstName: 'Emily',
    lastName: 'Carter',
    email: 'emily.carter@example.com',
    phone: '(914) 555-0122',
    preferredColor: 'dudley',
    message:
      "We fell in love with a yellow Lab with a pink nose at a friend's house. Do your litters ever have that colouring?",
  },
  {
    hoursAgo: 170,
    firstName: 'Sam',
    lastName: 'Nakamura',
    email: 'sam.nakamura@example.net',
    phone: '(518) 555-0195',
    preferredColor: 'chocolate',
    message:
      'We have a four-year-old male who pulls on the leash and jumps on guests. Is Board & Train open to adult dogs, and how long would he stay?',
  },
  {
    hoursAgo: 200,
    firstName: 'Grace',
    lastName: "O'Neill",
    email: 'grace.oneill@example.com',
    phone: '(607) 555-0140',
    preferredColor: 'yellow',
    message:
      'I filled in the puppy matching questionnaire last week. Just checking it came through, and happy to answer any follow-up questions.',
  },
  {
    hoursAgo: 235,
    firstName: 'Jonah',
    lastName: 'Feldman',
    email: 'jonah.feldman@example.org',
    phone: '(518) 555-0128',
    preferredColor: 'silver',
    message: 'Do you ever have silver puppies? If not, a charcoal or black would be lovely too.',
  },
] as const;

export const DEMO_INQUIRY_COUNT = DEMO.length;

export async function seedDemoInquiries(store: Store, now: Date): Promise<number> {
  for (const { hoursAgo, ...inquiry } of DEMO) {
    // A few minutes' jitter so the times on the dashboard look like real submissions.
    const minutes = (inquiry.firstName.length * 7) % 53;
    await store.inquiries.create({
      ...inquiry,
      createdAt: new Date(now.getTime() - hoursAgo * HOUR - minutes * 60_000),
    });
  }
  return DEMO.length;
}

/** Fills an empty store with the demo inquiries; leaves a store that has any inquiry alone. */
export async function seedIfEmpty(store: Store, now: Date): Promise<number> {
  return (await store.inquiries.count()) === 0 ? seedDemoInquiries(store, now) : 0;
}
