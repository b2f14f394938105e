import { hashPassword } from '../auth/password';
import type { TestApp } from './build';

/** A helper's sign-in for tests (issue 39). */
export const HELPER = { username: 'helper', password: 'meadow-kettle-ribbon-58' } as const;

/** A helper account, made as an accepted invitation makes one. */
export async function addHelper(a: TestApp, who: { username: string; password: string } = HELPER) {
  const now = a.clock.now();
  await a.services.store.admins.create({
    username: who.username,
    passwordHash: await hashPassword(who.password),
    createdAt: now,
    updatedAt: now,
    role: 'helper',
    status: 'active',
  });
}
