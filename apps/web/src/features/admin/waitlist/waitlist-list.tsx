import type { DepositOverview, WaitlistEntry, WaitlistList as List } from '@cedar/api-contract';
import type { Litter } from '@cedar/content';
import { Badge, Button, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../components/confirm-dialog';
import { DepositCell } from './deposit-cell';
import { FamilyPageLink } from './family-page-link';

export type WaitlistChange =
  | { kind: 'order'; key: string; entryIds: string[] }
  | { kind: 'reserve'; entryId: string; puppyId: string | null }
  | { kind: 'remove'; entryId: string };

const STATUS_WORD = { available: 'available', reserved: 'reserved', placed: 'placed' } as const;

/** The family's wishes in a few words: 'Female, yellow', 'Either sex, any colour'. */
const wishesText = (entry: WaitlistEntry) =>
  `${entry.sex === 'Either' ? 'Either sex' : entry.sex}, ${entry.color || 'any colour'}`;

interface ListProps {
  list: List;
  litter: Litter | undefined;
  /** Every list: a puppy reserved on this list names the family it is for. */
  busy: boolean;
  onChange: (change: WaitlistChange) => void;
  /** Each family's deposit (issue 40); absent while loading or when it could not be loaded. */
  deposits?: DepositOverview;
  /** The owner changes deposits; a helper only sees them. */
  canChangeDeposits?: boolean;
  /** When each family's page link was made, by entry id (issue 40). */
  links?: ReadonlyMap<string, string>;
}

/** One list in order: move a family up or down, take one off, reserve a puppy for them. */
export function WaitlistList({
  list,
  litter,
  busy,
  onChange,
  deposits,
  canChangeDeposits = false,
  links,
}: ListProps) {
  const [removing, setRemoving] = useState<WaitlistEntry | null>(null);
  const ids = list.entries.map((e) => e.id);
  const move = (index: number, by: -1 | 1) => {
    const next = [...ids];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    onChange({ kind: 'order', key: list.key, entryIds: next });
  };
  const holderOf = (puppyId: string) => list.entries.find((e) => e.puppyId === puppyId);
  const headingId = `waitlist-${list.key}`;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="lg" id={headingId}>
          {list.litterId ? list.name.replace(/’s list$/, '') : 'General list'}
        </Title>
        <Text size="sm" c="gray.7">
          {list.entries.length === 1 ? '1 family' : `${list.entries.length} families`}
        </Text>
      </Group>
      {list.entries.length === 0 ? (
        <Text size="sm" c="gray.7">
          Nobody is on this list yet. Put a family on it from their inquiry on the dashboard.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={920}>
          <Table verticalSpacing="xs" data-testid={`waitlist-${list.key}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Place</Table.Th>
                <Table.Th>Family</Table.Th>
                <Table.Th>Wishes</Table.Th>
                {litter && <Table.Th>Puppy</Table.Th>}
                <Table.Th>Deposit</Table.Th>
                <Table.Th>Page</Table.Th>
                <Table.Th>Order</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.entries.map((entry, index) => (
                <Table.Tr key={entry.id} data-testid="waitlist-entry">
                  <Table.Td>{index + 1}</Table.Td>
                  <Table.Td>
                    <Text fw={600} size="sm">
                      {entry.name}
                    </Text>
                    <Text size="xs" c="gray.7">
                      {entry.email}
                    </Text>
                    {entry.unsubscribed && (
                      <Badge size="xs" variant="light" color="gray">
                        No announcements
                      </Badge>
                    )}
                    {entry.bounced && (
                      <Badge size="xs" variant="light" color="red">
                        E-mail bounces
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{wishesText(entry)}</Text>
                  </Table.Td>
                  {litter && (
                    <Table.Td>
                      <Select
                        aria-label={`Puppy reserved for ${entry.name}`}
                        placeholder="None reserved"
                        size="xs"
                        clearable
                        disabled={busy}
                        value={entry.puppyId ?? null}
                        onChange={(puppyId) =>
                          onChange({ kind: 'reserve', entryId: entry.id, puppyId })
                        }
                        data={(litter.puppies ?? []).map((puppy) => {
                          const holder = holderOf(puppy.id);
                          const mine = holder?.id === entry.id;
                          return {
                            value: puppy.id,
                            label: `${puppy.name} (${puppy.sex.toLowerCase()}, ${puppy.color.toLowerCase()})${
                              mine
                                ? ''
                                : holder
                                  ? ` · reserved for ${holder.name}`
                                  : ` · ${STATUS_WORD[puppy.status]}`
                            }`,
                            disabled: !mine && (Boolean(holder) || puppy.status === 'placed'),
                          };
                        })}
                      />
                    </Table.Td>
                  )}
                  <Table.Td>
                    <DepositCell
                      name={entry.name}
                      deposit={deposits?.deposits[entry.id]}
                      cardPayments={deposits?.cardPayments ?? false}
                      canChange={canChangeDeposits}
                    />
                  </Table.Td>
                  <Table.Td>
                    <FamilyPageLink entry={entry} since={links?.get(entry.id)} />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="compact-xs"
                        variant="default"
                        disabled={busy || index === 0}
                        onClick={() => move(index, -1)}
                        aria-label={`Move ${entry.name} up`}
                      >
                        Up
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="default"
                        disabled={busy || index === list.entries.length - 1}
                        onClick={() => move(index, 1)}
                        aria-label={`Move ${entry.name} down`}
                      >
                        Down
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="outline"
                        color="red.9"
                        disabled={busy}
                        onClick={() => setRemoving(entry)}
                        aria-label={`Take off ${entry.name}`}
                      >
                        Take off
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ConfirmDialog
        opened={removing !== null}
        title="Take this family off the list?"
        confirmLabel="Take off"
        color="red.9"
        onConfirm={() => {
          if (removing) onChange({ kind: 'remove', entryId: removing.id });
          setRemoving(null);
        }}
        onClose={() => setRemoving(null)}
      >
        <Stack gap={4}>
          <Text size="sm">
            {removing?.name} leaves {list.name}
            {removing?.puppyId ? '; the puppy reserved for them is available again' : ''}.
          </Text>
          {removing && deposits?.deposits[removing.id]?.state === 'paid' && (
            <Text size="sm">
              Their deposit stays on record as paid: refund it if they are not to have a puppy.
            </Text>
          )}
        </Stack>
      </ConfirmDialog>
    </Paper>
  );
}
