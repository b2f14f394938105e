import type { InboxInquiry } from '@cedar/api-contract';
import type { Clock } from '../auth/sessions';
import type { NewInquiry, Store } from '../store';

export type IncomingInquiry = Omit<NewInquiry, 'receivedAt' | 'notify'>;

/**
 * The one way in for an inquiry, whatever brought it (the relay webhook, HubSpot's webhook, the
 * poller): stored once per delivery id, dated by its arrival, and with its e-mail to the owner in
 * the same write when e-mail is on. Nothing here waits for the mail server.
 */
export class Intake {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    /** Whether each new inquiry is e-mailed to the owner (SMTP_URL and the rest are set). */
    private readonly mailOn: boolean,
    /** Tells the outbox an e-mail is waiting (it sends on its own time, never in the request). */
    private readonly kick: () => void,
  ) {}

  /**
   * Stores `inquiry` unless `deliveryId` was stored before. `quietly`: stored without an e-mail
   * (submissions from before the poller first ran, which the owner has seen in HubSpot).
   */
  async receive(
    deliveryId: string,
    inquiry: IncomingInquiry,
    { quietly = false }: { quietly?: boolean } = {},
  ): Promise<{ inquiry: InboxInquiry; created: boolean }> {
    const notify = this.mailOn && !quietly;
    const result = await this.store.inquiries.createOnce(deliveryId, {
      ...inquiry,
      receivedAt: this.clock(),
      notify,
    });
    if (result.created && notify) this.kick();
    return result;
  }
}
