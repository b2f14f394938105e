import {
  API_ROUTES,
  changePasswordRequestSchema,
  changePasswordResponseSchema,
  confirmPasswordRequestSchema,
  confirmPasswordResponseSchema,
  sessionListSchema,
} from '@cedar/api-contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../lib/http-errors';
import { securityEvent } from '../lib/security-log';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionCookieOptions } from './auth-routes';
import { hashPassword, verifyPassword } from './password';
import { passwordProblem } from './password-policy';
import { CONFIRMATION_TTL_MS, type SignedIn } from './sessions';

const signedIn = (request: FastifyRequest): SignedIn => {
  if (!request.admin) throw new HttpError(401, 'unauthorized', 'Please sign in to continue.');
  return request.admin;
};

/**
 * The signed-in admin's own account (inside /api/admin, behind its session check): confirming the
 * password for code edits, changing it, and the list of sessions with sign-out everywhere.
 */
export async function accountRoutes(app: FastifyInstance) {
  const { env, store, sessions, limiter, passwordChecks, cookieName, clock } = app;
  const { devices, deviceCookieName } = app;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  /**
   * Checks the signed-in admin's password under the same limits as a login (so a stolen session
   * cannot be used to guess it), or throws 401/429.
   */
  async function checkPassword(
    request: FastifyRequest,
    password: string,
    event: 'password-confirm' | 'password-change',
  ) {
    const admin = signedIn(request);
    // The browser's device cookie spares it the username's lockout here too, as at login.
    const device = devices.verify(request.cookies[deviceCookieName], admin.username);
    let attempt;
    try {
      attempt = await limiter.admit(request.ip, admin.username, device);
    } catch (error) {
      securityEvent(request, event, 'locked', { username: admin.username });
      throw error;
    }
    const record = await store.admins.find(admin.username);
    const valid = await passwordChecks
      .run(async () => (record ? verifyPassword(password, record.passwordHash) : false))
      .catch(async (error: unknown) => {
        await attempt.withdraw();
        throw error;
      });
    if (!valid) {
      securityEvent(request, event, 'failure', { username: admin.username });
      // Not 401: that would read as "signed out" to the admin screens.
      throw new HttpError(403, 'wrong_password', 'That is not your current password.');
    }
    await attempt.succeeded();
    return admin;
  }

  routes.post(
    API_ROUTES.confirmPassword.path,
    {
      config: { role: 'helper' },
      schema: {
        body: confirmPasswordRequestSchema,
        response: { 200: confirmPasswordResponseSchema },
      },
    },
    async (request, reply) => {
      const admin = await checkPassword(request, request.body.password, 'password-confirm');
      const at = await sessions.confirm(admin);
      securityEvent(request, 'password-confirm', 'success', { username: admin.username });
      reply.header('cache-control', 'no-store');
      return { confirmedUntil: new Date(at.getTime() + CONFIRMATION_TTL_MS).toISOString() };
    },
  );

  routes.post(
    API_ROUTES.changePassword.path,
    {
      config: { role: 'helper' },
      schema: {
        body: changePasswordRequestSchema,
        response: { 200: changePasswordResponseSchema },
      },
    },
    async (request, reply) => {
      const { currentPassword, newPassword } = request.body;
      const admin = await checkPassword(request, currentPassword, 'password-change');
      const problem = passwordProblem(newPassword, admin.username);
      if (problem) {
        securityEvent(request, 'password-change', 'refused', { username: admin.username });
        throw new HttpError(422, 'weak_password', `The new password ${problem}.`, {
          field: 'newPassword',
        });
      }
      const hash = await passwordChecks.run(() => hashPassword(newPassword));
      await store.admins.setPassword(admin.username, hash, clock());
      // Whoever holds a copy of any session cookie, this one's included, is out; this browser
      // goes on with a new session.
      const renewed = await sessions.renew(admin, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      securityEvent(request, 'password-change', 'success', {
        username: admin.username,
        endedSessions: renewed.endedOthers,
      });
      reply
        .setCookie(cookieName, renewed.token, {
          ...sessionCookieOptions(env),
          maxAge: Math.floor(sessions.ttlMs / 1000),
        })
        .header('cache-control', 'no-store');
      return { endedSessions: renewed.endedOthers };
    },
  );

  routes.get(
    API_ROUTES.sessions.path,
    { config: { role: 'helper' }, schema: { response: { 200: sessionListSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const list = await sessions.list(signedIn(request));
      return list.map((s) => ({
        ...s,
        createdAt: s.createdAt.toISOString(),
        lastSeenAt: s.lastSeenAt.toISOString(),
        expiresAt: s.expiresAt.toISOString(),
      }));
    },
  );

  routes.delete(
    API_ROUTES.endSession.path,
    {
      config: { role: 'helper' },
      schema: { params: z.strictObject({ id: z.string().regex(/^[a-f0-9]{16}$/) }) },
    },
    async (request, reply) => {
      const admin = signedIn(request);
      if (!(await sessions.endById(admin.username, request.params.id))) {
        throw new HttpError(404, 'not_found', 'No such session');
      }
      securityEvent(request, 'sessions-end', 'success', { username: admin.username, ended: 1 });
      return reply.code(204).send();
    },
  );

  routes.post(
    API_ROUTES.endAllSessions.path,
    { config: { role: 'helper' }, schema: { body: z.unknown() } },
    async (request, reply) => {
      const admin = signedIn(request);
      const ended = await sessions.endAll(admin.username);
      securityEvent(request, 'sessions-end', 'success', { username: admin.username, ended });
      // This session ended too: the browser forgets its cookie.
      return reply.clearCookie(cookieName, sessionCookieOptions(env)).code(204).send();
    },
  );
}
