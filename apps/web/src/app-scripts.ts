/** The id of the <noscript> that holds React Router's scripts until the page starts them. */
export const APP_SCRIPTS = 'app-scripts';

/**
 * How long after its first paint a page waits for its load before it starts: the load waits for
 * every image, and one stalled on a slow network would hold the app back.
 */
export const LOAD_WAIT_MS = 3_000;

/**
 * The window's property where the page's start script (start-app.ts) keeps the last button pressed
 * before the app's script has started, for the app to press once it has hydrated (root.tsx).
 */
export const EARLY_PRESS = '__cedarEarlyPress';

/**
 * Set by root.tsx once React has committed the hydrated page: from then on React sees every press
 * itself. Until then the start script keeps a button's press (start-app.ts).
 */
export const APP_STARTED = '__cedarAppStarted';

/**
 * The events of a press (a tap, a click, a key on a focused button) that react-dom 19 answers, on a
 * page it has not finished hydrating, by hydrating the page at once inside the event (its
 * "discrete" events): the start script stops them at the window for a kept button.
 */
export const PRESS_EVENTS = [
  'pointerdown',
  'mousedown',
  'touchstart',
  'pointerup',
  'mouseup',
  'touchend',
  'click',
  'keydown',
  'keyup',
] as const;

/**
 * What a prerendered page's lazily loaded parts ask for as their modules run (photo-carousel.tsx),
 * for entry.client.tsx to wait for before it hydrates.
 */
export const BEFORE_HYDRATE = '__cedarBeforeHydrate';

declare global {
  interface Window {
    [BEFORE_HYDRATE]?: Array<Promise<unknown>>;
    [EARLY_PRESS]?: HTMLElement;
    [APP_STARTED]?: boolean;
  }
}
