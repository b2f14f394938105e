import {
  API_ROUTES,
  type AuthConfig,
  authConfigSchema,
  loginRequestSchema,
  loginResponseSchema,
} from '@cedar/api-contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../lib/http-errors';
import type { ZodTypeProvider } from '../lib/zod-schemas';
import type { Services } from '../services';
import { sameOriginOnly, tokenOf } from './guards';
import { LoginLimiter } from './login-limiter';
import { decoyHash, verifyPassword } from './password';
import { DEMO_ADMIN } from './password-policy';

export async function authRoutes(
  app: FastifyInstance,
  { env, store, sessions, limiter, cookieName }: Services,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const production = env.NODE_ENV === 'production';
  const cookieOptions = {
    httpOnly: true,
    sameSite: 'strict' as const,
    path: '/',
    secure: production,
  };
  const sameOrigin = sameOriginOnly(env.PUBLIC_URL);
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
    {
      onRequest: sameOrigin,
      schema: { body: loginRequestSchema, response: { 200: loginResponseSchema } },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const key = LoginLimiter.key(request.ip, username);
      const wait = await limiter.retryAfter(key);
      if (wait > 0) {
        throw new HttpError(
          429,
          'too_many_attempts',
          `Too many failed logins. Try again in ${Math.ceil(wait / 60)} minute${wait > 60 ? 's' : ''}.`,
          {},
          { 'retry-after': String(wait) },
        );
      }
      const admin = await store.admins.find(username);
      // Unknown usernames cost the same scrypt time as wrong passwords and get the same answer.
      const valid = await verifyPassword(password, admin?.passwordHash ?? (await decoyHash()));
      if (!admin || !valid) {
        await limiter.fail(key);
        throw new HttpError(401, 'invalid_credentials', 'Invalid username or password');
      }
      await limiter.succeed(key);
      const { token } = await sessions.start(admin.username);
      reply
        .setCookie(cookieName, token, {
          ...cookieOptions,
          maxAge: Math.floor(sessions.ttlMs / 1000),
        })
        .header('cache-control', 'no-store');
      return { token, user: { username: admin.username, role: 'admin' as const } };
    },
  );

  routes.post(
    API_ROUTES.logout.path,
    { onRequest: sameOrigin, schema: { body: z.unknown() } },
    async (request, reply) => {
      const token = tokenOf(request, cookieName);
      if (token) await sessions.end(token);
      return reply.clearCookie(cookieName, cookieOptions).code(204).send();
    },
  );
}
