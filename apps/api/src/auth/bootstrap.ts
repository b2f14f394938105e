import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../env';
import { DuplicateError, type Store } from '../store';
import { hashPassword, verifyPassword } from './password';
import { DEMO_ADMIN } from './password-policy';
import type { Clock } from './sessions';

async function createAdmin(
  store: Store,
  username: string,
  password: string,
  at: Date,
): Promise<boolean> {
  try {
    await store.admins.create({
      username,
      passwordHash: await hashPassword(password),
      createdAt: at,
      updatedAt: at,
    });
    return true;
  } catch (error) {
    if (error instanceof DuplicateError) return false;
    throw error;
  }
}

/**
 * At start-up: the first admin from ADMIN_USERNAME/ADMIN_PASSWORD (created once; later changes go
 * through the CLI), and the demo admin while demo login is on. With demo login off, a demo admin
 * still holding the published password is removed, so it cannot outlive the demo.
 */
export async function ensureAdmins(store: Store, env: Env, clock: Clock, log: FastifyBaseLogger) {
  const now = clock();
  if (env.ADMIN_USERNAME && env.ADMIN_PASSWORD && !(await store.admins.find(env.ADMIN_USERNAME))) {
    if (await createAdmin(store, env.ADMIN_USERNAME, env.ADMIN_PASSWORD, now)) {
      log.info({ username: env.ADMIN_USERNAME }, 'created the admin named in ADMIN_USERNAME');
    }
  }
  const demo = await store.admins.find(DEMO_ADMIN.username);
  const demoPasswordWorks = demo
    ? await verifyPassword(DEMO_ADMIN.password, demo.passwordHash)
    : false;
  if (env.DEMO_LOGIN) {
    if (!demo) await createAdmin(store, DEMO_ADMIN.username, DEMO_ADMIN.password, now);
    else if (!demoPasswordWorks)
      await store.admins.setPassword(
        DEMO_ADMIN.username,
        await hashPassword(DEMO_ADMIN.password),
        now,
      );
  } else if (demo && demoPasswordWorks) {
    await store.admins.remove(DEMO_ADMIN.username);
    await store.sessions.revokeAllFor(DEMO_ADMIN.username);
    log.info('demo login is off: removed the demo admin');
  }
}
