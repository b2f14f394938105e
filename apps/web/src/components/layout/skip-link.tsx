import { layoutCopy } from '@cedar/content';
import classes from './skip-link.module.css';

/** "Skip to content", to the element with id `to`: the site's header and the admin shell. */
export function SkipLink({ to }: { to: string }) {
  return (
    <a href={`#${to}`} className={classes.skipLink}>
      {layoutCopy.skipLink}
    </a>
  );
}
