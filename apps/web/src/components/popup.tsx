import type { ModalProps } from '@mantine/core';
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';

/** True from the first time `opened` is true: a popup's code loads then, and stays. */
export function useOpenedOnce(opened: boolean): boolean {
  const [once, setOnce] = useState(opened);
  if (opened && !once) setOnce(true);
  return once || opened;
}

/**
 * False on a component's first render, true from then on. A popup that loads on first open
 * renders closed first, then open: Mantine remembers the element to return focus to, and plays
 * its opening transition, only when `opened` changes.
 */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}

function OpenAfterMount<P extends { opened: boolean }>({
  component: Component,
  props,
}: {
  component: ComponentType<P>;
  props: P;
}) {
  const mounted = useMounted();
  return <Component {...props} opened={mounted && props.opened} />;
}

const LazyModal = lazy(() => import('./popup-modal'));

/**
 * Mantine's Modal, loaded on first open: a page's popups (and Mantine's focus trap, scroll lock
 * and transitions behind them) stay out of its first load. Same props as Modal.
 */
export function Popup(props: ModalProps) {
  const used = useOpenedOnce(props.opened);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <OpenAfterMount component={LazyModal} props={props} />
    </Suspense>
  );
}
