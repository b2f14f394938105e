import { describe, expect, it } from 'vitest';
import routes from '../../../routes';
import { roleOf } from './role';
import { ADMIN_SCREENS, mayOpen, screensFor } from './screens';
import type { StoredSession } from './session';

interface RouteEntry {
  path?: string;
  index?: boolean;
  file: string;
  children?: RouteEntry[];
}

describe('the admin screens table', () => {
  it('has a line for every screen in the shell of src/routes.ts, and no other', () => {
    const admin = (routes as RouteEntry[]).find((r) => r.path === 'admin');
    const shell = admin?.children?.find((r) => r.file === 'features/admin/admin-shell.tsx');
    const paths = (shell?.children ?? []).map((r) => (r.index ? '/admin' : `/admin/${r.path}`));
    expect(paths.length).toBeGreaterThan(0);
    expect(ADMIN_SCREENS.map((s) => s.path).sort()).toEqual(paths.sort());
  });

  it("gives the owner every screen and a helper the inquiries, the waitlist and their own account's security", () => {
    expect(screensFor('owner').map((s) => s.path)).toEqual(ADMIN_SCREENS.map((s) => s.path));
    expect(screensFor('helper').map((s) => s.path)).toEqual([
      '/admin',
      '/admin/waitlist',
      '/admin/security',
    ]);
  });

  it('reads a helper only from role "helper"; no role (an account from before roles) is the owner', () => {
    const stored = (user: StoredSession['user']) => ({ token: 't', user });
    expect(roleOf(stored({ username: 'sam', role: 'helper' }))).toBe('helper');
    expect(roleOf(stored({ username: 'rosa', role: 'owner' }))).toBe('owner');
    expect(roleOf(stored({ username: 'rosa' }))).toBe('owner');
    expect(roleOf(stored({ username: 'rosa', role: 'admin' }))).toBe('owner');
  });

  it('says which screens a role may open, by address', () => {
    expect(mayOpen('helper', '/admin')).toBe(true);
    expect(mayOpen('helper', '/admin/waitlist/')).toBe(true);
    expect(mayOpen('helper', '/admin/files')).toBe(false);
    expect(mayOpen('helper', '/admin/litters')).toBe(false);
    expect(mayOpen('owner', '/admin/files')).toBe(true);
    expect(mayOpen('owner', '/admin/nowhere')).toBe(false);
  });
});
