import type { InboxInquiry } from '@cedar/api-contract';
import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
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
    <Stack gap={2} mt="md">
      <Text size="sm" fw={600}>
        Answers:
      </Text>
      <dl className={classes.answers}>
        {answers.map((answer, index) => (
          <div key={`${answer.name}-${index}`}>
            <dt>{answer.label}</dt>
            <dd className={classes.message}>{answer.value}</dd>
          </div>
        ))}
      </dl>
    </Stack>
  );
}

export function InquiryCard({ inquiry, onDelete, justArrived = false }: InquiryCardProps) {
  const fullName = fullNameOf(inquiry);
  return (
    <Card
      component="article"
      withBorder
      radius="md"
      padding="lg"
      aria-label={fullName}
      data-inquiry-id={inquiry.id}
      data-just-arrived={justArrived || undefined}
      className={justArrived ? classes.arrived : undefined}
    >
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4} miw={0}>
          <Title order={3} fz="lg" className={classes.wrap}>
            {fullName}
          </Title>
          {inquiry.emailInvalid ? (
            // Not one address: shown as the form sent it, never a link to write to.
            <Text size="sm" className={classes.wrap}>
              {inquiry.email}{' '}
              <Badge size="xs" variant="light" color="red">
                Not a valid e-mail address
              </Badge>
            </Text>
          ) : (
            <Anchor href={`mailto:${inquiry.email}`} size="sm" className={classes.wrap}>
              {inquiry.email}
            </Anchor>
          )}
          {inquiry.emailBounce && (
            <Text size="xs" c="red.9" className={classes.wrap}>
              <Badge size="xs" variant="light" color="red">
                E-mail bounces
              </Badge>{' '}
              The mail server answered: {inquiry.emailBounce.reply}
            </Text>
          )}
          <Anchor href={`tel:${inquiry.phone.replace(/[^\d+]/g, '')}`} size="sm">
            {inquiry.phone}
          </Anchor>
        </Stack>
        <Stack gap={6} align="flex-end">
          <ColorBadge color={inquiry.preferredColor} />
          <Text size="sm" c="gray.7">
            <time dateTime={inquiry.createdAt}>{formatDateTime(inquiry.createdAt)}</time>
          </Text>
          {justArrived && (
            <Badge variant="light" color="olive" size="sm">
              Just arrived
            </Badge>
          )}
        </Stack>
      </Group>
      {inquiry.form && (
        <Text size="sm" c="gray.7" mt="xs">
          Sent with the {inquiry.form.name}
        </Text>
      )}
      {inquiry.message && (
        <Stack gap={2} mt="md">
          <Text size="sm" fw={600}>
            Message:
          </Text>
          <Text size="sm" className={classes.message}>
            {inquiry.message}
          </Text>
        </Stack>
      )}
      {inquiry.answers && inquiry.answers.length > 0 && <Answers answers={inquiry.answers} />}
      <Group
        justify="space-between"
        align="flex-end"
        wrap="wrap"
        gap="sm"
        mt="md"
        pt="md"
        className={classes.actions}
      >
        <Stack gap={0}>
          <InquiryStatusSelect inquiry={inquiry} />
          <InquiryWaitlist inquiry={inquiry} name={fullName} />
        </Stack>
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
      </Group>
      <InquiryNote inquiry={inquiry} />
    </Card>
  );
}
