import { Card, SimpleGrid, Text } from '@mantine/core';
import type { InquiryStats } from '../lib/inquiry-stats';

function StatCard({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={label}>
      <Text size="sm" c="gray.7" fw={600}>
        {label}
      </Text>
      <Text fz={32} fw={700} lh={1.2} mt={4}>
        {value}
      </Text>
      {note && (
        <Text size="xs" c="gray.7" mt={4}>
          {note}
        </Text>
      )}
    </Card>
  );
}

function mostRequestedNote(stats: InquiryStats): string | undefined {
  const top = stats.mostRequested;
  if (!top) return 'No colour requested yet';
  const times = top.count === 1 ? '1 request' : `${top.count} requests`;
  if (top.tiedWith.length === 0) return times;
  return `${times} each, tied with ${top.tiedWith.join(', ')}; most recently requested shown`;
}

export function StatCards({ stats }: { stats: InquiryStats }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <StatCard label="Total Inquiries" value={String(stats.total)} />
      <StatCard label="Recent (24h)" value={String(stats.recent)} />
      <StatCard
        label="Most Requested"
        value={stats.mostRequested?.label ?? '—'}
        note={mostRequestedNote(stats)}
      />
    </SimpleGrid>
  );
}
