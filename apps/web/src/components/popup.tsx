import {
  startTransition,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type MouseEvent,
  type ReactNode,
} from 'react';
import type { Modal as MantineModal } from '@mantine/core';
import { usePreloadWhenIdle } from './lazy-content';

// Mantine's Modal (with its focus trap and scroll lock) in a chunk of its own: no page needs it
// before its first tap, so it stays out of the first load and arrives while the browser is idle.
type ModalComponent = typeof MantineModal;
/**
 * The Modal once its chunk is in, rendered as it is rather than through React's `lazy`: a popup
 * opened before it was mounted then renders open in the tap's own frame. Through `lazy`, a tap
 * that came first to a Modal not yet rendered suspended it, and React's retry waited behind the
 * page's transitions still running: the popup showed up to 0.57 s after a tap 0.8 s after the
 * page went quiet at 4x CPU, 0.31-0.41 s now (docs/performance.md).
 */
let LoadedModal: ModalComponent | null = null;
let modalCode: Promise<ModalComponent> | null = null;
function loadModal(): Promise<ModalComponent> {
  modalCode ??= import('./popup-modal').then(
    (module) => (LoadedModal = module.default),
    (error: unknown) => {
      // Asked for again when a popup next opens (the network may be back).
      modalCode = null;
      throw error;
    },
  );
  return modalCode;
}

/** The opener, inside a popup below, that a popup which closed marked for that popup's trap. */
let marked: HTMLElement | null = null;

type PopupSize = 'sm' | 'md' | 'lg' | 'xl' | 'wide';

export interface PopupProps {
  opened: boolean;
  onClose: () => void;
  /** The visible heading, which also names the dialog. */
  title: ReactNode;
  /** The accessible name of the close (x) button. */
  closeLabel: string;
  /** How wide it may get: Mantine's modal sizes, and 'wide' (1000 px) for the pedigree. */
  size?: PopupSize;
  /** Fills the screen; a click anywhere but on an element marked `data-keep-open` closes it. */
  fullScreen?: boolean;
  /** Classes for Mantine's Modal parts, to restyle a popup (the contest's dark full-screen one). */
  classNames?: Partial<Record<'content' | 'header' | 'title' | 'close' | 'body', string>>;
  'data-testid'?: string;
  /**
   * What the popup shows. The Modal stays mounted, hidden, while closed (keepMounted): callers
   * give it content only while open (their value is null once closed).
   */
  children: ReactNode;
}

/**
 * The site's popups: Mantine's Modal, with the close button named and the sizes the pages use.
 * Mounted hidden once its code is in (or open, if it opens first), and kept mounted after.
 */
export function Popup({
  opened,
  onClose,
  title,
  closeLabel,
  size = 'md',
  fullScreen = false,
  classNames,
  'data-testid': testId,
  children,
}: PopupProps) {
  // Full screen, the dark area around the photo is the backdrop: a click anywhere but on the
  // title or what is marked `data-keep-open` closes it (the close button and Escape too).
  const onClick = fullScreen
    ? (event: MouseEvent) => {
        if (!(event.target as Element).closest('[data-keep-open], h2')) onClose();
      }
    : undefined;
  // Mounted (closed) as soon as its chunk is in, so that Mantine sees it open and returns focus
  // to the opener on close; a popup opened before that is mounted open, and returns focus here.
  const [mounted, setMounted] = useState<'closed' | 'open' | null>(opened ? 'open' : null);
  if (opened && mounted === null) setMounted('open');
  // A transition: React renders the hidden Modal in slices of a few milliseconds, yielding to the
  // browser in between, instead of one long task while the page is still loading.
  const mountClosed = useCallback(
    () => loadModal().then(() => startTransition(() => setMounted((m) => m ?? 'closed'))),
    [],
  );
  usePreloadWhenIdle(mountClosed);
  // Opened before the code is in: asked for at once, and shown as soon as it arrives, through an
  // update that goes ahead of the page's transitions. Code that cannot be loaded closes the popup
  // (the page stays as it was), so that the next tap opens it again and asks for the code again.
  const [, setCodeIn] = useState(LoadedModal !== null);
  useEffect(() => {
    if (!opened || LoadedModal !== null) return;
    let live = true;
    loadModal().then(
      () => live && setCodeIn(true),
      () => live && onClose(),
    );
    return () => {
      live = false;
    };
  }, [opened, onClose]);
  // Focus goes back to what opened the popup once it closes (unless the visitor moved it on):
  // done here rather than by Mantine, which cannot see the opener when the popup's first open
  // is also the Modal's mount.
  // Its place in a Mantine Modal.Stack, when one holds it (a page whose popups open one another).
  const stackId = useId();
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (!opened) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    return () => {
      const back = opener.current;
      const focus = document.activeElement;
      const lost =
        focus === null || focus === document.body || focus.closest('[role="dialog"]') !== null;
      if (back?.isConnected && lost && focus !== back) back.focus();
      // A popup below this one in a stack takes focus when it is the top one again: Mantine's
      // focus trap focuses its element marked `data-autofocus` (else its first control), in a
      // timer of its own that a slow phone runs late. The opener, when it is in that popup, is
      // the one marked, so the trap itself gives focus back to it (decision 036).
      marked?.removeAttribute('data-autofocus');
      marked = back?.closest('[role="dialog"]') ? back : null;
      marked?.setAttribute('data-autofocus', '');
    };
  }, [opened]);
  // Mantine's scroll lock, switched on once the frame that shows the popup is painted: locking
  // changes the page's overflow, which lays the whole page out again, and in the frame of the tap
  // that doubled the time a tap took to answer (docs/performance.md).
  const [lockScroll, setLockScroll] = useState(false);
  useEffect(() => {
    if (!opened) {
      setLockScroll(false);
      return;
    }
    let timer: number | undefined;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setLockScroll(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [opened]);
  if (mounted === null || LoadedModal === null) return null;
  const Modal = LoadedModal;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={size === 'wide' ? 1000 : size}
      fullScreen={fullScreen}
      centered
      closeButtonProps={{ 'aria-label': closeLabel }}
      returnFocus={false}
      classNames={classNames}
      data-testid={testId}
      onClick={onClick}
      stackId={stackId}
      lockScroll={lockScroll}
      transitionProps={{ duration: 0 }}
      // Its parts (overlay, frame, header, close button) are rendered, hidden, as soon as it is
      // mounted closed; opening it reveals them and renders only what it shows. A tap on a
      // puppy photo at 4x CPU: 104 -> 72 ms median (docs/performance.md).
      keepMounted
    >
      {children}
    </Modal>
  );
}

/** What a popup shows (a photo, a dog, a litter), or null while it is closed. */
export interface PopupState<T> {
  open: (value: T) => void;
  close: () => void;
  subscribe: (listener: () => void) => () => void;
  get: () => T | null;
}

function createPopupState<T>(): PopupState<T> {
  let value: T | null = null;
  const listeners = new Set<() => void>();
  const set = (next: T | null) => {
    value = next;
    for (const listener of listeners) listener();
  };
  return {
    open: (next) => set(next),
    close: () => set(null),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get: () => value,
  };
}

/**
 * A popup's state, held outside React's state: `open` and `close` never change, and opening the
 * popup renders only the popup (`usePopupValue`), not the page that holds the state and its
 * dozens of cards.
 */
export function usePopupState<T>(): PopupState<T> {
  const [state] = useState(createPopupState<T>);
  return state;
}

/** The value a popup shows, or null while closed; re-renders its caller alone. */
export function usePopupValue<T>(state: PopupState<T>): T | null {
  return useSyncExternalStore(state.subscribe, state.get, () => null);
}
