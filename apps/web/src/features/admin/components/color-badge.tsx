import { badgeKey, badgeStyle, colorLabel } from '../lib/preferred-colors';
import classes from './color-badge.module.css';

/**
 * The family's preferred colour, as a badge in that colour. Plain elements drawn as Mantine's
 * Badge (filled, size lg, radius sm) draws them: one is on each of the inbox's cards (decision 034).
 */
export function ColorBadge({ color }: { color: string }) {
  const style = badgeStyle(color);
  return (
    <span
      className={classes.badge}
      data-color={badgeKey(color)}
      style={{ backgroundColor: style.background, color: style.text, borderColor: style.border }}
    >
      <span className={classes.label}>
        <span className={classes.hidden}>Preferred colour: </span>
        {colorLabel(color)}
      </span>
    </span>
  );
}
