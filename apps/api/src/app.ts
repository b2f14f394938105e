import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import { API_ROUTES, healthResponseSchema } from '@cedar/api-contract';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { accountRoutes } from './auth/account-routes';
import { authRoutes } from './auth/auth-routes';
import { ensureAdmins } from './auth/bootstrap';
import { ownSiteOnly, requireAdmin, sessionCookieName } from './auth/guards';
import { LoginLimiter } from './auth/login-limiter';
import { type Clock, SessionService } from './auth/sessions';
import type { Env } from './env';
import { fileRoutes } from './files/admin-routes';
import { EditableFiles } from './files/editable-files';
import { inquiryRoutes } from './inquiries/inquiry-routes';
import { Gate } from './lib/gate';
import { errorHandler, notFound, useErrorHandling } from './lib/http-errors';
import { type ZodTypeProvider, useZodSchemas } from './lib/zod-schemas';
import { securityHeaders, useSecurityHeaders } from './plugins/security-headers';
import { WebHost, webHost } from './plugins/web-host';
import { type Builder, Publisher } from './publish/publisher';
import { chooseSandbox } from './publish/sandbox';
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
  /** Defaults to two password checks at a time; tests pass one they can watch. */
  passwordChecks?: Gate;
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

const SWEEP_MS = 60 * 60_000;
/** Password checks (scrypt) at once, and how many more may wait for their turn. */
const PASSWORD_CHECKS = { parallel: 2, waiting: 32 } as const;

/** Fastify's trustProxy: a hop count becomes "trust the nearest N addresses". */
const trustProxyOption = (value: Env['TRUST_PROXY']) =>
  typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;

/** Builds the app without listening, so tests can use inject(). */
export async function buildApp({
  env,
  clock = () => new Date(),
  builder,
  logStream,
  passwordChecks = new Gate(PASSWORD_CHECKS.parallel, PASSWORD_CHECKS.waiting),
}: BuildOptions): Promise<FastifyInstance> {
  // Set once the store is open; the framework-error handler below needs it for the 404 page.
  const web: { host?: WebHost } = {};
  const production = env.NODE_ENV === 'production';
  const security = await securityHeaders(production);
  const adminCsp = (await securityHeaders(production, []))['content-security-policy'];
  const app = Fastify({
    logger: loggerOptions(env, logStream),
    // Undecodable or overlong URLs: the not-found page for the site, JSON for the API. These never
    // reach the hooks, so the security headers are set here too.
    frameworkErrors: (error, request, anyReply) => {
      const reply = (anyReply as FastifyReply).headers(security);
      if (web.host && !request.url.startsWith('/api')) {
        void reply
          .code(404)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(web.host.current.notFound);
        return;
      }
      void errorHandler(error, request, reply);
    },
    bodyLimit: env.BODY_LIMIT,
    trustProxy: trustProxyOption(env.TRUST_PROXY),
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
  // Only a server that rebuilds the site runs edited code, and so needs the sandbox.
  const sandbox =
    startup && env.PUBLISH === 'auto' && !builder ? chooseSandbox(env.PUBLISH_SANDBOX) : null;
  const store = await openStore(env);
  const host = startup ? new WebHost(startup.build) : undefined;
  web.host = host;
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
    passwordChecks,
    files: new EditableFiles(env.REPO_ROOT, store, clock),
    publisher: new Publisher({
      host,
      enabled: env.PUBLISH === 'auto',
      buildsDir,
      builder:
        builder ??
        webAppBuilder({
          webAppDir,
          repoRoot: env.REPO_ROOT,
          dataDir: env.DATA_DIR,
          sandbox: sandbox ?? 'node-permissions',
          timeoutMs: env.PUBLISH_TIMEOUT,
          publicUrl: env.PUBLIC_URL,
        }),
      clock,
      log: app.log,
      sandbox,
      startup,
    }),
    cookieName: sessionCookieName(env),
  };
  app.decorate('services', services);
  app.decorateRequest('admin', null);

  // Expired sessions and login counters go; the stores' TTL indexes would only catch them on read.
  const sweep = setInterval(() => {
    Promise.all([services.sessions.removeExpired(), services.limiter.removeExpired()]).catch(
      (error: unknown) =>
        app.log.warn({ err: error }, 'sweep of sessions and login counters failed'),
    );
  }, SWEEP_MS).unref();
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
  // Everything under /api/admin: our own site only, and a live session, checked before the body
  // is read; the routes below never see a request that fails either.
  await app.register(async (admin) => {
    admin.addHook('onRequest', ownSiteOnly(env));
    admin.addHook('onRequest', requireAdmin(services.sessions, services.cookieName));
    await admin.register(fileRoutes, services);
    await admin.register(accountRoutes, services);
  });
  // Any other address under /api, however it is spelled (a backslash, a NUL), is a JSON 404 and
  // never falls through to the site's pages.
  const noSuchApiRoute = async (request: FastifyRequest) => {
    throw notFound(request);
  };
  app.all('/api', noSuchApiRoute);
  app.all('/api/*', noSuchApiRoute);

  if (host) await webHost(app, host, adminCsp);
  else {
    app.setNotFoundHandler(async (request) => {
      throw notFound(request);
    });
  }
  return app;
}
