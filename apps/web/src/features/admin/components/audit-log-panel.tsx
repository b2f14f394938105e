import { AUDIT_ACTIONS, type AuditEntry, type AuditQuery } from '@cedar/api-contract';
import {
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useAuditPage } from '../api/audit';
import { usePeople } from '../api/people';
import { formatDateTime } from '../lib/dates';
import { errorBodyOf } from '../lib/query-client';
import { describeDevice } from '../lib/user-agent';
import { OwnerOnlySection } from './admin-page';

const PAGE_SIZE = 25;

const OUTCOMES: Record<AuditEntry['outcome'], { label: string; color: string }> = {
  // Outline badges in dark shades: each at least 4.5:1 on white (WCAG AA).
  success: { label: 'Done', color: 'teal.9' },
  failure: { label: 'Failed', color: 'red.9' },
  locked: { label: 'Locked out', color: 'red.9' },
  refused: { label: 'Refused', color: 'red.9' },
};

const ACTION_OPTIONS = Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value, label }));

function Entry({ entry }: { entry: AuditEntry }) {
  const outcome = OUTCOMES[entry.outcome];
  return (
    <Table.Tr>
      <Table.Td>
        <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
      </Table.Td>
      <Table.Td>{entry.username ?? 'The server'}</Table.Td>
      <Table.Td>
        <Text size="sm" fw={600}>
          {AUDIT_ACTIONS[entry.action] ?? entry.action}
        </Text>
        {entry.target && (
          <Text size="xs" c="gray.7" style={{ wordBreak: 'break-all' }}>
            {entry.target}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{entry.ip ?? 'unknown address'}</Text>
        {entry.userAgent && (
          <Text size="xs" c="gray.7">
            {describeDevice(entry.userAgent)}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Badge variant="outline" tt="none" color={outcome.color}>
          {outcome.label}
        </Badge>
      </Table.Td>
    </Table.Tr>
  );
}

function AuditLog() {
  const people = usePeople();
  const [filter, setFilter] = useState<Omit<AuditQuery, 'before' | 'limit'>>({});
  // The `before` of each page shown so far: back pops one, on pushes the page's `next`.
  const [pages, setPages] = useState<string[]>([]);
  const before = pages.at(-1);
  const page = useAuditPage({ ...filter, ...(before ? { before } : {}), limit: PAGE_SIZE });
  const change = (key: keyof typeof filter, value: string | null) => {
    setPages([]);
    setFilter((current) => ({ ...current, [key]: value || undefined }));
  };
  const problem = page.isError
    ? (errorBodyOf(page.error)?.message ?? 'The audit log could not be loaded.')
    : null;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="audit-title">
      <Stack gap="md">
        <div>
          <Title order={2} fz="xl" id="audit-title">
            Audit log
          </Title>
          <Text size="sm" c="gray.7">
            Who did what in the admin area, when, and from where: sign-ins, password and account
            changes, saves and publishes, litters, the waitlist, announcements, deletions and
            exports.
          </Text>
        </div>
        <Group align="flex-end" wrap="wrap" gap="sm">
          <Select
            label="Person"
            placeholder="Everyone"
            clearable
            data={(people.data?.people ?? []).map((p) => p.username)}
            value={filter.username ?? null}
            onChange={(value) => change('username', value)}
          />
          <Select
            label="Kind of action"
            placeholder="Every kind"
            clearable
            data={ACTION_OPTIONS}
            value={filter.action ?? null}
            onChange={(value) => change('action', value)}
          />
          <TextInput
            label="From"
            type="date"
            value={filter.from ?? ''}
            onChange={(event) => change('from', event.currentTarget.value)}
          />
          <TextInput
            label="To"
            type="date"
            value={filter.to ?? ''}
            onChange={(event) => change('to', event.currentTarget.value)}
          />
        </Group>
        {problem ? (
          <Text role="alert">{problem}</Text>
        ) : !page.data ? (
          <Group gap="xs" role="status">
            <Loader size="sm" />
            <Text>Loading the audit log...</Text>
          </Group>
        ) : page.data.items.length === 0 ? (
          <Text role="status">Nothing in the log matches.</Text>
        ) : (
          <Table.ScrollContainer
            minWidth={640}
            // Wider than a phone, it scrolls sideways: the keyboard must reach it (axe).
            scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}
          >
            <Table striped verticalSpacing="xs" aria-label="Audit log entries">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Who</Table.Th>
                  <Table.Th>What</Table.Th>
                  <Table.Th>From</Table.Th>
                  <Table.Th>Outcome</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {page.data.items.map((entry) => (
                  <Entry key={entry.id} entry={entry} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Group justify="space-between">
          <Button
            variant="default"
            size="xs"
            disabled={pages.length === 0}
            onClick={() => setPages((p) => p.slice(0, -1))}
          >
            Newer
          </Button>
          <Button
            variant="default"
            size="xs"
            disabled={!page.data?.next || page.isPlaceholderData}
            onClick={() => {
              const next = page.data?.next;
              if (next) setPages((p) => [...p, next]);
            }}
          >
            Older
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** The owner's audit log (issue 39), filtered by person, kind of action and days, by pages. */
export function AuditLogPanel() {
  return (
    <OwnerOnlySection>
      <AuditLog />
    </OwnerOnlySection>
  );
}
