import { randomBytes } from 'node:crypto';
import {
  acceptInvitationRequestSchema,
  API_ROUTES,
  invitationCheckRequestSchema,
  invitationCheckResponseSchema,
  loginResponseSchema,
} from '@cedar/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-errors';
import { securityEvent } from '../lib/security-log';
import { DuplicateError } from '../store';
import { sessionCookieOptions } from './auth-routes';
import { deviceCookieOptions } from './device-cookies';
import { ownSiteOnly } from './guards';
import { hashToken } from './sessions';
import { hashPassword } from './password';
import { passwordProblem } from './password-policy';

/** Unknown, used and expired links get one answer: the store keeps none of them apart. */
export const INVITATION_GONE =
  'This invitation link has expired or has already been used. Ask the owner for a new one.';
const USERNAME_TAKEN = 'That username is taken. Ask the owner for an invitation with another.';

const gone = () => new HttpError(410, 'invitation_gone', INVITATION_GONE);

/**
 * /api/auth/invitation/*: the page a helper's one-time link opens (issue 39). The token travels in
 * the body, never in a URL the server logs; accepting it sets the helper's password, takes the
 * invitation in one atomic step, and signs the helper in.
 */
export async function invitationRoutes(app: FastifyInstance) {
  const { env, store, sessions, passwordChecks, cookieName, devices, deviceCookieName, clock } =
    app;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', ownSiteOnly(env));

  routes.post(
    API_ROUTES.checkInvitation.path,
    {
      schema: {
        body: invitationCheckRequestSchema,
        response: { 200: invitationCheckResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const invitation = await store.invitations.find(hashToken(request.body.token), clock());
      if (!invitation) throw gone();
      return { username: invitation.username, expiresAt: invitation.expiresAt.toISOString() };
    },
  );

  routes.post(
    API_ROUTES.acceptInvitation.path,
    { schema: { body: acceptInvitationRequestSchema, response: { 200: loginResponseSchema } } },
    async (request, reply) => {
      const { token, password } = request.body;
      const tokenHash = hashToken(token);
      const invitation = await store.invitations.find(tokenHash, clock());
      if (!invitation) throw gone();
      const { username } = invitation;
      const problem = passwordProblem(password, username);
      if (problem)
        throw new HttpError(422, 'weak_password', `The password ${problem}.`, {
          field: 'password',
        });
      if (await store.admins.find(username)) {
        securityEvent(request, 'invitation-accept', 'refused', { username, reason: 'taken' });
        throw new HttpError(409, 'username_taken', USERNAME_TAKEN);
      }
      const passwordHash = await passwordChecks.run(() => hashPassword(password));
      // The claim: of two tabs sending the link at once, one gets it.
      const taken = await store.invitations.consume(tokenHash, clock());
      if (!taken) throw gone();
      const now = clock();
      try {
        await store.admins.create({
          username,
          passwordHash,
          createdAt: now,
          updatedAt: now,
          role: taken.role,
          status: 'active',
          lastSignInAt: now,
          ...(taken.email ? { email: taken.email } : {}),
        });
      } catch (error) {
        if (!(error instanceof DuplicateError)) throw error;
        throw new HttpError(409, 'username_taken', USERNAME_TAKEN);
      }
      const session = await sessions.start(username, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      securityEvent(request, 'invitation-accept', 'success', {
        username,
        role: taken.role,
        target: username,
      });
      reply
        .setCookie(cookieName, session.token, {
          ...sessionCookieOptions(env),
          maxAge: Math.floor(sessions.ttlMs / 1000),
        })
        .setCookie(deviceCookieName, devices.issue(username), deviceCookieOptions(env))
        .header('cache-control', 'no-store');
      // As at login: the page keeps a random marker as `admin-token`; the session is the cookie.
      return {
        token: randomBytes(32).toString('base64url'),
        user: { username, role: taken.role },
      };
    },
  );
}
