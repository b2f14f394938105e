import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ensureAdmins } from '../auth/bootstrap';
import { DeviceCookies, deviceCookieName } from '../auth/device-cookies';
import { sessionCookieName } from '../auth/guards';
import { LoginLimiter } from '../auth/login-limiter';
import { Passkeys } from '../auth/passkeys';
import { SessionService } from '../auth/sessions';
import { Gate } from '../lib/gate';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionService;
    limiter: LoginLimiter;
    /** At most two password checks (scrypt) at a time. */
    passwordChecks: Gate;
    /** The session cookie's name (`__Host-` in production). */
    cookieName: string;
    /** Device cookies: a browser that signed in is not slowed by a stranger's guesses. */
    devices: DeviceCookies;
    /** The device cookie's name (`__Host-` in production). */
    deviceCookieName: string;
    /** Passkey registrations and sign-ins (WebAuthn). */
    passkeys: Passkeys;
  }
}

/** Password checks (scrypt) at once, and how many more may wait for their turn. */
const PASSWORD_CHECKS = { parallel: 2, waiting: 32 } as const;

/**
 * Sessions, login limits, device cookies and the password-check gate; at start-up, the first admin from the
 * environment and the demo admin where it may exist (auth/bootstrap.ts).
 */
export const authPlugin = fp(
  async (app: FastifyInstance, { passwordChecks }: { passwordChecks?: Gate }) => {
    const { env, store, clock } = app;
    app.decorate(
      'sessions',
      new SessionService(store, { ttlMs: env.SESSION_TTL, idleTtlMs: env.SESSION_IDLE_TTL, clock }),
    );
    app.decorate('limiter', new LoginLimiter(store, clock));
    app.decorate(
      'passwordChecks',
      passwordChecks ?? new Gate(PASSWORD_CHECKS.parallel, PASSWORD_CHECKS.waiting),
    );
    app.decorate('cookieName', sessionCookieName(env));
    app.decorate('devices', await DeviceCookies.open(store, clock));
    app.decorate('deviceCookieName', deviceCookieName(env));
    app.decorate('passkeys', new Passkeys(store, env, clock));
    app.decorateRequest('admin', null);
    await ensureAdmins(store, env, clock, app.log);
  },
  { name: 'auth', dependencies: ['config', 'store'] },
);
