import type { TeamMember } from '../schemas';

export const team = [
  {
    name: 'Eleanor Hollis',
    role: 'Founder & Head Breeder',
    description:
      'Eleanor whelped her first English Labrador litter more than fifty years ago and has guided every Cedar Bluff pairing since. She still studies each pedigree by hand and knows every dog on the farm by its footsteps.',
    highlight: 'More than 50 years breeding English Labradors',
    image: '/images/team/eleanor-hollis.jpg',
  },
  {
    name: 'James Hollis',
    role: 'Kennel Manager',
    description:
      'James keeps the farm running, from the daily routines of the adult dogs to the care of our seven open acres. His calm presence is the first thing many of our dogs look for in the morning.',
    image: '/images/team/james-hollis.jpg',
  },
  {
    name: 'Rachel Brennan',
    role: 'Puppy Placement Director',
    description:
      'Rachel, Eleanor’s daughter, reads every application and leads the matching conversations with families. She pairs each puppy with the home whose rhythm suits its temperament, and stays in touch long after go-home day.',
    highlight: 'Second generation of the Cedar Bluff family',
    image: '/images/team/rachel-brennan.jpg',
  },
  {
    name: 'Marcus Bell',
    role: 'Head Trainer, Behavior Academy',
    description:
      'Marcus designs and leads our Bachelor’s, Master’s and Doctorate programs. He believes in short, upbeat sessions and clear routines, and he personally runs the handover session with every graduating family.',
    highlight: 'Leads every Behavior Academy program',
    image: '/images/team/marcus-bell.jpg',
  },
  {
    name: 'Sofia Ramirez',
    role: 'Puppy Trainer',
    description:
      'Sofia starts our youngest students on crate manners, name recognition and loose-leash walking. Her patience with nervous puppies is legendary around the farm, and her students go home with lovely house manners.',
    image: '/images/team/sofia-ramirez.jpg',
  },
  {
    name: 'Caleb Foster',
    role: 'Board & Train Coordinator',
    description:
      'Caleb welcomes adult dogs for their Retreat to the Bluff stays, building each day around training, play and rest. Owners receive regular updates and a full walkthrough of their dog’s progress at pickup.',
    image: '/images/team/caleb-foster.jpg',
  },
  {
    name: 'Dana Whitfield',
    role: 'Whelping & Nursery Lead',
    description:
      'Dana is with our mothers from the first contraction to the day the puppies leave the whelping den. She handles every newborn daily and keeps careful notes on each puppy’s growth and personality.',
    highlight: 'Present at every Cedar Bluff whelping',
    image: '/images/team/dana-whitfield.jpg',
  },
  {
    name: 'Priya Nair',
    role: 'Raw Food Kitchen Manager',
    description:
      'Priya prepares the fresh raw blends our own dogs eat and manages the pickup orders for local families. She is happy to talk any new owner through switching their dog to fresh food.',
    image: '/images/team/priya-nair.jpg',
  },
  {
    name: 'Owen Gallagher',
    role: 'Grounds & Kennel Care',
    description:
      'Owen keeps the kennels spotless, the fences sound and the fields mown for running. If a ball has gone missing somewhere on the seven acres, Owen is the one who knows where to find it.',
    image: '/images/team/owen-gallagher.jpg',
  },
  {
    name: 'Grace Liu',
    role: 'Client Care Coordinator',
    description:
      'Grace answers your calls and e-mails, schedules visits by appointment and keeps every family informed as their litter grows. She is often the first friendly voice new families hear from Cedar Bluff.',
    image: '/images/team/grace-liu.jpg',
  },
] satisfies TeamMember[];
