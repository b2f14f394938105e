import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../auth/sessions';
import type { Store } from '../../store';
import type { Intake } from '../intake';
import { fetchSubmissionsPage, HubSpotError, type Submission } from './forms-api';
import { formOf, mapValues } from './mapping';

/**
 * A submission HubSpot lists late (after a newer one was already read) is still taken in when it
 * is at most this much older than the newest seen: the poller reads back this far each time.
 */
export const OVERLAP_MS = 10 * 60_000;
/** The most pages one poll of a form reads (50 submissions each). */
const MAX_PAGES = 200;
/** The longest wait after failures. */
const BACKOFF_CAP_MS = 30 * 60_000;
/** How often a refused token is tried again (silently): a new one needs a restart anyway. */
const REFUSED_RETRY_MS = 15 * 60_000;
/** Consecutive failures before the dashboard says HubSpot cannot be reached. */
const FAILING_AFTER = 3;

export interface PollerOptions {
  token: string;
  apiUrl: string;
  formIds: readonly string[];
  intervalMs: number;
  colorProperty: string;
  /** One request's time limit (forms-api's default unless a test shortens it). */
  timeoutMs?: number;
}

export interface PollerStatus {
  state: 'starting' | 'ok' | 'refused' | 'failing';
  problem: string | null;
  lastSuccessAt: Date | null;
  intervalMs: number;
}

export interface PollResult {
  /** Inquiries stored by this poll. */
  added: number;
  /** When the next poll is due. */
  nextDelayMs: number;
}

const minutes = (ms: number) =>
  ms < 60_000 ? `${Math.round(ms / 1000)} s` : `${Math.round(ms / 60_000)} min`;

/**
 * Reads each form's submissions from HubSpot on its own timer, one poll at a time, and takes in
 * every submission it has not stored yet. Requests never wait for it: the timer is unref'd and
 * a poll only ever adds to the store. A refused token is said once, not at every poll.
 */
export class HubSpotPoller {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<PollResult> | null = null;
  private readonly abort = new AbortController();
  private state: PollerStatus['state'] = 'starting';
  private failure: string | null = null;
  private lastSuccessAt: Date | null = null;
  private failures = 0;
  private rateLimited = false;
  /** Forms HubSpot says it has not: told once each. */
  private readonly missing = new Map<string, string>();
  private firstDone!: () => void;
  private readonly first = new Promise<void>((resolve) => {
    this.firstDone = resolve;
  });

  constructor(
    private readonly deps: {
      store: Store;
      clock: Clock;
      log: FastifyBaseLogger;
      intake: Intake;
    },
    private readonly options: PollerOptions,
  ) {}

  /** Polls at once, then on its own schedule. */
  start(): void {
    this.schedule(0);
  }

  /** Stops the timer and any request under way; resolves when no poll runs. */
  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.abort.abort();
    await this.running?.catch(() => undefined);
  }

  /** Resolves once the first poll has ended, or after `ms`: the start-up line waits for it. */
  async firstPoll(ms: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.first,
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, ms).unref();
      }),
    ]);
    clearTimeout(timer);
  }

  status(): PollerStatus {
    const problems = [this.failure, ...this.missing.values()].filter((p): p is string => !!p);
    return {
      state: this.state,
      problem: problems.length > 0 ? problems.join(' ') : null,
      lastSuccessAt: this.lastSuccessAt,
      intervalMs: this.options.intervalMs,
    };
  }

  /** Polls every form now, unless a poll is running: then that poll's result. */
  pollNow(): Promise<PollResult> {
    this.running ??= this.pollAll().finally(() => {
      this.running = null;
      this.firstDone();
    });
    return this.running;
  }

  private schedule(delayMs: number) {
    if (this.abort.signal.aborted) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      void this.pollNow().then(
        (result) => this.schedule(result.nextDelayMs),
        // pollAll catches everything; this is for the impossible.
        () => this.schedule(this.options.intervalMs),
      );
    }, delayMs);
    this.timer.unref();
  }

  private async pollAll(): Promise<PollResult> {
    let added = 0;
    for (const formId of this.options.formIds) {
      try {
        added += await this.pollForm(formId);
        this.missing.delete(formId);
      } catch (error) {
        if (this.abort.signal.aborted) return { added, nextDelayMs: this.options.intervalMs };
        if (error instanceof HubSpotError && error.failure === 'not-found') {
          if (!this.missing.has(formId)) {
            const message = `${error.message}: check HUBSPOT_FORM_IDS.`;
            this.deps.log.warn(message);
            this.missing.set(formId, message);
          }
          continue;
        }
        return { added, nextDelayMs: this.failed(error) };
      }
    }
    this.succeeded();
    return { added, nextDelayMs: this.options.intervalMs };
  }

  private succeeded() {
    const { log } = this.deps;
    if (this.state === 'refused') log.info('HubSpot accepts the access token again');
    else if (this.failures > 0) log.info('HubSpot answers again');
    this.state = 'ok';
    this.failure = null;
    this.failures = 0;
    this.rateLimited = false;
    this.lastSuccessAt = this.deps.clock();
  }

  /** Records a failed poll (said once per kind); answers how long to wait before the next. */
  private failed(error: unknown): number {
    const { log } = this.deps;
    const { intervalMs } = this.options;
    if (error instanceof HubSpotError && error.failure === 'refused') {
      if (this.state !== 'refused') {
        log.warn(
          `${error.message}. HubSpot inquiries are not read until HUBSPOT_ACCESS_TOKEN holds a ` +
            "private app's token with the forms scope (see docs/hubspot.md).",
        );
      }
      this.state = 'refused';
      this.failure = `${error.message}. Set HUBSPOT_ACCESS_TOKEN to a private app's token with the forms scope.`;
      return Math.max(intervalMs, REFUSED_RETRY_MS);
    }
    if (error instanceof HubSpotError && error.failure === 'rate-limited') {
      if (!this.rateLimited) log.info(`${error.message}; polling again then`);
      this.rateLimited = true;
      return error.retryAfterMs ?? intervalMs;
    }
    this.failures += 1;
    const wait = Math.min(intervalMs * 2 ** this.failures, BACKOFF_CAP_MS);
    const reason =
      error instanceof HubSpotError ? error.message : `polling failed: ${(error as Error).message}`;
    if (this.failures === 1) {
      if (error instanceof HubSpotError) log.warn(`${reason}; trying again in ${minutes(wait)}`);
      else log.error({ err: error }, `HubSpot ${reason}; trying again in ${minutes(wait)}`);
    }
    if (this.failures >= FAILING_AFTER && this.state !== 'refused') {
      this.state = 'failing';
      this.failure = `HubSpot could not be read ${this.failures} times in a row (${reason}); trying again in ${minutes(wait)}.`;
    }
    return wait;
  }

  /** Takes in one form's unseen submissions; answers how many inquiries it stored. */
  private async pollForm(formId: string): Promise<number> {
    const { store, clock, intake, log } = this.deps;
    const { token, apiUrl, timeoutMs, colorProperty } = this.options;
    const key = `hubspot:${formId}`;
    const cursor = await store.cursors.get(key);
    // The first poll of a form takes in its history without e-mailing the owner about each.
    const quietly = cursor === null;
    const seen = new Set((cursor?.seen ?? []).map((s) => s.id));
    const readBackTo = cursor?.newestAt == null ? null : cursor.newestAt - OVERLAP_MS;

    const fresh: Submission[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const page = await fetchSubmissionsPage({
        apiUrl,
        token,
        formId,
        after,
        signal: this.abort.signal,
        timeoutMs,
        now: () => clock().getTime(),
      });
      pages += 1;
      let older = false;
      for (const submission of page.results) {
        if (readBackTo !== null && submission.submittedAt < readBackTo) older = true;
        else if (!seen.has(submission.conversionId)) {
          seen.add(submission.conversionId);
          fresh.push(submission);
        }
      }
      after = older ? null : page.after;
    } while (after !== null && pages < MAX_PAGES);
    if (after !== null)
      log.warn(`HubSpot: read the newest ${pages * 50} submissions of form ${formId} only`);

    // Oldest first: the inbox lists arrivals in the order the families sent them.
    fresh.sort((a, b) => a.submittedAt - b.submittedAt);
    const form = formOf(formId);
    let added = 0;
    for (const submission of fresh) {
      const { answers, ...mapped } = mapValues(submission.values, colorProperty);
      const { created } = await intake.receive(
        `hubspot:${submission.conversionId}`,
        {
          ...mapped,
          ...(answers.length > 0 ? { answers } : {}),
          form: formOf(formId, submission.pageUrl ?? undefined),
          createdAt: new Date(submission.submittedAt),
        },
        { quietly },
      );
      if (created) added += 1;
    }

    const all = [
      ...(cursor?.seen ?? []),
      ...fresh.map((s) => ({ id: s.conversionId, at: s.submittedAt })),
    ];
    const newestAt = all.length > 0 ? Math.max(...all.map((s) => s.at)) : null;
    await store.cursors.set({
      _id: key,
      newestAt,
      seen: newestAt === null ? [] : all.filter((s) => s.at >= newestAt - OVERLAP_MS),
      updatedAt: clock(),
    });
    if (added > 0)
      log.info(
        quietly
          ? `HubSpot: took in ${added} earlier submission${added === 1 ? '' : 's'} of the ${form.name}, without e-mails`
          : `HubSpot: ${added} new inquir${added === 1 ? 'y' : 'ies'} from the ${form.name}`,
      );
    return added;
  }
}
