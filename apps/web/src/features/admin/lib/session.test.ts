import { STORAGE_KEYS } from '@cedar/content';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearSession, readSession, saveSession } from './session';

beforeEach(() => localStorage.clear());

describe('stored admin session', () => {
  it('uses the keys admin-token and admin-user', () => {
    saveSession({ token: 't1', user: { username: 'owner', role: 'admin' } });
    expect(localStorage.getItem('admin-token')).toBe('t1');
    expect(JSON.parse(localStorage.getItem('admin-user') ?? '')).toEqual({
      username: 'owner',
      role: 'admin',
    });
    expect(readSession()).toEqual({ token: 't1', user: { username: 'owner', role: 'admin' } });
  });

  it.each([
    ['no token', null, '{"username":"owner"}'],
    ['no user', 't', null],
    ['an unparseable user', 't', '{oops'],
    ['a user that is not an object', 't', '"owner"'],
    ['a user without a username', 't', '{"name":"owner"}'],
    ['an empty token', '', '{"username":"owner"}'],
  ])('counts %s as absent', (_label, token, user) => {
    if (token !== null) localStorage.setItem(STORAGE_KEYS.token, token);
    if (user !== null) localStorage.setItem(STORAGE_KEYS.user, user);
    expect(readSession()).toBeNull();
  });

  it('clears both values', () => {
    saveSession({ token: 't', user: { username: 'owner' } });
    clearSession();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });
});
