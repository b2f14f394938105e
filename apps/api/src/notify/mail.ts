// The owner's e-mail about a new inquiry, and how a failed send is told apart: a mail server's
// permanent refusal (a 5xx reply) is not tried again, anything else is.
import {
  type InboxInquiry,
  KNOWN_PREFERRED_COLORS,
  PREFERRED_COLOR_LABELS,
} from '@cedar/api-contract';
import nodemailer from 'nodemailer';
import { z } from 'zod';

/** How many characters of the family's message the e-mail quotes at most (on one line). */
const MESSAGE_CHARS = 600;

export interface MailSettings {
  smtpUrl: string;
  to: string[];
  from: string;
  /** The site's public origin: the e-mail links to the inquiry in the admin. */
  publicUrl: string;
}

export interface OwnerMail {
  from: string;
  to: string[];
  replyTo?: string;
  subject: string;
  text: string;
  messageId: string;
  /** Extra headers (an announcement's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
}

/**
 * `value` when it is exactly one e-mail address by zod's e-mail rule (no display name, no list,
 * no comment), trimmed; null otherwise. The only way an address becomes a recipient.
 */
export function singleAddress(value: string): string | null {
  const address = value.trim();
  return address.length <= 254 && z.email().safeParse(address).success ? address : null;
}

const colorName = (color: string) =>
  (KNOWN_PREFERRED_COLORS as readonly string[]).includes(color)
    ? PREFERRED_COLOR_LABELS[color as keyof typeof PREFERRED_COLOR_LABELS]
    : color || 'not given';

/** The family's name, or what else says who wrote. */
const whoWrote = (inquiry: InboxInquiry) =>
  `${inquiry.firstName} ${inquiry.lastName}`.trim() || inquiry.email || 'A family';

/** Where the inquiry is in the admin: the inbox searched for the family's e-mail (or name). */
function adminLink(publicUrl: string, inquiry: InboxInquiry): string {
  const q = inquiry.email || whoWrote(inquiry);
  return `${publicUrl}/admin?${new URLSearchParams({ q: q.slice(0, 100) }).toString()}`;
}

/**
 * A value a form sent, as one line of the e-mail: every line break (and any other control or
 * separator character) a space, and a web address's "://" broken ("[:]//") so that no mail
 * program makes a link of it. Cut at `max` characters, at a word, with " …".
 */
export function oneLine(text: string, max = 300): string {
  let line = text
    .replace(/[\p{Cc}\p{Zl}\p{Zp}\u0085\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]+/gu, ' ')
    .replace(/:\/\//g, '[:]//')
    .replace(/\bwww\./gi, (w) => `${w.slice(0, 3)}[.]`)
    .replace(/ {2,}/g, ' ')
    .trim();
  if (line.length > max) line = `${line.slice(0, max).replace(/\s+\S*$/, '')} …`;
  return line;
}

/** The e-mail about one inquiry: who, which colour, the first lines of the message, and a link. */
export function ownerMail(settings: MailSettings, inquiry: InboxInquiry): OwnerMail {
  const who = oneLine(whoWrote(inquiry), 200);
  const color = oneLine(colorName(inquiry.preferredColor), 100);
  const replyTo = singleAddress(inquiry.email) ?? undefined;
  const lines = [
    // The template's words begin every line: a value a form sent never starts one.
    `A new inquiry${inquiry.form ? ` through the ${oneLine(inquiry.form.name, 100)}` : ''}, from ${who}.`,
    '',
    `Name: ${who}`,
    `Preferred colour: ${color}`,
    ...(inquiry.email
      ? [`E-mail: ${oneLine(inquiry.email, 254)}${replyTo ? '' : ' (not a valid address)'}`]
      : []),
    ...(inquiry.phone ? [`Phone: ${oneLine(inquiry.phone, 100)}`] : []),
    '',
    ...(inquiry.message ? [`Message: ${oneLine(inquiry.message, MESSAGE_CHARS)}`, ''] : []),
    ...(inquiry.answers?.length
      ? [
          `${inquiry.answers.length} more answer${inquiry.answers.length === 1 ? '' : 's'} in the admin.`,
          '',
        ]
      : []),
    `Open it in the admin: ${adminLink(settings.publicUrl, inquiry)}`,
  ];
  const host = new URL(settings.publicUrl).hostname || 'localhost';
  return {
    from: settings.from,
    to: settings.to,
    ...(replyTo ? { replyTo } : {}),
    subject: `New inquiry from ${who}${inquiry.preferredColor ? ` (${color})` : ''}`.slice(0, 200),
    text: `${lines.join('\n')}\n`,
    // The same for every attempt: should a send ever be repeated, mail programs show it once.
    messageId: `<inquiry-${inquiry.id}@${host}>`,
  };
}

/**
 * How a failed send is handled, by the mail server's reply (RFC 3463's enhanced status code when
 * it gives one, else the basic code):
 * - retry: try this e-mail again later, with growing waits (4xx, any 4.x.x, 4.7.x throttling and
 *   greylisting included, a connection that failed);
 * - quota: the sender's daily quota is used up (5.4.5: Gmail's "550 5.4.5 Daily user sending
 *   limit exceeded"): it clears, so every e-mail waits an hour and is tried again;
 * - bounce: the address does not exist (5.1.1, 5.1.10): given up on, and the family's address is
 *   marked as bouncing;
 * - auth: the server refused our login (535, 5.7.8): every e-mail waits until it accepts it;
 * - refused: any other permanent refusal (5xx): given up on.
 */
export type MailFailureKind = 'retry' | 'quota' | 'bounce' | 'auth' | 'refused';

/** A failed send, and how the outbox handles it. */
export class MailError extends Error {
  constructor(
    message: string,
    readonly kind: MailFailureKind,
  ) {
    super(message);
    this.name = 'MailError';
  }

  /** Given up on at once: nothing later would change the answer. */
  get permanent(): boolean {
    return this.kind === 'bounce' || this.kind === 'refused';
  }
}

/** The enhanced status code (RFC 3463) of a reply, as [class, subject, detail]; null without one. */
export function enhancedCode(reply: string): [number, number, number] | null {
  const m = /^\d{3}[ -]([245])\.(\d{1,3})\.(\d{1,3})\b/.exec(reply.trim());
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

/** What a reply (its basic and enhanced codes) means for the e-mail. */
export function failureKind(responseCode: number, reply: string, code?: string): MailFailureKind {
  const enhanced = enhancedCode(reply);
  if (code === 'EAUTH' || responseCode === 535 || (enhanced?.[1] === 7 && enhanced[2] === 8))
    return 'auth';
  if (enhanced) {
    const [cls, subject, detail] = enhanced;
    if (cls === 4) return 'retry';
    if (subject === 4 && detail === 5) return 'quota';
    if (subject === 1 && (detail === 1 || detail === 10)) return 'bounce';
    return 'refused';
  }
  return responseCode >= 500 && responseCode < 600 ? 'refused' : 'retry';
}

/** nodemailer's error as a MailError: the server's reply decides, never the password. */
function classify(error: unknown): MailError {
  const e = error as { responseCode?: number; response?: string; code?: string; message?: string };
  if (typeof e.responseCode === 'number') {
    const reply = oneLine(e.response ?? e.message ?? '', 300);
    return new MailError(
      `the mail server answered ${reply || e.responseCode}`,
      failureKind(e.responseCode, reply, e.code),
    );
  }
  if (e.code === 'EAUTH')
    return new MailError(
      `the mail server refused the login (${oneLine(e.message ?? '', 200)})`,
      'auth',
    );
  return new MailError(
    `the mail server could not be reached (${e.code ?? oneLine(e.message ?? 'unknown error', 200)})`,
    'retry',
  );
}

/** The host an SMTP_URL names, for the log and the start-up line (never its user or password). */
export const smtpHost = (smtpUrl: string) => new URL(smtpUrl).host;

/** Sends one e-mail; `signal` stops a send under way (the server is stopping). */
export type SendMail = (mail: OwnerMail, signal: AbortSignal) => Promise<void>;

export interface SmtpOptions {
  /** At most this many messages per `rateDeltaMs` (nodemailer's rateLimit). */
  rateLimit: number;
  rateDeltaMs: number;
}

/**
 * Sends through SMTP_URL with nodemailer over ONE pooled connection (logged in once, reused for
 * up to 100 messages), at most `rateLimit` messages per `rateDeltaMs`; every failure thrown as a
 * MailError. An e-mail with no recipient is refused before any connection.
 */
export function smtpSender(
  smtpUrl: string,
  { rateLimit, rateDeltaMs }: SmtpOptions,
): { send: SendMail; close: () => void } {
  // Time limits well inside the outbox's claim: a send never outlives it. The URL's own query
  // (?tls.rejectUnauthorized=false, say) may override them.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 1,
    maxMessages: 100,
    rateLimit,
    rateDelta: rateDeltaMs,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  return {
    async send(mail, signal) {
      if (mail.to.length === 0 || mail.to.some((to) => singleAddress(to) === null))
        throw new MailError('the e-mail has no valid recipient', 'refused');
      try {
        await transport.sendMail({ ...mail, signal });
      } catch (error) {
        if (signal.aborted) throw error;
        throw classify(error);
      }
    },
    close: () => transport.close(),
  };
}
