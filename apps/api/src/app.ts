import fs from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import type { HealthResponse } from '@cedar/api-contract';
import type { Env } from './env';
import { loadWebBuild, webHost } from './plugins/web-host';

export interface BuildOptions {
  env: Env;
}

/** Builds the app without listening, so tests can use inject(). */
export async function buildApp({ env }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: env.LOG_LEVEL === 'silent' ? false : { level: env.LOG_LEVEL },
    routerOptions: { ignoreTrailingSlash: true },
  });

  app.get('/api/health', async (): Promise<HealthResponse> => ({ status: 'ok', store: 'embedded' }));

  if (env.WEB_DIST && fs.existsSync(env.WEB_DIST)) {
    await webHost(app, loadWebBuild(env.WEB_DIST));
  } else {
    app.setNotFoundHandler((request, reply) =>
      reply.code(404).send({ error: 'not_found', message: `No route ${request.method} ${request.url.split('?')[0]}` }),
    );
  }
  return app;
}
