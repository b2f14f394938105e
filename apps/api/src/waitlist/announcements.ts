import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { GENERAL_LIST, type AnnouncementPreview } from '@cedar/api-contract';
import type { Litter } from '@cedar/content';
import { MONTH_NAMES, availabilityLabel, puppyAvailability } from '@cedar/litter-logic';
import { type OwnerMail, singleAddress } from '../notify/mail';
import type { Store } from '../store';
import type { AnnouncementMailDoc, WaitlistDoc, WaitlistEntryDoc } from '../store/documents';

/** The path of the unsubscribe link, under the site's public origin. */
export const UNSUBSCRIBE_PATH = '/api/waitlist/unsubscribe';

/** The server's key for unsubscribe links: made once, kept in the store, never in a backup. */
export const unsubscribeKey = (store: Store) =>
  store.keys.ensure('waitlist-unsubscribe', randomBytes(32).toString('base64url'));

/** The signature of an entry's unsubscribe link. */
const unsubscribeSignature = (key: string, entryId: string) =>
  createHmac('sha256', key).update(`unsubscribe:${entryId}`).digest('base64url');

export function validSignature(key: string, entryId: string, signature: string): boolean {
  const expected = Buffer.from(unsubscribeSignature(key, entryId));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const unsubscribeLink = (publicUrl: string, key: string, entryId: string) =>
  `${new URL(publicUrl).origin}${UNSUBSCRIBE_PATH}?e=${encodeURIComponent(entryId)}&s=${unsubscribeSignature(key, entryId)}`;

const dateOf = (birthDate: string) => {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate);
  const month = iso ? MONTH_NAMES[Number(iso[2]) - 1] : undefined;
  return iso && month ? `${month} ${Number(iso[3])}, ${iso[1]}` : birthDate;
};

/** '7 puppies, 2 of 7 available' */
const puppiesLine = (litter: Litter) => {
  const count = typeof litter.puppiesCount === 'number' ? `${litter.puppiesCount} puppies` : '';
  const counts = puppyAvailability(litter.puppies);
  return [count, counts ? availabilityLabel(counts).toLowerCase() : ''].filter(Boolean).join(', ');
};

/** The template with {name}, {litter}, {birthDate} and {puppies} filled in for one family. */
function fillTemplate(template: string, litter: Litter, name: string): string {
  const values: Record<string, string> = {
    name,
    litter: litter.name,
    birthDate: dateOf(litter.birthDate),
    puppies: puppiesLine(litter),
  };
  return template.replace(
    /\{(name|litter|birthDate|puppies)\}/g,
    (_m, key: string) => values[key]!,
  );
}

/** The unsubscribe footer of every e-mail to a family on a list (announcements, litter news). */
export const unsubscribeFooter = (link: string) =>
  `\n\n--\nYou get this because you are on the waitlist of Cedar Bluff Labradors.\nTo get no more announcements: ${link}\n`;

/** The families an announcement goes to, each once (by e-mail), and those left out, with why. */
export function recipientsOf(doc: WaitlistDoc, litterId: string, includeGeneral: boolean) {
  const keys = includeGeneral ? [litterId, GENERAL_LIST] : [litterId];
  const recipients: WaitlistEntryDoc[] = [];
  const skipped: AnnouncementPreview['skipped'] = [];
  const seen = new Set<string>();
  for (const key of keys)
    for (const entry of doc.lists.find((l) => l.key === key)?.entries ?? []) {
      const email = entry.email.trim().toLowerCase();
      const left = (reason: string) =>
        skipped.push({ name: entry.name, email: entry.email, reason });
      if (entry.unsubscribedAt) left('unsubscribed');
      else if (!singleAddress(entry.email)) left('no usable e-mail address');
      else if (entry.bouncedAt) left('their address bounces');
      else if (seen.has(email)) left('already among the recipients');
      else {
        seen.add(email);
        recipients.push(entry);
      }
    }
  return { recipients, skipped };
}

/** One family's e-mail of an announcement, as the outbox keeps it. */
export function announcementMail(
  announcementId: string,
  entry: WaitlistEntryDoc,
  litter: Litter,
  draft: { subject: string; body: string },
  link: string,
  now: Date,
): AnnouncementMailDoc {
  return {
    _id: `${announcementId}:${entry.id}`,
    announcementId,
    entryId: entry.id,
    to: entry.email.trim(),
    unsubscribeUrl: link,
    subject: fillTemplate(draft.subject, litter, entry.name).replace(/\s+/g, ' ').slice(0, 200),
    text: `${fillTemplate(draft.body, litter, entry.name)}${unsubscribeFooter(link)}`,
    state: 'pending',
    attempts: 0,
    nextAttemptAt: now,
  };
}

/** The unsubscribe link in an e-mail queued before the link had its own field. */
const linkInText = (text: string) =>
  /(https?:\/\/\S+\/api\/waitlist\/unsubscribe\?e=[a-z0-9]+&s=[\w-]+)\s*$/.exec(text)?.[1];

/**
 * The outbox's e-mail for it: from the site's sender, to the family alone (one address, checked
 * again here), with RFC 8058's one-click unsubscribe headers.
 */
export function composeAnnouncement(
  settings: { from: string; publicUrl: string },
  mail: AnnouncementMailDoc,
): OwnerMail {
  const host = new URL(settings.publicUrl).hostname || 'localhost';
  const address = singleAddress(mail.to);
  const link = mail.unsubscribeUrl ?? linkInText(mail.text);
  return {
    from: settings.from,
    // No address: the outbox gives it up at once (a MailError, permanent), sends to nobody.
    to: address ? [address] : [],
    subject: mail.subject,
    text: mail.text,
    messageId: `<announcement-${mail._id.replace(':', '-')}@${host}>`,
    ...(link
      ? {
          headers: {
            'List-Unsubscribe': `<${link}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        }
      : {}),
  };
}
