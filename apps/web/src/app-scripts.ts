/** The id of the <noscript> that holds React Router's scripts until the page starts them. */
export const APP_SCRIPTS = 'app-scripts';

/**
 * How long after its first paint a page waits for its load before it starts: the load waits for
 * every image, and one stalled on a slow network would hold the app back.
 */
export const LOAD_WAIT_MS = 3_000;
