import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { archiveStream } from '../backup/archive';
import { collectBackup, saveArchive } from '../backup/backup';
import { PRIVATE_DIR_MODE } from '../lib/private-dir';
import { securityEvent } from '../lib/security-log';
/** What the chores work with: the app itself, or a test's stand-in. */
export type MaintenanceDeps = Pick<
  FastifyInstance,
  'env' | 'store' | 'clock' | 'files' | 'sessions' | 'limiter'
>;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** `cedar-bluff-backup-2026-11-23T172005Z.jsonl.gz`: sorts by time, and the time can be read back. */
export const backupFileName = (at: Date) =>
  `cedar-bluff-backup-${at.toISOString().slice(0, 19).replace(/:/g, '')}Z.jsonl.gz`;
const BACKUP_NAME = /^cedar-bluff-backup-(\d{4}-\d\d-\d\dT\d\d)(\d\d)(\d\d)Z\.jsonl\.gz$/;
const timeOf = (name: string) => {
  const m = BACKUP_NAME.exec(name);
  return m ? Date.parse(`${m[1]}:${m[2]}:${m[3]}Z`) : null;
};

/**
 * The server's own chores, every hour: expired sessions and login counters go; inquiries older
 * than INQUIRY_RETENTION_DAYS go; and with BACKUP_DIR, a backup is written when the newest there
 * is a day old, keeping the BACKUP_KEEP newest. Retention and backups also run at start-up, so a
 * server restarted often still keeps to them.
 */
export class Maintenance {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: MaintenanceDeps,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.run(true), HOUR_MS).unref();
    this.run(false);
  }

  /** Stops the timer and waits for a chore under way (a backup being written) to finish. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private run(hourly: boolean) {
    this.running = this.running.then(async () => {
      const chores: [string, () => Promise<unknown>][] = [
        ['retention sweep of inquiries', () => this.sweepOldInquiries()],
        ['daily backup', () => this.backupIfDue()],
      ];
      if (hourly)
        chores.unshift([
          'sweep of sessions, login counters and sign-in challenges',
          () =>
            Promise.all([
              this.deps.sessions.removeExpired(),
              this.deps.limiter.removeExpired(),
              this.deps.store.challenges.removeExpired(this.deps.clock()),
            ]),
        ]);
      for (const [name, chore] of chores) {
        await chore().catch((error: unknown) => this.log.warn({ err: error }, `${name} failed`));
      }
    });
  }

  async sweepOldInquiries(): Promise<number> {
    const { env, store, clock } = this.deps;
    if (env.INQUIRY_RETENTION_DAYS === undefined) return 0;
    const cutoff = new Date(clock().getTime() - env.INQUIRY_RETENTION_DAYS * DAY_MS);
    const removed = await store.inquiries.removeCreatedBefore(cutoff);
    if (removed > 0)
      this.log.info(
        `deleted ${removed} inquir${removed === 1 ? 'y' : 'ies'} received before ${cutoff.toISOString()} (INQUIRY_RETENTION_DAYS=${env.INQUIRY_RETENTION_DAYS})`,
      );
    return removed;
  }

  /** Writes a backup into BACKUP_DIR when the newest there is a day old or missing; the path. */
  async backupIfDue(): Promise<string | null> {
    const { env, store, clock, files } = this.deps;
    const dir = env.BACKUP_DIR;
    if (dir === undefined) return null;
    await fs.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
    const now = clock();
    const times = (await fs.readdir(dir))
      .map((name) => ({ name, time: timeOf(name) }))
      .filter((b): b is { name: string; time: number } => b.time !== null)
      .sort((a, b) => b.time - a.time);
    if (times[0] && now.getTime() - times[0].time < DAY_MS) return null;
    const file = path.join(dir, backupFileName(now));
    const { counts } = await saveArchive(
      archiveStream(await collectBackup({ store, repoRoot: env.REPO_ROOT, clock, files })),
      file,
    );
    securityEvent(this.log, 'backup', 'success', { file, ...counts });
    const old = [{ name: path.basename(file), time: now.getTime() }, ...times].slice(
      env.BACKUP_KEEP,
    );
    await Promise.all(old.map((b) => fs.rm(path.join(dir, b.name), { force: true })));
    return file;
  }
}
