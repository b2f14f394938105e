import type { InboxInquiry } from '@cedar/api-contract';
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatDateTime } from '../lib/dates';
import { ColorBadge } from './color-badge';
import classes from './inquiry-card.module.css';
import { InquiryNote } from './inquiry-note';
import { InquiryStatusSelect } from './inquiry-status-select';

export const fullNameOf = (inquiry: InboxInquiry) =>
  `${inquiry.firstName} ${inquiry.lastName}`.trim();

interface InquiryCardProps {
  inquiry: InboxInquiry;
  /** Asks to delete it (the list confirms first). */
  onDelete: (inquiry: InboxInquiry) => void;
}

export function InquiryCard({ inquiry, onDelete }: InquiryCardProps) {
  const fullName = fullNameOf(inquiry);
  return (
    <Card component="article" withBorder radius="md" padding="lg" aria-label={fullName}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4} miw={0}>
          <Title order={3} fz="lg" className={classes.wrap}>
            {fullName}
          </Title>
          <Anchor href={`mailto:${inquiry.email}`} size="sm" className={classes.wrap}>
            {inquiry.email}
          </Anchor>
          <Anchor href={`tel:${inquiry.phone.replace(/[^\d+]/g, '')}`} size="sm">
            {inquiry.phone}
          </Anchor>
        </Stack>
        <Stack gap={6} align="flex-end">
          <ColorBadge color={inquiry.preferredColor} />
          <Text size="sm" c="gray.7">
            <time dateTime={inquiry.createdAt}>{formatDateTime(inquiry.createdAt)}</time>
          </Text>
        </Stack>
      </Group>
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
      <Group
        justify="space-between"
        align="flex-end"
        wrap="wrap"
        gap="sm"
        mt="md"
        pt="md"
        className={classes.actions}
      >
        <InquiryStatusSelect inquiry={inquiry} />
        <Button
          size="xs"
          variant="outline"
          color="red.9"
          onClick={() => onDelete(inquiry)}
          aria-label={`Delete the inquiry from ${fullName}`}
        >
          Delete
        </Button>
      </Group>
      <InquiryNote inquiry={inquiry} />
    </Card>
  );
}
