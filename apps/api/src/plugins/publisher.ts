import type { FastifyInstance } from 'fastify';
import { kennelDay } from '@cedar/litter-logic';
import fp from 'fastify-plugin';
import { type Builder, Publisher } from '../publish/publisher';
import { chooseSandbox, type SandboxChoice } from '../publish/sandbox';
import { gateBuild } from '../publish/page-gate';
import { startupBuild } from '../publish/startup-build';
import { webAppBuilder } from '../publish/web-builder';
import { knownFiles, loadSiteShell, type SiteShell, WebHost } from '../publish/adopt';
import { pagePolicy, type PolicyOf } from '../security-policy';
import { webAppPaths } from '../web-app';

async function startupShell(webDist: string, policyOf: PolicyOf): Promise<SiteShell> {
  try {
    // The admin area's shell: the site's policy and the hashes of its own scripts.
    return await loadSiteShell(webDist, (hashes) => policyOf('/admin', hashes));
  } catch (error) {
    throw new Error(
      `The build in WEB_DIST (${webDist}) is incomplete (${(error as Error).message}): the admin area is served only from it. Build the site (npm start does) and start again.`,
      { cause: error },
    );
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The site build being served; undefined in development, where Vite serves the pages. */
    site: WebHost | undefined;
    /** Rebuilds and swaps in the site after a saved edit. */
    publisher: Publisher;
  }
}

/**
 * The site the server serves and the publisher that rebuilds it: at start-up, the newest build
 * made from the sources on disk (or the newest whole build, republished at once); the sandbox the
 * rebuilds run in, chosen only by a server that rebuilds.
 */
export const publisherPlugin = fp(
  async (
    app: FastifyInstance,
    {
      builder,
      sandbox: givenSandbox,
    }: {
      builder?: Builder;
      /** Tests: the containment to report (and whether Code mode is on) instead of probing. */
      sandbox?: SandboxChoice;
    },
  ) => {
    const { env, clock } = app;
    const web = webAppPaths(env.REPO_ROOT);
    // Each page's policy, computed once when its build is adopted.
    const policyOf = pagePolicy(env.NODE_ENV === 'production');
    let shell: Promise<SiteShell> | undefined;
    const shellOf = () => (shell ??= startupShell(env.WEB_DIST!, policyOf));
    const startup = await startupBuild(
      env.WEB_DIST,
      web.buildsDir,
      env.REPO_ROOT,
      kennelDay(clock()),
      // An incomplete WEB_DIST stops the start below, once there is a build to serve at all.
      async () => {
        try {
          return knownFiles(await shellOf(), []);
        } catch {
          return new Map();
        }
      },
      // Every page served is held to the gate, against the start-up build's own pages (issue 35).
      // (An incomplete WEB_DIST stops the start below, with its own message.)
      async (build) => {
        const trusted = await shellOf().catch(() => null);
        if (trusted) gateBuild(build, trusted, env.PUBLIC_URL, policyOf);
      },
    );
    const choice =
      givenSandbox ??
      (startup && env.PUBLISH === 'auto' && !builder ? chooseSandbox(env.PUBLISH_SANDBOX) : null);
    const sandbox = choice?.kind ?? null;
    // The admin area's shell and scripts always come from the build made at start-up from the
    // checked-out code (WEB_DIST), whichever build serves the public pages.
    const site = startup ? new WebHost(await shellOf(), startup.build) : undefined;
    // Ends the build process that waits ahead of the next save (web-builder.ts).
    const stopBuilds = new AbortController();
    const publisher = new Publisher({
      host: site,
      enabled: env.PUBLISH === 'auto',
      buildsDir: web.buildsDir,
      builder:
        builder ??
        webAppBuilder({
          webAppDir: web.dir,
          repoRoot: env.REPO_ROOT,
          dataDir: env.DATA_DIR,
          sandbox: sandbox ?? 'node-permissions',
          timeoutMs: env.PUBLISH_TIMEOUT,
          publicUrl: env.PUBLIC_URL,
          // A server that publishes has the next build's process started and waiting.
          ahead: site !== undefined && env.PUBLISH === 'auto',
          stop: stopBuilds.signal,
        }),
      clock,
      log: app.log,
      sandbox,
      codeOff: choice?.codeOff ?? null,
      startup,
      publicUrl: env.PUBLIC_URL,
      policyOf,
      files: () => app.files,
    });
    app.decorate('site', site);
    app.decorate('publisher', publisher);
    // A running build is stopped: the live site stays as it is.
    app.addHook('onClose', async () => {
      stopBuilds.abort();
      await publisher.close();
    });
  },
  { name: 'publisher', dependencies: ['config'] },
);
