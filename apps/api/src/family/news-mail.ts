import type { Litter } from '@cedar/content';
import type { AnnouncementMailDoc, LitterUpdateDoc, WaitlistEntryDoc } from '../store/documents';
import { unsubscribeFooter } from '../waitlist/announcements';
import { longDate } from './family-words';
import { FAMILY_PAGE_PLACEHOLDER } from './links';

/**
 * One family's e-mail about a litter's new update: the note, and the link to their own page
 * where the photos are (filled in as it is sent); the same unsubscribe footer and header as an
 * announcement's.
 */
export function newsMail({
  id,
  entry,
  litter,
  update,
  unsubscribeUrl,
  now,
}: {
  id: string;
  entry: WaitlistEntryDoc;
  litter: Litter;
  update: LitterUpdateDoc;
  unsubscribeUrl: string;
  now: Date;
}): AnnouncementMailDoc {
  const photos =
    update.photos.length === 0
      ? ''
      : update.photos.length === 1
        ? ' with a new photo'
        : ` with ${update.photos.length} new photos`;
  return {
    _id: id,
    announcementId: `news-${update._id}`,
    entryId: entry.id,
    to: entry.email.trim(),
    unsubscribeUrl,
    subject: `News of the ${litter.name} litter`.replace(/\s+/g, ' ').slice(0, 200),
    text:
      [
        `Dear ${entry.name},`,
        '',
        `There is news of the ${litter.name} litter${photos}, posted on ${longDate(update.createdAt)}:`,
        '',
        update.note,
        '',
        `See it on your page: ${FAMILY_PAGE_PLACEHOLDER}`,
        '(The link is yours alone: please keep it to yourself.)',
      ].join('\n') + unsubscribeFooter(unsubscribeUrl),
    state: 'pending',
    attempts: 0,
    nextAttemptAt: now,
  };
}
