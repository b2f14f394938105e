import { championWinner, dogById, litters, puppyPhotos, type Litter } from '@cedar/content';

/** A litter as its card shows it: with its sire's and dam's names (the id of a dog not on file). */
export type ListedLitter = Litter & { sireName: string; damName: string };

export function listedLitter(litter: Litter): ListedLitter {
  return {
    ...litter,
    sireName: dogById(litter.sire)?.name ?? litter.sire,
    damName: dogById(litter.dam)?.name ?? litter.dam,
  };
}

/** The champion teaser's: the winner's name (its title if the dog is not on file), photo, title. */
export interface ChampionSummary {
  name: string;
  image: string;
  title: string;
}

/**
 * The puppies page's data, for its loader only (run at build time): the dogs' records the litters'
 * parents and the champion are named from stay out of the page's client code.
 */
export function puppiesPageData() {
  const champion: ChampionSummary = {
    name: dogById(championWinner.dogId)?.name ?? championWinner.title,
    image: championWinner.image,
    title: championWinner.title,
  };
  return { litters: litters.map(listedLitter), puppyPhotos, champion };
}
