import { readFileSync, statSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { PublishStatus, SandboxKind } from '@cedar/api-contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../auth/sessions';
import { securityEvent } from '../lib/security-log';
import { loadWebBuild, type WebBuild, type WebHost } from '../plugins/web-host';

/** Builds and prerenders the web app into `outDir` (client/ and server/ below it); rejects on failure. */
export type Builder = (outDir: string, signal: AbortSignal) => Promise<void>;

export interface PublisherOptions {
  /** The build being served; absent in development, where Vite's hot reload publishes. */
  host: WebHost | undefined;
  enabled: boolean;
  /** Where new builds go, one folder each: `<buildsDir>/<id>/client`. */
  buildsDir: string;
  builder: Builder;
  clock: Clock;
  log: FastifyBaseLogger;
  /** How the builds that run edited code are contained (reported in the status). */
  sandbox: SandboxKind | null;
}

const POINTER = 'current.json';
const ERROR_LINES = 20;

// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;]*m/g;
const lastLines = (text: string) =>
  text.replace(ANSI, '').trimEnd().split('\n').slice(-ERROR_LINES).join('\n');

/**
 * The publish step of the file editor (ARCHITECTURE §5): rebuild in a new folder, check it, swap
 * it in. A failed build leaves the live site as it was. A request during a build queues exactly
 * one more build, which picks up every save made meanwhile.
 */
export class Publisher {
  private state: PublishStatus['state'];
  private startedAt: Date | null = null;
  private finishedAt: Date | null = null;
  private error: string | null = null;
  private pending = false;
  /** Who saved the changes the next build publishes. */
  private requestedBy = new Set<string>();
  private running: Promise<void> | null = null;
  private abort = new AbortController();

  constructor(private readonly options: PublisherOptions) {
    this.state = options.host ? 'idle' : 'live-reload';
  }

  status(): PublishStatus {
    return {
      state: this.state,
      buildId: this.options.host?.current.id ?? null,
      startedAt: this.startedAt?.toISOString() ?? null,
      finishedAt: this.finishedAt?.toISOString() ?? null,
      error: this.error,
      sandbox: this.options.host ? this.options.sandbox : null,
    };
  }

  /** Called after every saved change, with the admin who saved it. */
  request(by?: string): void {
    if (!this.options.host || !this.options.enabled || this.abort.signal.aborted) return;
    this.pending = true;
    if (by) this.requestedBy.add(by);
    this.running ??= this.loop().finally(() => {
      this.running = null;
    });
  }

  /** Resolves once no build is running or queued. */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  async close(): Promise<void> {
    this.abort.abort();
    await this.running?.catch(() => undefined);
  }

  private async loop() {
    while (this.pending && !this.abort.signal.aborted) {
      this.pending = false;
      await this.buildOnce();
    }
  }

  private async buildOnce() {
    const { host, buildsDir, builder, clock, log } = this.options;
    if (!host) return;
    const started = clock();
    const id = `${started.toISOString().replace(/[-:.TZ]/g, '')}-${Math.random().toString(36).slice(2, 8)}`;
    const outDir = path.join(buildsDir, id);
    const by = [...this.requestedBy].join(', ') || null;
    this.requestedBy.clear();
    this.state = 'building';
    this.startedAt = started;
    this.finishedAt = null;
    this.error = null;
    log.info({ buildId: id }, 'publishing: building the web app');
    try {
      await fs.mkdir(buildsDir, { recursive: true });
      await builder(outDir, this.abort.signal);
      const build = loadWebBuild(path.join(outDir, 'client'), id);
      // Every page the live site has must be in the new build (the prerender also fails on any
      // route that does not render).
      const missing = [...host.current.pages.keys()].filter((p) => !build.pages.has(p));
      if (missing.length > 0)
        throw new Error(`the build has no prerendered page for ${missing.join(', ')}`);
      host.swap(build);
      this.finish('published', null);
      securityEvent(log, 'publish', 'success', { username: by, buildId: id });
      await fs.writeFile(path.join(buildsDir, POINTER), JSON.stringify({ id }));
      await this.prune(host.roots);
    } catch (error) {
      if (host.current.id === id) {
        // Only the bookkeeping after the swap failed: the new build is live all the same.
        log.warn({ err: error, buildId: id }, 'publishing: could not record or prune builds');
        return;
      }
      this.finish(
        'failed',
        lastLines(error instanceof Error ? error.message : String(error)) || 'The build failed.',
      );
      // The previous build stays live.
      securityEvent(log, 'publish', 'failure', { username: by, buildId: id, error: this.error });
      await fs.rm(outDir, { recursive: true, force: true }).catch(() => undefined);
    }
  }

  private finish(state: 'published' | 'failed', error: string | null) {
    this.finishedAt = this.options.clock();
    this.error = error;
    this.state = state;
  }

  /** Removes build folders no longer served (the current one and the two before it stay). */
  private async prune(roots: string[]) {
    const keep = new Set(roots.map((r) => path.basename(path.dirname(r))));
    const entries = await fs.readdir(this.options.buildsDir, { withFileTypes: true });
    await Promise.all(
      entries
        .filter((e) => e.isDirectory() && !keep.has(e.name))
        .map((e) =>
          fs.rm(path.join(this.options.buildsDir, e.name), { recursive: true, force: true }),
        ),
    );
  }
}

/**
 * The build to serve at start-up: the last published one when it is newer than WEB_DIST (a
 * restart without a rebuild), else WEB_DIST itself (a fresh `npm start` rebuilds it from the
 * edited sources, so it is the newer one).
 */
export function initialBuild(webDist: string, buildsDir: string): WebBuild {
  try {
    const pointer = path.join(buildsDir, POINTER);
    const { id } = JSON.parse(readFileSync(pointer, 'utf8')) as { id: unknown };
    const published =
      typeof id === 'string' && /^[\w-]+$/.test(id) ? path.join(buildsDir, id, 'client') : null;
    if (
      published &&
      statSync(pointer).mtimeMs > statSync(path.join(webDist, 'index.html')).mtimeMs
    ) {
      return loadWebBuild(published, id as string);
    }
  } catch {
    // No published build, or an unreadable one: serve WEB_DIST.
  }
  return loadWebBuild(webDist);
}
