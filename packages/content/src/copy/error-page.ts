// The words of the error page, in a module of its own: kept with the header's and footer's, they
// were in every public page's first load, where the page itself is loaded only when one fails.
import type { ErrorPageCopy } from '../schemas';

/** The page shown when a page fails to load or draw (the root route's error boundary). */
export const errorPageCopy = {
  title: 'Something went wrong | Cedar Bluff Labradors',
  heading: 'This page did not load',
  text: 'Something went wrong on our side while opening this page. Please try again in a moment; if it keeps happening, we would be glad to help by phone.',
  retry: 'Try again',
  home: 'Back to the home page',
  callUs: 'Call us at',
} satisfies ErrorPageCopy;
