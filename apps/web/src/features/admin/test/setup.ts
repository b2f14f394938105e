import { afterEach } from 'vitest';
import { answerApiCalls, resetToasts } from './render-admin';

// The admin projects' setup, run before each of their test files (after src/test/setup.ts).
// Their files share one module graph and one jsdom per worker (`isolate: false`), so what one
// file leaves behind is cleared here for the next: the API's handlers and recorded calls, the
// session and anything else kept in storage, and the toasts.
answerApiCalls();

afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  resetToasts();
});
