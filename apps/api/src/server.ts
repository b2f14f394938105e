import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { loadEnv } from './env';
import { seedIfEmpty } from './inquiries/demo-inquiries';

// src/ and dist/ sit at the same depth, so the web build is found from either.
const here = path.dirname(fileURLToPath(import.meta.url));

async function main() {
  const env = loadEnv(process.env, { WEB_DIST: path.resolve(here, '../../web/dist/client') });
  const app = await buildApp({ env });
  if (env.DEMO_LOGIN) {
    const seeded = await seedIfEmpty(app.services.store, new Date());
    if (seeded > 0)
      app.log.info(`demo login is on: added ${seeded} demo inquiries to the empty store`);
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info(`${signal}: closing`);
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  await app.listen({ port: env.PORT, host: env.HOST });
  const { sandbox } = app.services.publisher.status();
  app.log.info(
    [
      `Cedar Bluff Labradors is live on ${env.PUBLIC_URL}`,
      `(listening on ${env.HOST}:${env.PORT}${env.LOOPBACK_ONLY ? ', this machine only' : ''};`,
      `store: ${app.services.store.kind}${env.MONGODB_URI ? '' : ` in ${env.DATA_DIR}`};`,
      `demo login: ${env.DEMO_LOGIN ? 'on' : 'off'};`,
      `edits rebuilt ${sandbox ? `in a ${sandbox} sandbox` : 'by Vite (development) or not at all'})`,
    ].join(' '),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
