import {
  use,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { loadOnce, whenIdle } from '../lib/load-once';
import classes from './popup.module.css';

export type PopupSize = 'sm' | 'md' | 'lg' | 'xl' | 'wide';

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
  classNames?: Partial<Record<'dialog' | 'header' | 'title' | 'close' | 'body', string>>;
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

/**
 * A popup on the browser's own modal `<dialog>`: it sits above the page, keeps focus inside,
 * closes with Escape or a click outside it, and gives focus back to what had it, all without
 * script of ours; its fade-in is CSS. Light enough to be part of a page's first load, so a popup
 * shows in the frame after the tap (Mantine's Modal, with its portal, focus trap, scroll lock and
 * transitions, cost a phone a few hundred ms to load and mount on the first open).
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
  const current = useRef({ opened, onClose });
  useLayoutEffect(() => {
    current.current = { opened, onClose };
  });

  // Before the frame is painted, so the popup shows in the same frame as the tap's answer.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (opened && !dialog.open) dialog.showModal();
    else if (!opened && dialog.open) dialog.close();
  }, [opened]);

  // Escape and a click outside close the dialog first; the owner then learns it is closed.
  const onDialogClose = () => {
    if (current.current.opened) current.current.onClose();
  };
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    const target = event.target as Element;
    // A click on the backdrop lands on the dialog element itself (its content fills its box).
    const outside = fullScreen ? !target.closest('[data-keep-open]') : target === ref.current;
    if (outside) onClose();
  };

  return (
    <dialog
      ref={ref}
      className={[classes.dialog, classNames.dialog].filter(Boolean).join(' ')}
      data-size={fullScreen ? undefined : size}
      data-full-screen={fullScreen || undefined}
      aria-labelledby={titleId}
      data-testid={testId}
      onClose={onDialogClose}
      onClick={onClick}
    >
      {opened && (
        <>
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
            {children}
          </div>
        </>
      )}
    </dialog>
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

/**
 * Loads a popup's content once the page has hydrated and the browser is idle, so the first tap
 * finds it in (a tap before that loads it then).
 */
export function usePreloadWhenIdle(preload: () => Promise<unknown>): void {
  useEffect(() => whenIdle(() => void preload()), [preload]);
}

/**
 * A popup's content, in a chunk of its own: out of the page's first load, loaded when the page is
 * idle (`usePreloadWhenIdle(Content.preload)`) or at the latest when the popup first opens. Once
 * in, it renders without suspending. Render it inside a Suspense boundary.
 */
export function lazyContent<P extends object>(load: () => Promise<ComponentType<P>>) {
  const preload = () => loadOnce(load);
  function Content(props: P) {
    const Loaded = use(preload());
    return <Loaded {...props} />;
  }
  return Object.assign(Content, { preload });
}
