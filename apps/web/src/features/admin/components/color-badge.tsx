import { Badge, VisuallyHidden } from '@mantine/core';
import { badgeKey, badgeStyle, colorLabel } from '../lib/preferred-colors';

export function ColorBadge({ color }: { color: string }) {
  const style = badgeStyle(color);
  return (
    <Badge
      variant="filled"
      tt="none"
      size="lg"
      radius="sm"
      color={style.background}
      c={style.text}
      bd={`1px solid ${style.border}`}
      data-color={badgeKey(color)}
    >
      <VisuallyHidden>Preferred colour: </VisuallyHidden>
      {colorLabel(color)}
    </Badge>
  );
}
