import {
  useDeferredValue,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import classes from './popup.module.css';

type PopupSize = 'sm' | 'md' | 'lg' | 'xl' | 'wide';

export interface PopupProps {
  opened: boolean;
  onClose: () => void;
  /** The visible heading, which also names the dialog. */
  title: ReactNode;
  /** The accessible name of the close (x) button. */
  closeLabel: string;
  /** How wide it may get: sm 380, md 440, lg 620, xl 780, wide 1000 px (Mantine's modal sizes). */
  size?: PopupSize;
  /** Fills the screen; a click anywhere but on an element marked `data-keep-open` closes it. */
  fullScreen?: boolean;
  /** Extra classes for the parts, to restyle a popup (the contest's dark full-screen one). */
  classNames?: Partial<Record<'content' | 'header' | 'title' | 'close' | 'body', string>>;
  'data-testid'?: string;
  /** Rendered only while the popup is open. */
  children: ReactNode;
}

function CloseIcon() {
  return (
    <svg viewBox="0 0 15 15" width="70%" height="70%" aria-hidden="true" focusable="false">
      <path
        d="M11.78 4.03a.75.75 0 0 0-1.06-1.06L7.5 6.19 4.28 2.97a.75.75 0 0 0-1.06 1.06L6.44 7.25 3.22 10.47a.75.75 0 1 0 1.06 1.06L7.5 8.31l3.22 3.22a.75.75 0 1 0 1.06-1.06L8.56 7.25z"
        fill="currentColor"
      />
    </svg>
  );
}

/** What Tab can reach inside a popup. */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

let openPopups = 0;

/**
 * The page behind an open popup does not scroll. Switched once the frame that shows (or stops
 * showing) the popup is painted: a change of the root's overflow relays the whole page out, some
 * 30-40 ms on a long page at 4x CPU, and the tap's answer need not wait for it.
 */
function lockScroll(change: 1 | -1): void {
  openPopups += change;
  // The root of the document the popup was in, taken now: the switch comes a frame later, when
  // that document may be gone (a test's page torn down after its last popup closed).
  const root = document.documentElement;
  requestAnimationFrame(() =>
    setTimeout(() => root.toggleAttribute('data-scroll-locked', openPopups > 0)),
  );
}

/**
 * A popup on the browser's `<dialog>`, opened without the browser's modal mode: a modal dialog
 * makes the whole page inert, and restyling every element of a long page cost a slow phone up to
 * a few hundred ms on the first open. So the modal behaviour is ours, and small: the popup covers
 * the page with its backdrop (a click there closes it), Tab and Shift+Tab stay inside, Escape
 * closes the popup it is pressed in (the top one when popups are stacked), the page behind does
 * not scroll, screen readers are told it is modal, and focus goes back to what had it. Light
 * enough to be part of a page's first load, so a popup shows in the frame after the tap; its
 * fade-in is CSS.
 */
export function Popup({
  opened,
  onClose,
  title,
  closeLabel,
  size = 'md',
  fullScreen = false,
  classNames = {},
  'data-testid': testId,
  children,
}: PopupProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  // The tap's own frame shows the popup with its title; what it holds, which can be a whole
  // pedigree, renders right after that frame is painted (a deferred render React can interrupt),
  // so a slow phone answers the tap at once.
  const bodyShown = useDeferredValue(opened);

  // Before the frame is painted: focus moves into the popup in the frame that shows it.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog || !opened) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    lockScroll(1);
    return () => {
      lockScroll(-1);
      // Back to what opened it, unless the visitor has moved on (a link that left the page).
      const focus = document.activeElement;
      if (
        returnTo?.isConnected &&
        (focus === null || focus === document.body || dialog.contains(focus))
      )
        returnTo.focus();
    };
  }, [opened]);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      // Only the popup the key was pressed in closes, not one it was opened from.
      event.stopPropagation();
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    const target = event.target as Element;
    // The dialog element is the backdrop around the popup's box; full screen, the box fills the
    // screen and only what is marked `data-keep-open` keeps it open.
    const outside = fullScreen
      ? !target.closest('[data-keep-open]')
      : target === event.currentTarget;
    if (outside) onClose();
  };

  if (!opened) return null;
  // At the end of the body, above the page whatever the stacking of the part that opened it; a
  // popup opened from another comes after it, so on top of it.
  return createPortal(
    <dialog
      ref={ref}
      open
      className={classes.dialog}
      data-size={fullScreen ? undefined : size}
      data-full-screen={fullScreen || undefined}
      aria-modal="true"
      aria-labelledby={titleId}
      data-testid={testId}
      onKeyDown={onKeyDown}
      onClick={onClick}
    >
      <div className={[classes.content, classNames.content].filter(Boolean).join(' ')}>
        <div className={[classes.header, classNames.header].filter(Boolean).join(' ')}>
          <h2
            id={titleId}
            className={[classes.title, classNames.title].filter(Boolean).join(' ')}
            data-keep-open
          >
            {title}
          </h2>
          <button
            type="button"
            className={[classes.close, classNames.close].filter(Boolean).join(' ')}
            aria-label={closeLabel}
            onClick={onClose}
          >
            <CloseIcon />
          </button>
        </div>
        <div className={[classes.body, classNames.body].filter(Boolean).join(' ')}>
          {bodyShown && children}
        </div>
      </div>
    </dialog>,
    document.body,
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
