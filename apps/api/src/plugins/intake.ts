import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HubSpotPoller, type PollerOptions } from '../inquiries/hubspot/poller';
import { Intake } from '../inquiries/intake';
import { type OwnerMail, ownerMail, type SendMail, smtpHost, smtpSender } from '../notify/mail';
import { Outbox } from '../notify/outbox';
import { withFamilyPage } from '../family/links';
import { composeAnnouncement } from '../waitlist/announcements';
import { markEntries } from '../waitlist/entry-marks';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where every inquiry comes in (webhooks, the poller): stored once, e-mailed once. */
    intake: Intake;
    /** HubSpot's forms polled for submissions; null without HUBSPOT_ACCESS_TOKEN. */
    hubspot: HubSpotPoller | null;
    /** The owner's e-mails about new inquiries; null without SMTP_URL (and the rest). */
    outbox: Outbox | null;
    /** Where those e-mails go and through which server, for the dashboard and the start-up line. */
    mail: { to: string[]; server: string } | null;
    /**
     * Sends one e-mail at once, outside the outbox (an invitation's link, issue 39: the outbox
     * would keep it in the store and its backups); null without SMTP_URL (and the rest).
     */
    sendNow: ((mail: Omit<OwnerMail, 'from'>) => Promise<void>) | null;
  }
}

export interface IntakeOptions {
  /** Tests shorten HubSpot's time limit; the server uses forms-api's. */
  hubspotTimeoutMs?: number;
  /** Tests watch what is sent; the server sends through SMTP_URL. */
  sendMail?: SendMail;
  /** False: no poll on its own (tests call hubspot.pollNow()); the server polls from the start. */
  pollOnStart?: boolean;
}

/**
 * Inquiries in and e-mails out: the intake, the HubSpot poller and the outbox, each on its own
 * timer from the moment the app is ready, stopped (a request or a send under way ended) at close.
 */
export const intakePlugin = fp(
  async (app: FastifyInstance, options: IntakeOptions) => {
    const { env, store, clock, log } = app;
    const mailOn = Boolean(env.SMTP_URL && env.NOTIFY_EMAIL && env.MAIL_FROM);
    let outbox: Outbox | null = null;
    let sendNow: FastifyInstance['sendNow'] = null;
    let closeTransport = () => {};
    if (mailOn) {
      const settings = {
        smtpUrl: env.SMTP_URL!,
        to: env.NOTIFY_EMAIL!,
        from: env.MAIL_FROM!,
        publicUrl: env.PUBLIC_URL,
      };
      let send = options.sendMail;
      if (!send) {
        const sender = smtpSender(settings.smtpUrl, {
          rateLimit: env.SMTP_RATE_LIMIT,
          rateDeltaMs: env.SMTP_RATE_DELTA,
        });
        send = sender.send;
        closeTransport = sender.close;
      }
      const sendOnce = send;
      sendNow = (mail) => sendOnce({ ...mail, from: settings.from }, AbortSignal.timeout(20_000));
      outbox = new Outbox({
        store,
        clock,
        log,
        compose: (inquiry) => ownerMail(settings, inquiry),
        // A family's page link is filled in as the e-mail goes (issue 40): the store and its
        // backups keep the e-mail without it.
        composeAnnouncement: async (mail) =>
          composeAnnouncement(settings, await withFamilyPage(store, settings.publicUrl, mail)),
        // A hard bounce marks the family's address on their waitlist entries (every list) and
        // their inquiry card: no announcement goes to it again until the owner changes it.
        onBounce: async (mail, reply) => {
          const inquiryIds = new Set<string>();
          const address = mail.to.trim().toLowerCase();
          await markEntries(
            store,
            clock,
            (e) => e.id === mail.entryId || e.email.trim().toLowerCase() === address,
            (e, now) => {
              inquiryIds.add(e.inquiryId);
              return e.bouncedAt ? null : { ...e, bouncedAt: now, bounce: reply.slice(0, 300) };
            },
          );
          for (const id of inquiryIds)
            await store.inquiries.markBounced(id, clock(), reply.slice(0, 300));
          log.warn(
            { announcement: mail.announcementId, entry: mail.entryId },
            'an announcement bounced: the family’s address is marked as bouncing',
          );
        },
        send,
      });
    }
    const intake = new Intake(store, clock, mailOn, () => outbox?.kick());
    const hubspot = env.HUBSPOT_ACCESS_TOKEN
      ? new HubSpotPoller({ store, clock, log, intake }, {
          token: env.HUBSPOT_ACCESS_TOKEN,
          apiUrl: env.HUBSPOT_API_URL,
          formIds: env.HUBSPOT_FORM_IDS,
          intervalMs: env.HUBSPOT_POLL_INTERVAL,
          colorProperty: env.HUBSPOT_COLOR_PROPERTY,
          timeZone: env.HUBSPOT_TIME_ZONE,
          ...(options.hubspotTimeoutMs ? { timeoutMs: options.hubspotTimeoutMs } : {}),
        } satisfies PollerOptions)
      : null;

    app.decorate('intake', intake);
    app.decorate('hubspot', hubspot);
    app.decorate('outbox', outbox);
    app.decorate('sendNow', sendNow);
    app.decorate(
      'mail',
      mailOn ? { to: env.NOTIFY_EMAIL!, server: smtpHost(env.SMTP_URL!) } : null,
    );
    app.addHook('onReady', async () => {
      outbox?.start();
      if (options.pollOnStart !== false) hubspot?.start();
    });
    app.addHook('onClose', async () => {
      await hubspot?.stop();
      await outbox?.stop();
      closeTransport();
    });
  },
  { name: 'intake', dependencies: ['config', 'store'] },
);
