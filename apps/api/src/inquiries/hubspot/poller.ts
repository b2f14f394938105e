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
/** After a rolling-limit 429 that comes again at once, the least wait, doubling each time. */
const ROLLING_BACKOFF_MS = 10_000;
/** Polling resumes this long after the account's midnight (clocks differ a little). */
const DAILY_RESET_MARGIN_MS = 60_000;

/** How long from `now` until the next midnight in `timeZone` (the account's day ends then). */
export function untilMidnight(now: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(now)
      .map((p) => [p.type, Number(p.value)]),
  ) as { hour: number; minute: number; second: number };
  const elapsed =
    ((parts.hour * 60 + parts.minute) * 60 + parts.second) * 1000 + now.getMilliseconds();
  return 86_400_000 - elapsed;
}

const hours = (ms: number) =>
  ms < 3_600_000
    ? minutes(ms)
    : `${Math.floor(ms / 3_600_000)} h ${Math.round((ms % 3_600_000) / 60_000)} min`;

export interface PollerOptions {
  token: string;
  apiUrl: string;
  formIds: readonly string[];
  intervalMs: number;
  colorProperty: string;
  /** One request's time limit (forms-api's default unless a test shortens it). */
  timeoutMs?: number;
  /** The HubSpot account's time zone: its daily limit resets at midnight there. */
  timeZone: string;
}

export interface PollerStatus {
  state: 'starting' | 'ok' | 'refused' | 'failing' | 'limited';
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
  /** Each form's schedule: when it is due, and its failures in a row (and what they were). */
  private readonly forms = new Map<
    string,
    { dueAt: number; failures: number; problem: string | null }
  >();
  /** Every form waits until then: the account is refused or rate-limited. */
  private pausedUntil = 0;
  /** Rolling-limit 429s in a row. */
  private rateLimited = 0;
  private dailyLimited = false;
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
    return this.poll(true);
  }

  /** What the timer runs: the forms that are due, none while the account must wait. */
  pollDue(): Promise<PollResult> {
    return this.poll(false);
  }

  private poll(all: boolean): Promise<PollResult> {
    this.running ??= this.pollAll(all).finally(() => {
      this.running = null;
      this.firstDone();
    });
    return this.running;
  }

  private schedule(delayMs: number) {
    if (this.abort.signal.aborted) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      void this.pollDue().then(
        (result) => this.schedule(result.nextDelayMs),
        // pollAll catches everything; this is for the impossible.
        () => this.schedule(this.options.intervalMs),
      );
    }, delayMs);
    this.timer.unref();
  }

  /** Polls the forms that are due (all of them when `all`), each on its own schedule. */
  private async pollAll(all = true): Promise<PollResult> {
    const { clock } = this.deps;
    const { intervalMs, formIds } = this.options;
    let added = 0;
    if (!all && clock().getTime() < this.pausedUntil)
      return { added, nextDelayMs: this.nextDelay() };
    let succeeded = 0;
    for (const formId of formIds) {
      const form = this.formState(formId);
      if (!all && form.dueAt > clock().getTime()) continue;
      try {
        added += await this.pollForm(formId);
        this.missing.delete(formId);
        if (form.failures > 0) this.deps.log.info(`HubSpot answers again (form ${formId})`);
        form.failures = 0;
        form.problem = null;
        form.dueAt = clock().getTime() + intervalMs;
        succeeded += 1;
      } catch (error) {
        if (this.abort.signal.aborted) return { added, nextDelayMs: intervalMs };
        if (error instanceof HubSpotError && error.failure === 'not-found') {
          if (!this.missing.has(formId)) {
            const message = `${error.message}: check HUBSPOT_FORM_IDS.`;
            this.deps.log.warn(message);
            this.missing.set(formId, message);
          }
          form.dueAt = clock().getTime() + intervalMs;
          continue;
        }
        if (
          error instanceof HubSpotError &&
          (error.failure === 'refused' ||
            error.failure === 'daily-limit' ||
            error.failure === 'rate-limited')
        ) {
          // The token and the limits are the account's: every form waits.
          this.pausedUntil = clock().getTime() + this.accountFailed(error);
          return { added, nextDelayMs: this.nextDelay() };
        }
        // This form alone failed: it is tried again on its own, growing wait; the others go on.
        this.formFailed(formId, form, error);
      }
    }
    if (succeeded > 0) this.succeeded();
    this.updateState();
    return { added, nextDelayMs: this.nextDelay() };
  }

  private formState(formId: string) {
    let form = this.forms.get(formId);
    if (!form) {
      form = { dueAt: 0, failures: 0, problem: null };
      this.forms.set(formId, form);
    }
    return form;
  }

  /** Until the next form is due, or the account's wait ends, whichever is later for each. */
  private nextDelay(): number {
    const now = this.deps.clock().getTime();
    const dues = this.options.formIds.map((id) =>
      Math.max(this.formState(id).dueAt, this.pausedUntil),
    );
    return Math.max(Math.min(...dues) - now, 100);
  }

  private succeeded() {
    const { log } = this.deps;
    if (this.state === 'refused') log.info('HubSpot accepts the access token again');
    else if (this.state === 'limited' && this.dailyLimited)
      log.info("HubSpot answers again after the daily limit's reset");
    this.failure = null;
    this.rateLimited = 0;
    this.dailyLimited = false;
    this.lastSuccessAt = this.deps.clock();
    if (this.state !== 'failing') this.state = 'ok';
  }

  /** The dashboard's state from the forms' own: failing while one form keeps failing. */
  private updateState() {
    if (this.state === 'refused' || this.dailyLimited) return;
    const failing = [...this.forms.entries()].find(([, f]) => f.failures >= FAILING_AFTER);
    if (failing) {
      this.state = 'failing';
      this.failure = failing[1].problem;
    } else if (this.lastSuccessAt) {
      this.state = 'ok';
      this.failure = null;
    }
  }

  /** One form failed (5xx, a time-out, a wrong answer): its own wait grows, said once. */
  private formFailed(
    formId: string,
    form: { dueAt: number; failures: number; problem: string | null },
    error: unknown,
  ) {
    const { log, clock } = this.deps;
    const { intervalMs } = this.options;
    form.failures += 1;
    const wait = Math.min(intervalMs * 2 ** form.failures, BACKOFF_CAP_MS);
    form.dueAt = clock().getTime() + wait;
    const reason =
      error instanceof HubSpotError ? error.message : `polling failed: ${(error as Error).message}`;
    if (form.failures === 1) {
      if (error instanceof HubSpotError)
        log.warn(`${reason} (form ${formId}); trying it again in ${minutes(wait)}`);
      else
        log.error(
          { err: error },
          `HubSpot ${reason} (form ${formId}); trying it again in ${minutes(wait)}`,
        );
    }
    form.problem = `HubSpot could not be read ${form.failures} times in a row (${reason}); trying again in ${minutes(wait)}.`;
  }

  /** The account was refused or limited; answers how long every form waits. Said once per kind. */
  private accountFailed(error: HubSpotError): number {
    const { log, clock } = this.deps;
    const { intervalMs, timeZone } = this.options;
    if (error.failure === 'refused') {
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
    if (error.failure === 'daily-limit') {
      const now = clock();
      const wait = untilMidnight(now, timeZone) + DAILY_RESET_MARGIN_MS;
      const resumes = new Date(now.getTime() + wait);
      if (!this.dailyLimited)
        log.warn(
          `${error.message}: polling stops until it resets at midnight (${timeZone}), in ${hours(wait)}. The limit is shared by every app of the HubSpot account.`,
        );
      this.dailyLimited = true;
      this.state = 'limited';
      this.failure = `HubSpot's daily API limit for the account is reached (shared by every app of the account). Polling resumes after midnight (${timeZone}), at ${resumes.toISOString().slice(0, 16).replace('T', ' ')} UTC.`;
      return wait;
    }
    // A rolling (ten-secondly) limit: wait as asked, longer each time it comes again.
    this.rateLimited += 1;
    const asked = error.retryAfterMs ?? intervalMs;
    const wait = Math.min(
      Math.max(asked, ROLLING_BACKOFF_MS * 2 ** (this.rateLimited - 1)),
      BACKOFF_CAP_MS,
    );
    if (this.rateLimited === 1) log.info(`${error.message}; polling again then`);
    return this.rateLimited === 1 ? asked : wait;
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
