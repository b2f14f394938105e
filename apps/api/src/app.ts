import { randomBytes } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import helmet from 'helmet';
import { prettyFactory } from 'pino-pretty';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { FAMILY_PAGE_PREFIX } from '@cedar/api-contract';
import { accountRoutes } from './auth/account-routes';
import { authRoutes } from './auth/auth-routes';
import { factorRoutes } from './auth/factor-routes';
import { declaresRole, ownSiteOnly, requireAdmin } from './auth/guards';
import { peopleRoutes } from './auth/people-routes';
import { invitationRoutes } from './auth/invitation-routes';
import { auditRoutes } from './audit/audit-routes';
import type { Clock } from './auth/sessions';
import type { Env } from './env';
import { fileRoutes } from './files/admin-routes';
import { depositRoutes } from './deposits/deposit-routes';
import { stripeWebhookRoutes } from './deposits/webhook-routes';
import { familyLinkRoutes } from './family/family-link-routes';
import { familyNotFound, familyRoutes } from './family/family-routes';
import { newsRoutes } from './family/news-routes';
import { litterRoutes } from './litters/litter-routes';
import { announcementRoutes } from './waitlist/announcement-routes';
import { unsubscribeRoutes } from './waitlist/unsubscribe-routes';
import { waitlistRoutes } from './waitlist/waitlist-routes';
import { inboxRoutes } from './inquiries/inbox-routes';
import { hubspotRoutes } from './inquiries/hubspot-routes';
import { intakeRoutes } from './inquiries/intake-routes';
import { inquiryRoutes } from './inquiries/inquiry-routes';
import type { Gate } from './lib/gate';
import { errorHandler, notFound, useErrorHandling } from './lib/http-errors';
import { RequestLog } from './lib/request-log';
import { healthRoutes } from './ops/health-routes';
import { auditPlugin } from './plugins/audit';
import { authPlugin } from './plugins/auth';
import { configPlugin } from './plugins/config';
import { filesPlugin } from './plugins/files';
import { type IntakeOptions, intakePlugin } from './plugins/intake';
import { maintenancePlugin } from './plugins/maintenance';
import { type PaymentOptions, paymentsPlugin } from './plugins/payments';
import { publisherPlugin } from './plugins/publisher';
import { storePlugin } from './plugins/store';
import { webHost } from './plugins/web-host';
import type { Builder } from './publish/publisher';
import type { SandboxChoice } from './publish/sandbox';
import { helmetOptions } from './security-policy';

export interface BuildOptions {
  env: Env;
  /** Defaults to the real clock; tests pass their own to expire sessions. */
  clock?: Clock;
  /** Defaults to building apps/web in a child process; tests pass a fake. */
  builder?: Builder;
  /** Where log lines go (default stdout); tests pass a stream to read them. */
  logStream?: { write(line: string): void };
  /** Human-readable log lines (pino-pretty) instead of JSON: server.ts asks for them on a terminal. */
  prettyLogs?: boolean;
  /** Defaults to two password checks at a time; tests pass one they can watch. */
  passwordChecks?: Gate;
  /** Defaults to what this machine can do (publish/sandbox.ts); tests pass their own. */
  sandbox?: SandboxChoice;
  /** Tests: HubSpot's time limit, the e-mail sender, whether the poller starts on its own. */
  intake?: IntakeOptions;
  /** Tests on MongoDB: the prefix of this app's collections, dropped when the test ends. */
  collectionPrefix?: string;
  /** Tests: told of every route as it is added (the walk over the route table, issue 39). */
  onRoute?: (route: RouteOptions) => void;
  /** Tests: where Stripe's API answers (a stand-in served by the test). */
  stripeApi?: PaymentOptions;
}

// Request logs carry no headers by default; should a serializer ever add them, secrets stay out.
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-webhook-signature"]',
  'req.headers["x-hubspot-signature"]',
  'req.headers["x-hubspot-signature-v3"]',
  'req.headers["stripe-signature"]',
  'res.headers["set-cookie"]',
  'password',
  'token',
  '*.password',
  '*.token',
];

function loggerOptions(
  env: Env,
  stream: BuildOptions['logStream'],
  pretty: boolean,
): FastifyServerOptions['logger'] {
  if (env.LOG_LEVEL === 'silent') return false;
  const out = stream ?? process.stdout;
  const prettify = pretty
    ? prettyFactory({
        // A line per request stays one line: the request id goes in front of the message.
        messageFormat: '{if reqId}[{reqId}] {end}{msg}',
        ignore: 'pid,hostname,reqId,method,url,statusCode,responseTime',
        translateTime: 'SYS:yyyy-mm-dd HH:MM:ss',
        colorize: !stream,
      })
    : null;
  const destination = prettify ? { write: (line: string) => out.write(prettify(line)) } : stream;
  return {
    level: env.LOG_LEVEL,
    redact: { paths: REDACT, censor: '[redacted]' },
    ...(destination ? { stream: destination } : {}),
  };
}

/** Fastify's trustProxy: a hop count becomes "trust the nearest N addresses". */
const trustProxyOption = (value: Env['TRUST_PROXY']) =>
  typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;

/** The server's own options: logging, request ids, limits, proxies, and the errors of routing. */
function serverOptions({ env, logStream, prettyLogs = false }: BuildOptions): FastifyServerOptions {
  // The security headers of the few responses no hook sees (below), from helmet itself, with the
  // options @fastify/helmet has (typed by helmet's CommonJS declarations, these by its ES ones).
  const securityHeaders = helmet(
    helmetOptions(env.NODE_ENV === 'production') as Parameters<typeof helmet>[0],
  );
  return {
    logger: loggerOptions(env, logStream, prettyLogs),
    logController: new RequestLog(),
    // Unique across restarts too, so a request id found in an old log names one request.
    genReqId: () => randomBytes(5).toString('hex'),
    // Undecodable URLs: the not-found page for the site, JSON for the API. These never reach the
    // hooks (@fastify/helmet's among them), so helmet sets the security headers here.
    frameworkErrors: (error, request, anyReply) => {
      const reply = anyReply as FastifyReply;
      securityHeaders(request.raw, reply.raw, () => undefined);
      // A family link too long or too broken to route gets the family pages' one 404 (issue 40).
      if (request.url.startsWith(FAMILY_PAGE_PREFIX)) {
        void familyNotFound(reply);
        return;
      }
      const site = (request.server as FastifyInstance).site;
      if (site && !request.url.startsWith('/api')) {
        void reply
          .code(404)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(site.current.notFound);
        return;
      }
      void errorHandler(error, request, reply);
    },
    bodyLimit: env.BODY_LIMIT,
    trustProxy: trustProxyOption(env.TRUST_PROXY),
    routerOptions: { ignoreTrailingSlash: true },
  };
}

interface AppOptions extends Pick<
  BuildOptions,
  'builder' | 'passwordChecks' | 'sandbox' | 'intake' | 'collectionPrefix' | 'stripeApi'
> {
  env: Env;
  clock: Clock;
}

/**
 * The app, as a plugin in three stages: the external plugins and the security headers; our own
 * named plugins (config, store, auth, files, publisher, intake, maintenance), each declaring what
 * it needs; then thin routes, each declaring its schemas.
 */
async function appPlugin(fastify: FastifyInstance, options: AppOptions) {
  fastify.setValidatorCompiler(validatorCompiler);
  fastify.setSerializerCompiler(serializerCompiler);
  useErrorHandling(fastify);

  // 1. External plugins: the security headers (CSP, HSTS, ...) of every response, cookies.
  await fastify.register(fastifyHelmet, helmetOptions(options.env.NODE_ENV === 'production'));
  await fastify.register(fastifyCookie);

  // 2. Our own.
  await fastify.register(configPlugin, { env: options.env, clock: options.clock });
  await fastify.register(publisherPlugin, { builder: options.builder, sandbox: options.sandbox });
  await fastify.register(storePlugin, { collectionPrefix: options.collectionPrefix });
  await fastify.register(auditPlugin);
  await fastify.register(authPlugin, { passwordChecks: options.passwordChecks });
  await fastify.register(filesPlugin);
  await fastify.register(intakePlugin, options.intake ?? {});
  await fastify.register(maintenancePlugin);
  await fastify.register(paymentsPlugin, options.stripeApi ?? {});

  // 3. Thin routes.
  await fastify.register(healthRoutes);
  await fastify.register(authRoutes);
  await fastify.register(invitationRoutes);
  await fastify.register(inquiryRoutes);
  await fastify.register(hubspotRoutes);
  await fastify.register(unsubscribeRoutes);
  await fastify.register(stripeWebhookRoutes);
  // Everything under /api/admin: our own site only, and a live session, checked before the body
  // is read; the routes below never see a request that fails either.
  await fastify.register(async (admin) => {
    // Every route below declares who may call it (owner or helper): one that does not stops the
    // start-up (issue 39), and requireAdmin checks the declaration on every request.
    admin.addHook('onRoute', declaresRole);
    admin.addHook('onRequest', ownSiteOnly(admin.env));
    admin.addHook('onRequest', requireAdmin(admin.sessions, admin.cookieName, admin.store));
    await admin.register(fileRoutes);
    await admin.register(accountRoutes);
    await admin.register(factorRoutes);
    await admin.register(inboxRoutes);
    await admin.register(intakeRoutes);
    await admin.register(litterRoutes);
    await admin.register(waitlistRoutes);
    await admin.register(announcementRoutes);
    await admin.register(peopleRoutes);
    await admin.register(auditRoutes);
    await admin.register(depositRoutes);
    // Issue 40: families' page links (waitlist work) and the litters' weekly news (litter work).
    await admin.register(familyLinkRoutes);
    await admin.register(newsRoutes);
  });
  // Issue 40: a family's own page, outside /api and before the site's pages.
  await fastify.register(familyRoutes);
  // Any other address under /api, however it is spelled (a backslash, a NUL), is a JSON 404 and
  // never falls through to the site's pages.
  const noSuchApiRoute = async (request: FastifyRequest) => {
    throw notFound(request);
  };
  fastify.all('/api', noSuchApiRoute);
  fastify.all('/api/*', noSuchApiRoute);

  if (fastify.site) {
    await webHost(fastify, fastify.site);
  } else {
    fastify.setNotFoundHandler(async (request) => {
      throw notFound(request);
    });
  }
}

/**
 * Not encapsulated: what the app's plugins decorate is the server's (tests and server.ts use it).
 * @public the app as a plugin, for a host server that registers it among its own
 */
export const app = fp(appPlugin, { name: 'app' });

/** Builds the app without listening (tests use inject(); the benchmark adds its own routes). */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const fastify = Fastify(serverOptions(options));
  if (options.onRoute) fastify.addHook('onRoute', options.onRoute);
  try {
    await fastify.register(app, {
      env: options.env,
      clock: options.clock ?? (() => new Date()),
      builder: options.builder,
      passwordChecks: options.passwordChecks,
      sandbox: options.sandbox,
      intake: options.intake,
      collectionPrefix: options.collectionPrefix,
      stripeApi: options.stripeApi,
    });
  } catch (error) {
    // Whatever opened already (the store and its lock) is closed again.
    await fastify.close().catch(() => undefined);
    throw error;
  }
  return fastify;
}
