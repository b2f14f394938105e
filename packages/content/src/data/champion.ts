import type { ChampionWinner } from '../schemas';

export const championWinner = {
  dogId: 'ranger',
  title: 'Champion Winner: Cedar Bluff’s Battenkill Ranger',
  image: '/images/champion/ranger-champion.jpg',
  story: [
    'Ranger was the boldest puppy in his litter, the first to leave the whelping den and the first to carry a toy back to whoever threw it. We kept him for his balance and his easy, happy nature, never imagining how far that steady temperament would take him.',
    'In the show ring he moved with the same relaxed confidence he shows at home, standing square and calm while the judges went over him. He finished his championship with the classic English type we have worked toward for more than fifty years: a broad head, a short, dense coat, a thick otter tail and a kind, intelligent eye.',
    'For us the ribbons matter less than what Ranger passes on. His puppies inherit his substance and his gentle, people-loving character, and their families tell us the same thing again and again: they are as easy to live with as they are beautiful to look at.',
  ],
} satisfies ChampionWinner;
