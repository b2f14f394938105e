import type { InboxInquiry } from '@cedar/api-contract';
import { Badge, Button } from '@mantine/core';
import { memo } from 'react';
import { formatDateTime } from '../lib/dates';
import { ColorBadge } from './color-badge';
import classes from './inquiry-card.module.css';
import { InquiryNote } from './inquiry-note';
import { InquiryStatusSelect } from './inquiry-status-select';
import { InquiryWaitlist } from './inquiry-waitlist';

/** The family's name, or their e-mail when the form gave no name. */
export const fullNameOf = (inquiry: InboxInquiry) =>
  `${inquiry.firstName} ${inquiry.lastName}`.trim() || inquiry.email || 'A family';

interface InquiryCardProps {
  inquiry: InboxInquiry;
  /** Asks to delete it (the list confirms first). */
  /** Absent for a helper: deleting is the owner's (issue 39). */
  onDelete?: (inquiry: InboxInquiry) => void;
  /** It joined the list while the dashboard was open. */
  justArrived?: boolean;
}

/** The form's other answers (the questionnaire's), each with its question. */
function Answers({ answers }: { answers: NonNullable<InboxInquiry['answers']> }) {
  return (
    <div className={classes.block}>
      <p className={classes.label}>Answers:</p>
      <dl className={classes.answers}>
        {answers.map((answer, index) => (
          <div key={`${answer.name}-${index}`}>
            <dt>{answer.label}</dt>
            <dd className={classes.message}>{answer.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/**
 * One inquiry of the inbox. The first page draws 50 of these at once, so the card is plain
 * elements styled by its CSS module, Mantine's components only for its controls and its rare
 * badges (decision 034: a card of Mantine layout components took most of the dashboard's first
 * draw). Memoised: a change to the list (a newcomer, a deletion) redraws only the cards it touches.
 */
export const InquiryCard = memo(function InquiryCard({
  inquiry,
  onDelete,
  justArrived = false,
}: InquiryCardProps) {
  const fullName = fullNameOf(inquiry);
  return (
    <article
      aria-label={fullName}
      data-inquiry-id={inquiry.id}
      data-just-arrived={justArrived || undefined}
      className={justArrived ? `${classes.card} ${classes.arrived}` : classes.card}
    >
      <div className={classes.head}>
        <div className={classes.who}>
          <h3 className={`${classes.name} ${classes.wrap}`}>{fullName}</h3>
          {inquiry.emailInvalid ? (
            // Not one address: shown as the form sent it, never a link to write to.
            <p className={`${classes.small} ${classes.wrap}`}>
              {inquiry.email}{' '}
              <Badge component="span" size="xs" variant="light" color="red">
                Not a valid e-mail address
              </Badge>
            </p>
          ) : (
            <a href={`mailto:${inquiry.email}`} className={`${classes.link} ${classes.wrap}`}>
              {inquiry.email}
            </a>
          )}
          {inquiry.emailBounce && (
            <p className={`${classes.bounce} ${classes.wrap}`}>
              <Badge component="span" size="xs" variant="light" color="red">
                E-mail bounces
              </Badge>{' '}
              The mail server answered: {inquiry.emailBounce.reply}
            </p>
          )}
          <a href={`tel:${inquiry.phone.replace(/[^\d+]/g, '')}`} className={classes.link}>
            {inquiry.phone}
          </a>
        </div>
        <div className={classes.when}>
          <ColorBadge color={inquiry.preferredColor} />
          <p className={`${classes.small} ${classes.dim}`}>
            <time dateTime={inquiry.createdAt}>{formatDateTime(inquiry.createdAt)}</time>
          </p>
          {justArrived && (
            <Badge variant="light" color="olive" size="sm">
              Just arrived
            </Badge>
          )}
        </div>
      </div>
      {inquiry.form && (
        <p className={`${classes.small} ${classes.dim} ${classes.form}`}>
          Sent with the {inquiry.form.name}
        </p>
      )}
      {inquiry.message && (
        <div className={classes.block}>
          <p className={classes.label}>Message:</p>
          <p className={`${classes.small} ${classes.message}`}>{inquiry.message}</p>
        </div>
      )}
      {inquiry.answers && inquiry.answers.length > 0 && <Answers answers={inquiry.answers} />}
      <div className={classes.actions}>
        <div>
          <InquiryStatusSelect inquiry={inquiry} />
          <InquiryWaitlist inquiry={inquiry} name={fullName} />
        </div>
        {onDelete && (
          <Button
            size="xs"
            variant="outline"
            color="red.9"
            onClick={() => onDelete(inquiry)}
            aria-label={`Delete the inquiry from ${fullName}`}
          >
            Delete
          </Button>
        )}
      </div>
      <InquiryNote inquiry={inquiry} />
    </article>
  );
});
