import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import { API_ROUTES, healthResponseSchema } from '@cedar/api-contract';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { authRoutes } from './auth/auth-routes';
import { ensureAdmins } from './auth/bootstrap';
import { sessionCookieName } from './auth/guards';
import { LoginLimiter } from './auth/login-limiter';
import { type Clock, SessionService } from './auth/sessions';
import type { Env } from './env';
import { adminRoutes } from './files/admin-routes';
import { EditableFiles } from './files/editable-files';
import { inquiryRoutes } from './inquiries/inquiry-routes';
import { errorHandler, notFound, useErrorHandling } from './lib/http-errors';
import { type ZodTypeProvider, useZodSchemas } from './lib/zod-schemas';
import { securityHeaders, useSecurityHeaders } from './plugins/security-headers';
import { WebHost, webHost } from './plugins/web-host';
import { type Builder, Publisher } from './publish/publisher';
import { startupBuild } from './publish/startup-build';
import { webAppBuilder } from './publish/web-builder';
import type { Services } from './services';
import { openStore } from './store';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export interface BuildOptions {
  env: Env;
  /** Defaults to the real clock; tests pass their own to expire sessions. */
  clock?: Clock;
  /** Defaults to building apps/web in a child process; tests pass a fake. */
  builder?: Builder;
  /** Where log lines go (default stdout); tests pass a stream to read them. */
  logStream?: { write(line: string): void };
}

// Request logs carry no headers by default; should a serializer ever add them, secrets stay out.
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-webhook-signature"]',
  'res.headers["set-cookie"]',
  'password',
  'token',
  '*.password',
  '*.token',
];

function loggerOptions(
  env: Env,
  stream: BuildOptions['logStream'],
): FastifyServerOptions['logger'] {
  if (env.LOG_LEVEL === 'silent') return false;
  return {
    level: env.LOG_LEVEL,
    redact: { paths: REDACT, censor: '[redacted]' },
    ...(stream ? { stream } : {}),
  };
}

const SESSION_SWEEP_MS = 60 * 60_000;

/** Builds the app without listening, so tests can use inject(). */
export async function buildApp({
  env,
  clock = () => new Date(),
  builder,
  logStream,
}: BuildOptions): Promise<FastifyInstance> {
  // Set once the store is open; the framework-error handler below needs it for the 404 page.
  const web: { host?: WebHost } = {};
  const security = await securityHeaders(env.NODE_ENV === 'production');
  const app = Fastify({
    logger: loggerOptions(env, logStream),
    // Undecodable or overlong URLs: the not-found page for the site, JSON for the API. These never
    // reach the hooks, so the security headers are set here too.
    frameworkErrors: (error, request, anyReply) => {
      const reply = (anyReply as FastifyReply).headers(security);
      if (web.host && !request.url.startsWith('/api')) {
        return reply
          .code(404)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(web.host.current.notFound);
      }
      return errorHandler(error, request, reply);
    },
    bodyLimit: env.BODY_LIMIT,
    trustProxy: env.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true },
  });
  useZodSchemas(app);
  useErrorHandling(app);

  // 1. External plugins, and the security headers (CSP, HSTS, ...) on every response.
  useSecurityHeaders(app, security);
  await app.register(fastifyCookie);

  // 2. Our own: the store and the services built on it.
  const webAppDir = path.join(env.REPO_ROOT, 'apps/web');
  const buildsDir = path.join(webAppDir, 'dist/builds');
  // The newest build made from the sources on disk; if none is, the publisher replaces it at once.
  const startup = await startupBuild(env.WEB_DIST, buildsDir, env.REPO_ROOT);
  const host = startup ? new WebHost(startup.build) : undefined;
  web.host = host;
  const store = await openStore(env);
  const services: Services = {
    env,
    clock,
    store,
    sessions: new SessionService(store, {
      ttlMs: env.SESSION_TTL,
      idleTtlMs: env.SESSION_IDLE_TTL,
      clock,
    }),
    limiter: new LoginLimiter(store, clock),
    files: new EditableFiles(env.REPO_ROOT, store, clock),
    publisher: new Publisher({
      host,
      enabled: env.PUBLISH === 'auto',
      buildsDir,
      builder: builder ?? webAppBuilder(webAppDir),
      clock,
      log: app.log,
      startup,
    }),
    cookieName: sessionCookieName(env),
  };
  app.decorate('services', services);
  app.decorateRequest('admin', null);

  const sweep = setInterval(() => {
    services.sessions
      .removeExpired()
      .catch((error: unknown) => app.log.warn({ err: error }, 'session sweep failed'));
  }, SESSION_SWEEP_MS).unref();
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    await services.publisher.close();
    await store.close();
  });

  try {
    await ensureAdmins(store, env, clock, app.log);
    const removed = await services.files.removeInterruptedWrites();
    if (removed > 0)
      app.log.info(`removed ${removed} temp file(s) of section saves a crash interrupted`);
  } catch (error) {
    await app.close();
    throw error;
  }

  // 3. Thin routes, each declaring its schemas.
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      API_ROUTES.health.path,
      { schema: { response: { 200: healthResponseSchema } } },
      async () => ({
        status: 'ok' as const,
        store: store.kind,
      }),
    );
  await app.register(authRoutes, services);
  await app.register(inquiryRoutes, services);
  await app.register(adminRoutes, services);
  // Any other address under /api, however it is spelled (a backslash, a NUL), is a JSON 404 and
  // never falls through to the site's pages.
  const noSuchApiRoute = async (request: FastifyRequest) => {
    throw notFound(request);
  };
  app.all('/api', noSuchApiRoute);
  app.all('/api/*', noSuchApiRoute);

  if (host) await webHost(app, host);
  else {
    app.setNotFoundHandler(async (request) => {
      throw notFound(request);
    });
  }
  return app;
}
