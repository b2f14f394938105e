// The owner's e-mail about a new inquiry, and how a failed send is told apart: a mail server's
// permanent refusal (a 5xx reply) is not tried again, anything else is.
import {
  type InboxInquiry,
  KNOWN_PREFERRED_COLORS,
  PREFERRED_COLOR_LABELS,
} from '@cedar/api-contract';
import nodemailer from 'nodemailer';
import { z } from 'zod';

/** How many lines of the family's message the e-mail quotes, and how many characters at most. */
const MESSAGE_LINES = 6;
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
}

const colorName = (color: string) =>
  (KNOWN_PREFERRED_COLORS as readonly string[]).includes(color)
    ? PREFERRED_COLOR_LABELS[color as keyof typeof PREFERRED_COLOR_LABELS]
    : color || 'not given';

/** The family's name, or what else says who wrote. */
const whoWrote = (inquiry: InboxInquiry) =>
  `${inquiry.firstName} ${inquiry.lastName}`.trim() || inquiry.email || 'A family';

/** The first lines of the message, cut at a word when long. */
function firstLines(message: string): string {
  const lines = message.trim().split(/\r?\n/);
  let text = lines.slice(0, MESSAGE_LINES).join('\n');
  let cut = lines.length > MESSAGE_LINES;
  if (text.length > MESSAGE_CHARS) {
    text = text.slice(0, MESSAGE_CHARS).replace(/\s+\S*$/, '');
    cut = true;
  }
  return cut ? `${text} …` : text;
}

/** Where the inquiry is in the admin: the inbox searched for the family's e-mail (or name). */
function adminLink(publicUrl: string, inquiry: InboxInquiry): string {
  const q = inquiry.email || whoWrote(inquiry);
  return `${publicUrl}/admin?${new URLSearchParams({ q: q.slice(0, 100) }).toString()}`;
}

const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, ' ').trim();

/** The e-mail about one inquiry: who, which colour, the first lines of the message, and a link. */
export function ownerMail(settings: MailSettings, inquiry: InboxInquiry): OwnerMail {
  const who = oneLine(whoWrote(inquiry));
  const color = colorName(inquiry.preferredColor);
  const lines = [
    `${who} sent an inquiry${inquiry.form ? ` through the ${inquiry.form.name}` : ''}.`,
    '',
    `Name: ${who}`,
    `Preferred colour: ${color}`,
    ...(inquiry.email ? [`E-mail: ${inquiry.email}`] : []),
    ...(inquiry.phone ? [`Phone: ${inquiry.phone}`] : []),
    '',
    ...(inquiry.message ? ['Message:', firstLines(inquiry.message), ''] : []),
    ...(inquiry.answers?.length
      ? [
          `${inquiry.answers.length} more answer${inquiry.answers.length === 1 ? '' : 's'} in the admin.`,
          '',
        ]
      : []),
    `Open it in the admin: ${adminLink(settings.publicUrl, inquiry)}`,
  ];
  const host = new URL(settings.publicUrl).hostname || 'localhost';
  const replyTo = z.email().safeParse(inquiry.email).success ? inquiry.email : undefined;
  return {
    from: settings.from,
    to: settings.to,
    ...(replyTo ? { replyTo } : {}),
    subject: oneLine(`New inquiry from ${who}${inquiry.preferredColor ? ` (${color})` : ''}`).slice(
      0,
      200,
    ),
    text: `${lines.join('\n')}\n`,
    // The same for every attempt: should a send ever be repeated, mail programs show it once.
    messageId: `<inquiry-${inquiry.id}@${host}>`,
  };
}

/** A failed send: `permanent` when the mail server refused it for good (a 5xx reply). */
export class MailError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'MailError';
  }
}

/** nodemailer's error as a MailError: the server's reply code decides, never the password. */
function classify(error: unknown): MailError {
  const e = error as { responseCode?: number; response?: string; code?: string; message?: string };
  if (typeof e.responseCode === 'number') {
    const reply = oneLine(e.response ?? e.message ?? '').slice(0, 300);
    return new MailError(
      `the mail server answered ${reply || e.responseCode}`,
      e.responseCode >= 500 && e.responseCode < 600,
    );
  }
  return new MailError(
    `the mail server could not be reached (${e.code ?? oneLine(e.message ?? 'unknown error').slice(0, 200)})`,
    false,
  );
}

/** The host an SMTP_URL names, for the log and the start-up line (never its user or password). */
export const smtpHost = (smtpUrl: string) => new URL(smtpUrl).host;

/** Sends one e-mail; `signal` stops a send under way (the server is stopping). */
export type SendMail = (mail: OwnerMail, signal: AbortSignal) => Promise<void>;

/** Sends through SMTP_URL with nodemailer; every failure thrown as a MailError. */
export function smtpSender(smtpUrl: string): { send: SendMail; close: () => void } {
  // Time limits well inside the outbox's claim: a send never outlives it. The URL's own query
  // (?tls.rejectUnauthorized=false, say) may override them.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  return {
    async send(mail, signal) {
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
