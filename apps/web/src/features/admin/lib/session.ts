import { STORAGE_KEYS } from '@cedar/content';

interface StoredUser {
  username: string;
  [field: string]: unknown;
}

export interface StoredSession {
  token: string;
  user: StoredUser;
}

function parseUser(raw: string | null): StoredUser | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    const username = (value as { username?: unknown }).username;
    return typeof username === 'string' ? (value as StoredUser) : null;
  } catch {
    return null;
  }
}

/** The admin gate: both values present and the user a parseable object with a username. Call only in effects and handlers. */
export function readSession(storage: Storage = window.localStorage): StoredSession | null {
  const token = storage.getItem(STORAGE_KEYS.token);
  const user = parseUser(storage.getItem(STORAGE_KEYS.user));
  return token && user ? { token, user } : null;
}

export function saveSession(session: StoredSession, storage: Storage = window.localStorage): void {
  storage.setItem(STORAGE_KEYS.token, session.token);
  storage.setItem(STORAGE_KEYS.user, JSON.stringify(session.user));
}

export function clearSession(storage: Storage = window.localStorage): void {
  storage.removeItem(STORAGE_KEYS.token);
  storage.removeItem(STORAGE_KEYS.user);
}
