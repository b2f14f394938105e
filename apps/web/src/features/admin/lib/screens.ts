/**
 * The admin screens and who may open them: the one table the shell's navigation reads, and the
 * screens' own checks of the signed-in role. The server decides what each role may do (every
 * admin route declares its role); this table only keeps the screens from offering the rest.
 */

import type { AdminRole } from '@cedar/api-contract';

export interface AdminScreen {
  /** Its address, as in src/routes.ts. */
  path: string;
  /** Its name in the navigation. */
  label: string;
  roles: readonly AdminRole[];
}

/** In the navigation's order. A new screen gets a line here and one in src/routes.ts. */
export const ADMIN_SCREENS: readonly AdminScreen[] = [
  { path: '/admin', label: 'Dashboard', roles: ['owner', 'helper'] },
  { path: '/admin/files', label: 'File editor', roles: ['owner'] },
  { path: '/admin/litters', label: 'Litters', roles: ['owner'] },
  { path: '/admin/waitlist', label: 'Waitlist', roles: ['owner', 'helper'] },
  { path: '/admin/security', label: 'Security', roles: ['owner', 'helper'] },
];

/** The screens a role may open, in the navigation's order. */
export function screensFor(role: AdminRole): AdminScreen[] {
  return ADMIN_SCREENS.filter((screen) => screen.roles.includes(role));
}

/** Whether a role may open the screen at `pathname` (an address no screen has: no). */
export function mayOpen(role: AdminRole, pathname: string): boolean {
  const screen = ADMIN_SCREENS.find((s) => s.path === pathname.replace(/\/+$/, ''));
  return screen !== undefined && screen.roles.includes(role);
}
