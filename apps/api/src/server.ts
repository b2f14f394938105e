import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { archiveStream } from './backup/archive';
import { collectBackup } from './backup/backup';
import { type ControlServer, serveControl } from './backup/control';
import { loadEnv } from './env';
import { seedIfEmpty } from './inquiries/demo-inquiries';
import { securityEvent } from './lib/security-log';
import { closeGracefully } from './lib/shutdown';
import { startupLine } from './lib/startup-line';

/** How long the start-up line waits for HubSpot's first answer (its own time limit is 10 s). */
const HUBSPOT_FIRST_POLL_WAIT_MS = 12_000;

// src/ and dist/ sit at the same depth, so the web build is found from either.
const here = path.dirname(fileURLToPath(import.meta.url));

async function main() {
  const env = loadEnv(process.env, { WEB_DIST: path.resolve(here, '../../web/dist/client') });
  const app = await buildApp({ env, prettyLogs: process.stdout.isTTY === true });
  if (env.DEMO_LOGIN) {
    const seeded = await seedIfEmpty(app.store, new Date());
    if (seeded > 0)
      app.log.info(`demo login is on: added ${seeded} demo inquiries to the empty store`);
  }
  let control: ControlServer | null = null;
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      // A second Ctrl-C: the person at the terminal does not want to wait.
      if (stopping) process.exit(1);
      stopping = true;
      app.log.info(`${signal}: finishing the requests in flight, then stopping`);
      (control?.close() ?? Promise.resolve())
        .then(() => closeGracefully(app))
        .then(
          () => {
            app.log.info('stopped');
            process.exit(0);
          },
          (error: unknown) => {
            app.log.error({ err: error }, 'stopping failed');
            process.exit(1);
          },
        );
    });
  }
  // Fastify logs a "Server listening at" line per address; the start-up line below says it all.
  const level = app.log.level;
  if (['trace', 'debug', 'info'].includes(level)) app.log.level = 'warn';
  try {
    await app.listen({ port: env.PORT, host: env.HOST });
  } finally {
    app.log.level = level;
  }
  const { store, files, clock } = app;
  if (store.kind === 'embedded') {
    // Only this process may open the embedded store: the admin CLI asks it for backups.
    control = await serveControl(
      env.DATA_DIR,
      async () => {
        const contents = await collectBackup({ store, repoRoot: env.REPO_ROOT, clock, files });
        securityEvent(app.log, 'backup', 'success', {
          for: 'npm run admin -- backup',
          inquiries: contents.snapshot.inquiries.length,
        });
        return archiveStream(contents);
      },
      app.log,
    );
  }
  // The first poll of HubSpot has started with the server; a refused token is said here too.
  await app.hubspot?.firstPoll(HUBSPOT_FIRST_POLL_WAIT_MS);
  app.log.info(
    startupLine(env, {
      port: (app.server.address() as AddressInfo).port,
      store: app.store.kind,
      sandbox: app.publisher.status().sandbox,
      codeOff: app.publisher.codeOff,
      hubspot: app.hubspot?.status() ?? null,
      mail: app.mail,
    }),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
