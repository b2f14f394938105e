import { championWinner, dogById, puppiesCopy } from '@cedar/content';
import { SiteImage } from '../../components/site-image';
import classes from './puppies-page.module.css';

const copy = puppiesCopy.champion;
const championName = dogById(championWinner.dogId)?.name ?? championWinner.title;

/** The champion popup's contents: the photo and the story. */
export function ChampionStory() {
  return (
    <>
      <figure className={classes.championFigure}>
        <SiteImage
          src={championWinner.image}
          alt={copy.photoAlt(championName)}
          sizes="(min-width: 48em) 620px, 100vw"
        />
      </figure>
      <div className={classes.championStory}>
        {championWinner.story.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
    </>
  );
}
