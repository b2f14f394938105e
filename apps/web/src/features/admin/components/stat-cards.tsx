import type { InquiryStats } from '@cedar/api-contract';
import { Card, SimpleGrid, Text } from '@mantine/core';
import { colorLabel } from '../lib/preferred-colors';

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

const count = (n: number) => n.toLocaleString('en-US');

function mostRequestedNote({ mostRequested: top }: InquiryStats): string {
  if (!top) return 'No colour requested yet';
  const times = top.count === 1 ? '1 request' : `${count(top.count)} requests`;
  if (top.tiedWith.length === 0) return times;
  return `${times} each, tied with ${top.tiedWith.map(colorLabel).join(', ')}; most recently requested shown`;
}

/** The spec's three cards, from the server's figures over every stored inquiry. */
export function StatCards({ stats }: { stats: InquiryStats }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <StatCard label="Total Inquiries" value={count(stats.total)} />
      <StatCard label="Recent (24h)" value={count(stats.recent)} />
      <StatCard
        label="Most Requested"
        value={stats.mostRequested ? colorLabel(stats.mostRequested.color) : '—'}
        note={mostRequestedNote(stats)}
      />
    </SimpleGrid>
  );
}
