/**
 * The admin area's settings. A module of their own: a module's used values travel together into
 * one chunk, so kept with the site's colours and counts they were in every public page's first
 * load.
 */
export const STORAGE_KEYS = { token: 'admin-token', user: 'admin-user' } as const;

export const QUERY_DEFAULTS = {
  refetchInterval: false,
  refetchOnWindowFocus: false,
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
  mutationRetry: false,
} as const;

export const TOAST_SETTINGS = {
  limit: 1,
  removeDelayMs: 1_000_000,
  durationMs: 5000,
  swipeDirection: 'right',
  swipeThresholdPx: 50,
  hotkey: 'F8',
  maxWidthPx: 420,
} as const;

export const TEST_LOGIN_DELAY_MS = 100;
