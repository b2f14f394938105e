import { randomBytes } from 'node:crypto';
import {
  API_ROUTES,
  type AuthConfig,
  authConfigSchema,
  loginRequestSchema,
  loginResponseSchema,
} from '@cedar/api-contract';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../env';
import { z } from 'zod';
import { HttpError } from '../lib/http-errors';
import { securityEvent } from '../lib/security-log';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deviceCookieOptions } from './device-cookies';
import { ownSiteOnly, tokenOf } from './guards';
import { decoyHash, verifyPassword } from './password';
import { DEMO_ADMIN } from './password-policy';

export const sessionCookieOptions = (env: Pick<Env, 'NODE_ENV'>) => ({
  httpOnly: true,
  sameSite: 'strict' as const,
  path: '/',
  secure: env.NODE_ENV === 'production',
});

/** A suspended account's answer at sign-in (issue 39). */
const ACCOUNT_SUSPENDED = 'This account is suspended. Ask the owner of the site to resume it.';

/** /api/auth/*: the login page's configuration, login and logout. */
export async function authRoutes(app: FastifyInstance) {
  const { env, store, sessions, limiter, passwordChecks, cookieName, devices, deviceCookieName } =
    app;
  const { clock } = app;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const cookieOptions = sessionCookieOptions(env);
  app.addHook('onRequest', ownSiteOnly(env));
  // Made now, so that even the first login with an unknown name costs one scrypt, like any other.
  await decoyHash();

  routes.get(
    API_ROUTES.authConfig.path,
    { schema: { response: { 200: authConfigSchema } } },
    async (_request, reply): Promise<AuthConfig> => {
      reply.header('cache-control', 'no-store');
      return { demoLogin: env.DEMO_LOGIN ? { ...DEMO_ADMIN } : null };
    },
  );

  routes.post(
    API_ROUTES.login.path,
    { schema: { body: loginRequestSchema, response: { 200: loginResponseSchema } } },
    async (request, reply) => {
      const { username, password } = request.body;
      // A browser that signed in as this user before is judged by its own limit (OWASP's device
      // cookies): a stranger guessing the username elsewhere does not lock it out.
      const device = devices.verify(request.cookies[deviceCookieName], username);
      let attempt;
      try {
        attempt = await limiter.admit(request.ip, username, device);
      } catch (error) {
        securityEvent(request, 'login', 'locked', { username, knownDevice: device !== null });
        throw error;
      }
      const admin = await store.admins.find(username);
      // Unknown usernames cost the same scrypt time as wrong passwords and get the same answer.
      const valid = await passwordChecks
        .run(async () => verifyPassword(password, admin?.passwordHash ?? (await decoyHash())))
        .catch(async (error: unknown) => {
          await attempt.withdraw();
          throw error;
        });
      if (!admin || !valid) {
        securityEvent(request, 'login', 'failure', {
          username,
          trustedDevice: attempt.trustedDevice,
        });
        throw new HttpError(401, 'invalid_credentials', 'Invalid username or password');
      }
      await attempt.succeeded();
      // Told only to whoever knows the password: a suspended helper learns why, a guesser nothing.
      if (admin.status === 'suspended') {
        securityEvent(request, 'login', 'refused', {
          username: admin.username,
          reason: 'suspended',
        });
        throw new HttpError(403, 'account_suspended', ACCOUNT_SUSPENDED);
      }
      await store.admins.signedIn(admin.username, clock());
      const { token } = await sessions.start(admin.username, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      securityEvent(request, 'login', 'success', {
        username: admin.username,
        trustedDevice: attempt.trustedDevice,
      });
      reply
        .setCookie(cookieName, token, {
          ...cookieOptions,
          maxAge: Math.floor(sessions.ttlMs / 1000),
        })
        // A new device cookie at every sign-in (a fresh nonce: a fresh count of failures).
        .setCookie(deviceCookieName, devices.issue(admin.username), deviceCookieOptions(env))
        .header('cache-control', 'no-store');
      // The spec's screens keep `token` (as `admin-token`) where any script of the page can read
      // it: it is a random marker, never stored and never accepted. The session is the cookie.
      const marker = randomBytes(32).toString('base64url');
      return { token: marker, user: { username: admin.username, role: admin.role ?? 'owner' } };
    },
  );

  routes.post(API_ROUTES.logout.path, { schema: { body: z.unknown() } }, async (request, reply) => {
    const token = tokenOf(request, cookieName);
    const admin = token ? await sessions.check(token) : null;
    if (token) await sessions.end(token);
    if (admin) securityEvent(request, 'logout', 'success', { username: admin.username });
    return reply.clearCookie(cookieName, cookieOptions).code(204).send();
  });
}
