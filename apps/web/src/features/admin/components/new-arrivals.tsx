import { Button, Group, VisuallyHidden } from '@mantine/core';
import classes from './inquiry-inbox.module.css';

/**
 * "N new" at the top of the inbox once inquiries have joined it while it was open (a live region:
 * screen readers hear it too). Choosing it goes to the top of the list and clears it.
 */
export function NewArrivals({ count, onShow }: { count: number; onShow: () => void }) {
  return (
    <Group justify="center" className={classes.arrivals} role="status" aria-live="polite">
      {count > 0 && (
        <Button size="compact-md" radius="xl" onClick={onShow}>
          {count} new
          <VisuallyHidden> {count === 1 ? 'inquiry' : 'inquiries'}: go to the top</VisuallyHidden>
        </Button>
      )}
    </Group>
  );
}
