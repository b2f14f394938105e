import fs from 'node:fs/promises';
import path from 'node:path';
import {
  EDITABLE_FILES,
  PAGE_GATE_REFUSAL,
  type PublishStatus,
  type SandboxKind,
} from '@cedar/api-contract';
import { BUILD_INFO_FILE, readBuildInfo } from '@cedar/build-info';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../auth/sessions';
import { securityEvent } from '../lib/security-log';
import { PUBLIC_ROUTES } from '@cedar/content';
import { WEB_APP } from '../web-app';
import type { EditableFiles } from '../files/editable-files';
import type { PolicyOf } from '../security-policy';
import { knownFiles, loadWebBuild, type WebHost } from './adopt';
import { gateBuild, NOT_FOUND_ROUTE, PageRefused } from './page-gate';
import type { StartupBuild } from './startup-build';

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
  /** Why Code mode is off on this server, or null (see sandbox.ts chooseSandbox). */
  codeOff?: string | null;
  /**
   * What the start-up check found (startup-build.ts): a build not made from the sources on disk
   * is replaced at once.
   */
  startup?: Pick<StartupBuild, 'current' | 'reason'>;
  /** The site's own origin (PUBLIC_URL): the pages' canonical and social links name it. */
  publicUrl?: string;
  /** Each page's Content-Security-Policy, computed once when its build is adopted. */
  policyOf?: PolicyOf;
  /**
   * The section files (read lazily: the files plugin registers after this one). A publish the
   * page gate refuses takes each section changed since the live build back to its live version.
   */
  files?: () => Pick<EditableFiles, 'read' | 'revisions' | 'restore'>;
}

/** Who the revisions a refused publish writes are by. */
export const PAGE_GATE_AUTHOR = 'page gate';

const ERROR_LINES = 20;
/** How many recent successful publishes the usual duration is taken from. */
const USUAL_DURATION_OF = 5;

/** The middle duration (the mean of the two middle ones for an even count); null for none. */
function medianMs(durations: readonly number[]): number | null {
  if (durations.length === 0) return null;
  const sorted = [...durations].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? sorted[middle]!
    : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
}

// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;]*m/g;
const lastLines = (text: string) =>
  text.replace(ANSI, '').trimEnd().split('\n').slice(-ERROR_LINES).join('\n');

/**
 * The publish step of the file editor: rebuild in a new folder, check it, swap
 * it in. A failed build leaves the live site as it was. A request during a build queues exactly
 * one more build, which picks up every save made meanwhile.
 */
export class Publisher {
  private state: PublishStatus['state'];
  private startedAt: Date | null = null;
  private finishedAt: Date | null = null;
  private error: string | null = null;
  private reason: string | null = null;
  /** Durations of the last successful publishes, oldest first (this process's only). */
  private durations: number[] = [];
  /** Where the last successful publish spent its time. */
  private lastPhases: PublishStatus['lastPhasesMs'] = null;
  private pending = false;
  private pendingReason: string | null = null;
  /** Who saved the changes the next build publishes. */
  private requestedBy = new Set<string>();
  private running: Promise<void> | null = null;
  /** The live build's compressed copies being made (after it went live); never rejects. */
  private copying: Promise<void> = Promise.resolve();
  private abort = new AbortController();

  constructor(private readonly options: PublisherOptions) {
    this.state = options.host ? 'idle' : 'live-reload';
    const { startup } = options;
    this.reason = startup?.reason ?? null;
    if (startup && !startup.current) {
      if (options.host && options.enabled) {
        this.pendingReason = `${startup.reason}: publishing them now, without waiting for a save.`;
        this.request();
      } else this.reason = `${startup.reason}, and publishing is off (PUBLISH=off).`;
    }
  }

  status(): PublishStatus {
    const building = this.state === 'building' && this.startedAt;
    return {
      state: this.state,
      buildId: this.options.host?.current.id ?? null,
      startedAt: this.startedAt?.toISOString() ?? null,
      finishedAt: this.finishedAt?.toISOString() ?? null,
      elapsedMs: building
        ? Math.max(0, this.options.clock().getTime() - this.startedAt!.getTime())
        : null,
      usualMs: medianMs(this.durations),
      lastPhasesMs: this.lastPhases,
      error: this.error,
      sandbox: this.options.host ? this.options.sandbox : null,
      reason: this.reason,
      codeOff: this.codeOff,
    };
  }

  /** Why Code mode is off (code saves and restores are refused), or null when it is on. */
  get codeOff(): string | null {
    return this.options.codeOff ?? null;
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

  /** Resolves once no build is running or queued, and the live build's copies are made. */
  async settled(): Promise<void> {
    while (this.running) await this.running;
    await this.copying;
  }

  async close(): Promise<void> {
    this.abort.abort();
    await this.running?.catch(() => undefined);
    await this.copying;
  }

  private async loop() {
    while (this.pending && !this.abort.signal.aborted) {
      this.pending = false;
      this.reason = this.pendingReason;
      this.pendingReason = null;
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
      const buildStarted = performance.now();
      await builder(outDir, this.abort.signal);
      // The last build's copies first: this one takes those of its files that are the same.
      await this.copying;
      const built = performance.now();
      const info = await readBuildInfo(path.join(outDir, WEB_APP.client));
      if (!info)
        throw new Error(
          `the build did not record the sources it was made from (${BUILD_INFO_FILE})`,
        );
      const build = await loadWebBuild(
        path.join(outDir, WEB_APP.client),
        id,
        PUBLIC_ROUTES,
        knownFiles(host.shell, host.builds),
        // It writes no compressed copies (build.mjs --publish): any there would be planted, and
        // are removed now. Its own are made once it is live (below): the page does not wait.
        false,
        'later',
      );
      // Every page the live site has must be in the new build (the prerender also fails on any
      // route that does not render).
      const missing = [...host.current.pages.keys()].filter((p) => !build.pages.has(p));
      if (missing.length > 0)
        throw new Error(`the build has no prerendered page for ${missing.join(', ')}`);
      // Every page against the trusted build's: no script, frame or handler of its own (issue 35).
      const gateStarted = performance.now();
      try {
        gateBuild(build, host.shell, this.options.publicUrl, this.options.policyOf);
        log.info(
          { buildId: id, gateMs: Math.round(performance.now() - gateStarted) },
          'publishing: every page passed the page gate',
        );
      } catch (error) {
        if (!(error instanceof PageRefused)) throw error;
        throw new Error(await this.refused(error, by));
      }
      host.swap(build);
      this.copying = this.makeCopies(build, id);
      this.finish('published', null);
      const finished = performance.now();
      this.lastPhases = {
        build: Math.round(built - buildStarted),
        adopt: Math.round(gateStarted - built),
        gate: Math.round(finished - gateStarted),
      };
      log.info({ buildId: id, ...this.lastPhases }, 'publishing: live');
      this.durations = [...this.durations, this.finishedAt!.getTime() - started.getTime()].slice(
        -USUAL_DURATION_OF,
      );
      securityEvent(log, 'publish', 'success', { username: by, buildId: id });
      if (info.fingerprint === null) {
        // A source was written while it built (by a save, which queued a build already, or by
        // hand): it may hold part of that change, so build again.
        log.info({ buildId: id }, 'publishing: a source changed during the build; building again');
        this.pending = true;
      }
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
      await removeBuild(outDir).catch(() => undefined);
    }
  }

  /**
   * The live build's .br and .gz copies. Until they are there its files go out uncompressed (and
   * each copy appears whole: @cedar/build-info/compress). Made after the swap, the edit is live
   * 0.3-1.0 s sooner (decision 043).
   */
  private async makeCopies(build: { makeCopies: () => Promise<void> }, buildId: string) {
    const started = performance.now();
    try {
      await build.makeCopies();
      this.options.log.info(
        { buildId, copiesMs: Math.round(performance.now() - started) },
        'publishing: compressed copies made',
      );
    } catch (error) {
      this.options.log.warn(
        { err: error, buildId },
        'publishing: compressed copies not made; the files go out uncompressed',
      );
    }
  }

  /**
   * A page the gate refused: each section file changed since the live build goes back to its live
   * version (a new revision; the refused text stays in its history, where the owner can open it),
   * so the live site and the saved files agree. Returns the owner's sentence saying why.
   */
  private async refused(error: PageRefused, by: string | null): Promise<string> {
    const { host, log } = this.options;
    const files = this.options.files?.();
    const live = host ? await readBuildInfo(host.current.root) : null;
    const changed: string[] = [];
    const restored: string[] = [];
    if (files && live)
      for (const file of EDITABLE_FILES) {
        const now = await files.read(file.path);
        const wanted = live.files[file.path];
        if (!now || !wanted || now.sha256 === wanted) continue;
        changed.push(file.name);
        const revision = (await files.revisions(file.path)).find((r) => r.sha256 === wanted);
        if (!revision) continue;
        await files.restore(file.path, revision.id, PAGE_GATE_AUTHOR);
        restored.push(file.name);
      }
    securityEvent(log, 'publish', 'refused', {
      username: by,
      route: error.route,
      reason: error.reason,
    });
    const onPage = EDITABLE_FILES.filter(
      (f) => changed.includes(f.name) && (f.pages as readonly string[]).includes(error.route),
    ).map((f) => f.name);
    const named = onPage.length > 0 ? onPage : changed;
    const route = error.route === NOT_FOUND_ROUTE ? 'the not-found page' : error.route;
    return [
      `${PAGE_GATE_REFUSAL} the page ${route} ${error.reason}${named.length ? ` (from ${named.join(', ')})` : ''}. The live site is unchanged.`,
      restored.length
        ? `${restored.join(', ')} ${restored.length === 1 ? 'is' : 'are'} back to the published version; the refused text is kept in the file's history.`
        : '',
    ]
      .filter(Boolean)
      .join(' ');
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
        .map((e) => removeBuild(path.join(this.options.buildsDir, e.name))),
    );
  }
}

/**
 * Renamed out of the way first: a removal cut short by a crash must never leave a build that a
 * restart would take for whole (startup-build.ts skips dot folders; the next prune removes them).
 */
async function removeBuild(dir: string) {
  const name = path.basename(dir);
  let target = dir;
  if (!name.startsWith('.')) {
    target = path.join(path.dirname(dir), `.${name}.removing`);
    try {
      await fs.rename(dir, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
  }
  await fs.rm(target, { recursive: true, force: true });
}
