import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { loadEnv } from './env';

const here = path.dirname(fileURLToPath(import.meta.url));

async function main() {
  const env = loadEnv({
    WEB_DIST: path.resolve(here, '../../web/dist/client'),
    ...process.env,
  });
  const app = await buildApp({ env });
  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info(`Cedar Bluff Labradors is live on ${env.PUBLIC_URL}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
