// A module of its own: the champion popup opens with its title, without the story it loads apart.

/** The champion winner's headline: the popup's title. */
export const championWinnerTitle = 'Champion Winner: Cedar Bluff’s Battenkill Ranger';
