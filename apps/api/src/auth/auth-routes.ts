import { randomBytes } from 'node:crypto';
import {
  API_ROUTES,
  type AuthConfig,
  authConfigSchema,
  type LoginResponse,
  loginAnswerSchema,
  loginCodeRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  passkeySignInRequestSchema,
  SECOND_STEP_COOKIE,
  webauthnOptionsSchema,
} from '@cedar/api-contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Env } from '../env';
import { z } from 'zod';
import { HttpError } from '../lib/http-errors';
import { perAddressLimit } from '../lib/address-limit';
import { checkCode } from './one-time-codes';
import { CHALLENGE_TTL_MS } from './passkeys';
import { hashToken } from './sessions';
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

/** The second step's cookie: only the login page's code request ever carries it back. */
const secondStepCookieOptions = (env: Pick<Env, 'NODE_ENV'>) => ({
  httpOnly: true,
  sameSite: 'strict' as const,
  path: '/api/auth',
  secure: env.NODE_ENV === 'production',
});

/**
 * Passkey sign-ins from one address (an IPv6 client by its /64): a sign-in takes two requests.
 * Not the password limiter (a stranger's wrong passwords never hold a passkey back), but enough to
 * keep anyone from filling the store with challenges or keeping the server busy verifying.
 */
export const PASSKEY_SIGN_IN_LIMIT = { max: 30, windowMs: 5 * 60_000 } as const;

const TICKET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** /api/auth/*: the login page's configuration, login (password, code, passkey) and logout. */
export async function authRoutes(app: FastifyInstance) {
  const { env, store, sessions, limiter, passwordChecks, cookieName, devices, deviceCookieName } =
    app;
  const { clock, passkeys } = app;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const cookieOptions = sessionCookieOptions(env);
  app.addHook('onRequest', ownSiteOnly(env));
  // Made now, so that even the first login with an unknown name costs one scrypt, like any other.
  await decoyHash();

  /** A new session for `username`: the cookies, and the answer every way of signing in gives. */
  async function signIn(
    request: FastifyRequest,
    reply: FastifyReply,
    username: string,
    method: string,
  ): Promise<LoginResponse> {
    const admin = await store.admins.find(username);
    // Told only to whoever proved who they are: a suspended helper learns why, a guesser nothing.
    if (!admin || admin.status === 'suspended') {
      securityEvent(request, 'login', 'refused', { username, method, reason: 'suspended' });
      throw new HttpError(403, 'account_suspended', ACCOUNT_SUSPENDED);
    }
    await store.admins.signedIn(username, clock());
    const { token } = await sessions.start(username, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    reply
      .setCookie(cookieName, token, {
        ...cookieOptions,
        maxAge: Math.floor(sessions.ttlMs / 1000),
      })
      // A new device cookie at every sign-in (a fresh nonce: a fresh count of failures).
      .setCookie(deviceCookieName, devices.issue(username), deviceCookieOptions(env))
      .header('cache-control', 'no-store');
    // The spec's screens keep `token` (as `admin-token`) where any script of the page can read
    // it: it is a random marker, never stored and never accepted. The session is the cookie.
    const marker = randomBytes(32).toString('base64url');
    return { token: marker, user: { username, role: admin.role ?? 'owner' } };
  }

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
    { schema: { body: loginRequestSchema, response: { 200: loginAnswerSchema } } },
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
      const factors = await store.factors.get(admin.username);
      if (factors?.totp) {
        // The password was right, but that alone neither signs in nor clears the counters (else
        // each right password would reset the count of wrong codes): the attempt is withdrawn,
        // and the code's own check is counted like a password's.
        await attempt.withdraw();
        const ticket = randomBytes(32).toString('base64url');
        await store.challenges.put({
          _id: hashToken(ticket),
          purpose: 'second-step',
          username: admin.username,
          expiresAt: new Date(clock().getTime() + CHALLENGE_TTL_MS),
        });
        // Not a sign-in yet: the password was right and the code is asked for.
        securityEvent(request, 'login-second-step', 'success', { username: admin.username });
        reply
          .setCookie(SECOND_STEP_COOKIE, ticket, {
            ...secondStepCookieOptions(env),
            maxAge: CHALLENGE_TTL_MS / 1000,
          })
          .header('cache-control', 'no-store');
        return { secondStep: 'code' as const };
      }
      if (env.REQUIRE_MFA && (await store.passkeys.countFor(admin.username)) > 0) {
        await attempt.withdraw();
        securityEvent(request, 'login', 'refused', {
          username: admin.username,
          method: 'password',
          reason: 'passkey-required',
        });
        throw new HttpError(
          403,
          'passkey_required',
          'This account signs in with its passkey: choose "Sign in with a passkey".',
        );
      }
      await attempt.succeeded();
      const answer = await signIn(request, reply, admin.username, 'password');
      securityEvent(request, 'login', 'success', {
        username: admin.username,
        method: 'password',
        trustedDevice: attempt.trustedDevice,
      });
      return answer;
    },
  );

  routes.post(
    API_ROUTES.loginCode.path,
    { schema: { body: loginCodeRequestSchema, response: { 200: loginResponseSchema } } },
    async (request, reply) => {
      const ticket = request.cookies[SECOND_STEP_COOKIE];
      const ticketId = ticket && TICKET_PATTERN.test(ticket) ? hashToken(ticket) : null;
      const pending = ticketId
        ? await store.challenges.peek(ticketId, 'second-step', clock())
        : null;
      if (!pending?.username)
        throw new HttpError(
          401,
          'second_step_expired',
          'Your sign-in has expired. Enter your username and password again.',
        );
      const username = pending.username;
      const device = devices.verify(request.cookies[deviceCookieName], username);
      let attempt;
      try {
        attempt = await limiter.admit(request.ip, username, device);
      } catch (error) {
        securityEvent(request, 'login', 'locked', { username, method: 'code' });
        throw error;
      }
      const result = await checkCode(store, username, request.body.code, clock());
      if (result === 'none') {
        await attempt.withdraw();
        throw new HttpError(
          400,
          'no_second_factor',
          'This account has no one-time codes turned on. Enter your username and password again.',
        );
      }
      if (result === 'wrong') {
        securityEvent(request, 'login', 'failure', { username, method: 'code' });
        throw new HttpError(
          401,
          'wrong_code',
          'That code is not right, or was used already. Enter the current code from your authenticator app, or a recovery code.',
        );
      }
      // The ticket is used once: of two right codes sent at once, one signs in.
      if (!(await store.challenges.consume(ticketId!, 'second-step', clock()))) {
        await attempt.withdraw();
        throw new HttpError(
          401,
          'second_step_expired',
          'Your sign-in has expired. Enter your username and password again.',
        );
      }
      await attempt.succeeded();
      if (result === 'recovery-code') {
        const left = (await store.factors.get(username))?.recoveryCodes?.length ?? 0;
        securityEvent(request, 'recovery-code-use', 'success', { username, left });
      }
      reply.clearCookie(SECOND_STEP_COOKIE, secondStepCookieOptions(env));
      const answer = await signIn(request, reply, username, result);
      securityEvent(request, 'login', 'success', {
        username,
        method: result,
        trustedDevice: attempt.trustedDevice,
      });
      return answer;
    },
  );

  // "Sign in with a passkey": no username, any passkey of this site; limited per address only.
  await app.register(async (scope) => {
    scope.addHook(
      'onRequest',
      perAddressLimit({
        ...PASSKEY_SIGN_IN_LIMIT,
        now: () => clock().getTime(),
        message: (seconds) =>
          `Too many passkey sign-ins from your network. Try again in ${Math.ceil(seconds / 60)} minute${seconds > 60 ? 's' : ''}.`,
      }),
    );
    const scoped = scope.withTypeProvider<ZodTypeProvider>();
    scoped.post(
      API_ROUTES.passkeySignInOptions.path,
      { schema: { body: z.unknown(), response: { 200: webauthnOptionsSchema } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return { options: { ...(await passkeys.authenticationOptions(request)) } };
      },
    );
    scoped.post(
      API_ROUTES.passkeySignIn.path,
      { schema: { body: passkeySignInRequestSchema, response: { 200: loginResponseSchema } } },
      async (request, reply) => {
        let signedIn;
        try {
          signedIn = await passkeys.authenticate(request, request.body.response as never);
        } catch (error) {
          if (error instanceof HttpError)
            securityEvent(request, 'login', 'failure', { method: 'passkey', reason: error.code });
          throw error;
        }
        const answer = await signIn(request, reply, signedIn.username, 'passkey');
        securityEvent(request, 'login', 'success', {
          username: signedIn.username,
          method: 'passkey',
          label: signedIn.passkey.name,
        });
        return answer;
      },
    );
  });

  routes.post(API_ROUTES.logout.path, { schema: { body: z.unknown() } }, async (request, reply) => {
    const token = tokenOf(request, cookieName);
    const admin = token ? await sessions.check(token) : null;
    if (token) await sessions.end(token);
    if (admin) securityEvent(request, 'logout', 'success', { username: admin.username });
    return reply.clearCookie(cookieName, cookieOptions).code(204).send();
  });
}
