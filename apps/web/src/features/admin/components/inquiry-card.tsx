import type { Inquiry } from '@cedar/api-contract';
import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatDateTime } from '../lib/dates';
import { ColorBadge } from './color-badge';
import classes from './inquiry-card.module.css';

export function InquiryCard({ inquiry }: { inquiry: Inquiry }) {
  const fullName = `${inquiry.firstName} ${inquiry.lastName}`.trim();
  return (
    <Card component="article" withBorder radius="md" padding="lg" aria-label={fullName}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Title order={3} fz="lg">
            {fullName}
          </Title>
          <Anchor href={`mailto:${inquiry.email}`} size="sm">
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
    </Card>
  );
}
