import { setTimeout as delay } from 'node:timers/promises';
import { API_ROUTES, healthResponseSchema, readyResponseSchema } from '@cedar/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** A probe must answer quickly: a store that takes longer than this counts as not answering. */
const READY_STORE_TIMEOUT_MS = 2000;

/**
 * `/api/health`: the process is up. `/api/ready`: it can serve, so a load balancer or an
 * orchestrator may send it traffic: the store answers, and the site build it was told to serve
 * (WEB_DIST) is loaded. The reasons name what is wrong without details from inside the server
 * (those go to the log).
 */
export async function healthRoutes(app: FastifyInstance) {
  const { env, store, publisher } = app;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    API_ROUTES.health.path,
    { schema: { response: { 200: healthResponseSchema } } },
    async () => ({ status: 'ok' as const, store: store.kind }),
  );

  routes.get(
    API_ROUTES.ready.path,
    { schema: { response: { 200: readyResponseSchema, 503: readyResponseSchema } } },
    async (request, reply) => {
      const reasons: string[] = [];
      const timeout = new AbortController();
      try {
        await Promise.race([
          store.ping(),
          delay(READY_STORE_TIMEOUT_MS, undefined, { signal: timeout.signal }).then(() => {
            throw new Error(`no answer within ${READY_STORE_TIMEOUT_MS} ms`);
          }),
        ]);
      } catch (error) {
        request.log.warn({ err: error }, 'not ready: the store does not answer');
        reasons.push('the store does not answer');
      } finally {
        timeout.abort();
      }
      const build = publisher.status().buildId;
      if (env.WEB_DIST !== undefined && build === null)
        reasons.push('the site build (WEB_DIST) is not loaded');
      reply.header('cache-control', 'no-store');
      return reply.code(reasons.length === 0 ? 200 : 503).send({
        status: reasons.length === 0 ? ('ready' as const) : ('not_ready' as const),
        store: store.kind,
        build,
        reasons,
      });
    },
  );
}
