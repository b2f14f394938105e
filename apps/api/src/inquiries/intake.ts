import type { Clock } from '../auth/sessions';
import { singleAddress } from '../notify/mail';
import type { NewInquiry, Store } from '../store';

export type IncomingInquiry = Omit<NewInquiry, 'receivedAt' | 'notify' | 'emailInvalid'>;

/**
 * How long what came in is remembered, whatever became of its inquiry: longer than any webhook's
 * replay window (5 minutes, and a little clock skew), so a replay within it adds nothing.
 */
const DELIVERY_MEMORY_MS = 10 * 60_000;

/**
 * The one way in for an inquiry, whatever brought it (the relay webhook, HubSpot's webhook, the
 * poller): stored once per delivery id (and once per `sameAs` key within DELIVERY_MEMORY_MS:
 * a body's hash, say), dated by its arrival, its e-mail address checked, and with its e-mail to
 * the owner in the same write when e-mail is on. Nothing here waits for the mail server.
 */
export class Intake {
  /** One arrival at a time in this process: two copies sent at once are told apart too. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    /** Whether each new inquiry is e-mailed to the owner (SMTP_URL and the rest are set). */
    private readonly mailOn: boolean,
    /** Tells the outbox an e-mail is waiting (it sends on its own time, never in the request). */
    private readonly kick: () => void,
  ) {}

  /**
   * Stores `inquiry` unless `deliveryId` was stored before, or it or a `sameAs` key came in
   * within DELIVERY_MEMORY_MS (even if its inquiry was deleted since). Answers the inquiry's id
   * (the first one's, for a repeat). `quietly`: stored without an e-mail (submissions from
   * before the poller first ran, which the owner has seen in HubSpot).
   */
  async receive(
    deliveryId: string,
    inquiry: IncomingInquiry,
    { quietly = false, sameAs = [] }: { quietly?: boolean; sameAs?: readonly string[] } = {},
  ): Promise<{ id: string; created: boolean }> {
    const turn = this.queue.then(() => this.receiveNow(deliveryId, inquiry, quietly, sameAs));
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  private async receiveNow(
    deliveryId: string,
    inquiry: IncomingInquiry,
    quietly: boolean,
    sameAs: readonly string[],
  ): Promise<{ id: string; created: boolean }> {
    const now = this.clock();
    const keys = [deliveryId, ...sameAs];
    const known = await this.store.deliveries.find(keys, now);
    if (known !== null) return { id: known, created: false };
    const notify = this.mailOn && !quietly;
    // An e-mail that is not one address is kept as the family wrote it, marked, never written to.
    const emailInvalid = inquiry.email.trim() !== '' && singleAddress(inquiry.email) === null;
    const result = await this.store.inquiries.createOnce(deliveryId, {
      ...inquiry,
      receivedAt: now,
      notify,
      ...(emailInvalid ? { emailInvalid } : {}),
    });
    await this.store.deliveries.remember(
      keys,
      result.inquiry.id,
      new Date(now.getTime() + DELIVERY_MEMORY_MS),
    );
    if (result.created && notify) this.kick();
    return { id: result.inquiry.id, created: result.created };
  }
}
