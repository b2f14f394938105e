import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../auth/sessions';
import type { Store } from '../store';
import type { AnnouncementMailDoc } from '../store/documents';
import type { MailOutcome } from '../store/types';
import { MailError, type OwnerMail, type SendMail } from './mail';
import type { InboxInquiry } from '@cedar/api-contract';

/** Attempts before an e-mail is given up on (about three hours of retries, see retryDelayMs). */
export const MAX_ATTEMPTS = 10;
/**
 * How long a sender's claim on an e-mail lasts: longer than any send can take (nodemailer's
 * time limits add up to a minute), so two senders never work on one e-mail at the same time.
 */
const CLAIM_MS = 2 * 60_000;
/** The longest the outbox sleeps between looks at the store (e-mails queued by another instance). */
const IDLE_MS = 60_000;

/** After a quota reply (5.4.5, 4.7.x): every e-mail waits this long (a daily quota clears). */
export const QUOTA_WAIT_MS = 60 * 60_000;
/** A quota keeps an e-mail waiting this many attempts at most (two days of hourly tries). */
const QUOTA_MAX_ATTEMPTS = 48;
/** After the server refused our login (535): every e-mail waits, and the login is tried this often. */
export const AUTH_RETRY_MS = 15 * 60_000;

/** The wait before attempt `attempt + 1`: 30 s, doubling, at most an hour. */
export const retryDelayMs = (attempt: number) => Math.min(30_000 * 2 ** (attempt - 1), 3_600_000);

export interface OutboxOptions {
  store: Store;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The e-mail about an inquiry. */
  compose: (inquiry: InboxInquiry) => OwnerMail;
  /** Sends it; a MailError says whether a failure is permanent. */
  send: SendMail;
  /**
   * An announcement's e-mail to one family (see waitlist/announcements.ts); a promise when it
   * reads the store (a family's page link is filled in as it is sent, issue 40).
   */
  composeAnnouncement?: (mail: AnnouncementMailDoc) => OwnerMail | Promise<OwnerMail>;
  /** A family's address bounced (5.1.1): marks it on their waitlist entry and inquiry. */
  onBounce?: (mail: AnnouncementMailDoc, reply: string) => Promise<void>;
}

/** What the dashboard shows of the outbox: a problem that holds every e-mail back, if any. */
export interface OutboxStatus {
  problem: string | null;
}

/** One claimed e-mail of either kind, and how to record its outcome. */
interface Claimed {
  about: Record<string, unknown>;
  /** The announcement's e-mail, when it is one (a bounce marks its family). */
  announcement?: AnnouncementMailDoc;
  what: string;
  attempt: number;
  mail: OwnerMail;
  settle: (outcome: MailOutcome) => Promise<boolean>;
}

/**
 * Sends the outbox's e-mails on its own timer: each claimed in the store before it is sent and
 * settled after, retried with growing waits, given up on after MAX_ATTEMPTS or at a mail
 * server's permanent refusal. An e-mail queued before a stop is sent after the next start.
 */
export class Outbox {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly abort = new AbortController();
  /** Every e-mail waits until then (a quota, a refused login); said once, shown on the dashboard. */
  private pausedUntil = 0;
  private problem: string | null = null;

  constructor(private readonly options: OutboxOptions) {}

  status(): OutboxStatus {
    return { problem: this.problem };
  }

  start(): void {
    this.kick();
  }

  /** Looks for due e-mails now (after an inquiry was stored), without waiting for them. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.drain()
      .then(() => undefined)
      .catch((error: unknown) => this.options.log.error({ err: error }, 'the outbox failed'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        } else void this.sleep();
      });
  }

  /** Stops the timer and a send under way (its e-mail waits in the store for the next start). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.abort.abort();
    await this.running;
  }

  /** Sends every e-mail due now, one at a time; answers how many were sent. */
  async drain(): Promise<number> {
    let sent = 0;
    while (!this.stopped && this.options.clock().getTime() >= this.pausedUntil) {
      const outcome = await this.sendOne();
      if (outcome === null) break;
      if (outcome) sent += 1;
    }
    return sent;
  }

  /** Until the next e-mail is due, or a minute at most. */
  private async sleep() {
    if (this.stopped) return;
    const { store } = this.options;
    const dues = await Promise.all([
      store.outbox.nextDue().catch(() => null),
      store.announcements.nextDue().catch(() => null),
    ]);
    if (this.stopped) return;
    const times = dues
      .filter((d): d is Date => d !== null)
      .map((d) => Math.max(d.getTime(), this.pausedUntil));
    const wait = times.length > 0 ? Math.min(...times) - this.options.clock().getTime() : IDLE_MS;
    this.timer = setTimeout(() => this.kick(), Math.min(Math.max(wait, 250), IDLE_MS));
    this.timer.unref();
  }

  /** Claims one due e-mail: the owner's about an inquiry first, then an announcement's. */
  private async claim(): Promise<Claimed | null> {
    const { store, clock, compose, composeAnnouncement } = this.options;
    const now = clock();
    const until = new Date(now.getTime() + CLAIM_MS);
    const claimId = randomBytes(8).toString('hex');
    const job = await store.outbox.claim(now, until, claimId);
    if (job)
      return {
        about: { inquiry: job.inquiry.id, attempt: job.attempt },
        what: 'the e-mail about a new inquiry',
        attempt: job.attempt,
        mail: compose(job.inquiry),
        settle: (outcome) => store.outbox.settle(job.inquiry.id, claimId, outcome),
      };
    if (!composeAnnouncement) return null;
    const mail = await store.announcements.claim(now, until, claimId);
    if (!mail) return null;
    return {
      about: { announcement: mail.announcementId, entry: mail.entryId, attempt: mail.attempts },
      what: 'an announcement to a family on the waitlist',
      attempt: mail.attempts,
      mail: await composeAnnouncement(mail),
      announcement: mail,
      settle: (outcome) => store.announcements.settle(mail._id, claimId, outcome),
    };
  }

  /** One claimed e-mail: true when sent, false when it failed, null when none was due. */
  private async sendOne(): Promise<boolean | null> {
    const { clock, log, send } = this.options;
    const job = await this.claim();
    if (!job) return null;
    const { about } = job;
    try {
      await send(job.mail, this.abort.signal);
    } catch (error) {
      if (this.abort.signal.aborted) {
        // Stopped mid-way: due again at once, for the next start.
        await job.settle({
          state: 'pending',
          nextAttemptAt: clock(),
          error: 'the server stopped before the e-mail was sent',
        });
        return null;
      }
      const failure = error instanceof MailError ? error : new MailError(String(error), 'retry');
      await this.failed(job, failure);
      return false;
    }
    if (this.problem) {
      log.info('the mail server takes e-mails again');
      this.problem = null;
    }
    const settled = await job.settle({ state: 'sent', at: clock() });
    if (!settled) log.warn(about, 'an e-mail was sent after its claim had run out');
    else
      log.info(
        about,
        job.about.inquiry
          ? 'e-mailed the owner about a new inquiry'
          : 'e-mailed an announcement to a family on the waitlist',
      );
    return true;
  }

  /** Records a failed attempt by what the mail server said (see MailFailureKind). */
  private async failed(job: Claimed, failure: MailError): Promise<void> {
    const { clock, log } = this.options;
    const { about } = job;
    const at = clock();
    if (failure.kind === 'auth' || failure.kind === 'quota') {
      // Every e-mail would get the same answer: the whole outbox waits, said once.
      const wait = failure.kind === 'auth' ? AUTH_RETRY_MS : QUOTA_WAIT_MS;
      const giveUp = failure.kind === 'quota' && job.attempt >= QUOTA_MAX_ATTEMPTS;
      const nextAttemptAt = new Date(at.getTime() + wait);
      const settled = await job.settle(
        giveUp
          ? { state: 'failed', at, error: failure.message }
          : { state: 'pending', nextAttemptAt, error: failure.message },
      );
      this.pausedUntil = nextAttemptAt.getTime();
      const problem =
        failure.kind === 'auth'
          ? `E-mail is stopped: the mail server refused the login (${failure.message}). Check the user and password in SMTP_URL; it is tried again every ${AUTH_RETRY_MS / 60_000} minutes.`
          : `E-mail waits: the mail server says the sending limit is reached (${failure.message}). Every e-mail is tried again in ${QUOTA_WAIT_MS / 60_000} minutes.`;
      if (this.problem === null) log.error({ ...about, settled }, problem);
      this.problem = problem;
      return;
    }
    const giveUp = failure.permanent || job.attempt >= MAX_ATTEMPTS;
    const settled = await job.settle(
      giveUp
        ? { state: 'failed', at, error: failure.message }
        : {
            state: 'pending',
            nextAttemptAt: new Date(at.getTime() + retryDelayMs(job.attempt)),
            error: failure.message,
          },
    );
    if (failure.kind === 'bounce' && job.announcement && this.options.onBounce)
      await this.options
        .onBounce(job.announcement, failure.message)
        .catch((error: unknown) =>
          log.error({ err: error, ...about }, 'could not mark the bouncing address'),
        );
    if (giveUp)
      log.error(
        { ...about, settled },
        `${job.what} could not be sent and is given up on: ${failure.message}`,
      );
    else
      log.warn(
        { ...about, settled },
        `${job.what} could not be sent (${failure.message}); trying again in ${Math.round(retryDelayMs(job.attempt) / 1000)} s`,
      );
  }
}
