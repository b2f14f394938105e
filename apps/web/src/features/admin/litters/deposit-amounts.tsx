import { DEPOSIT_LIMITS, formatCents, type DepositAmounts } from '@cedar/api-contract';
import type { Litter } from '@cedar/content';
import { Button, Group, NumberInput, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { depositErrorMessage, useDeposits, useSetDepositAmount } from '../api/deposits';
import fieldClasses from '../components/password-field.module.css';
import { showError, showSuccess } from '../lib/toasts';

/** Dollars as typed (a number, or '' when empty) as cents, and what is wrong with them. */
function centsOf(value: number | string): { cents: number | null; problem: string | null } {
  if (value === '') return { cents: null, problem: null };
  const cents = Math.round(Number(value) * 100);
  if (!Number.isFinite(cents)) return { cents: null, problem: 'Give the amount in dollars' };
  if (cents < DEPOSIT_LIMITS.minCents) return { cents, problem: 'A deposit is more than $0.00' };
  if (cents > DEPOSIT_LIMITS.maxCents) return { cents, problem: 'A deposit is at most $5,000.00' };
  return { cents, problem: null };
}

/** One amount: an input in dollars and its Save; empty (a litter's) means "the default". */
function AmountRow({
  label,
  saved,
  placeholder,
  litterId,
}: {
  label: string;
  /** The amount set, in cents; null: none of its own. */
  saved: number | null;
  placeholder?: string;
  litterId: string | null;
}) {
  const [value, setValue] = useState<number | string>(saved === null ? '' : saved / 100);
  const [error, setError] = useState<string | null>(null);
  const save = useSetDepositAmount();
  const onSave = () => {
    const { cents, problem } = centsOf(value);
    if (problem || (litterId === null && cents === null)) {
      setError(problem ?? 'The default deposit needs an amount');
      return;
    }
    setError(null);
    save.mutate(
      { litterId, amountCents: cents },
      {
        onSuccess: () =>
          showSuccess(
            'Deposit saved',
            cents === null
              ? `${label} asks the default deposit.`
              : `${label}: ${formatCents(cents)}.`,
          ),
        onError: (failure) => showError(depositErrorMessage(failure)),
      },
    );
  };
  const unchanged = (value === '' ? null : Math.round(Number(value) * 100)) === saved;
  return (
    <Table.Tr data-testid="deposit-amount-row">
      <Table.Td>
        <Text size="sm" fw={600}>
          {label}
        </Text>
      </Table.Td>
      <Table.Td>
        <NumberInput
          aria-label={`Deposit for ${label}`}
          prefix="$"
          decimalScale={2}
          fixedDecimalScale
          thousandSeparator=","
          allowNegative={false}
          placeholder={placeholder}
          value={value}
          onChange={setValue}
          error={error}
          classNames={{ root: fieldClasses.field }}
          size="xs"
          w={160}
        />
      </Table.Td>
      <Table.Td>
        <Button
          size="xs"
          variant="default"
          disabled={unchanged}
          loading={save.isPending}
          onClick={onSave}
          aria-label={`Save the deposit for ${label}`}
        >
          Save
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

function AmountsTable({ amounts, litters }: { amounts: DepositAmounts; litters: Litter[] }) {
  const own = (id: string) => amounts.litters.find((l) => l.litterId === id)?.amountCents ?? null;
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Asked of</Table.Th>
            <Table.Th>Deposit</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <AmountRow
            key={`default-${amounts.defaultCents}`}
            label="Every list (the default)"
            saved={amounts.defaultCents}
            litterId={null}
          />
          {litters.map((litter) => (
            <AmountRow
              key={`${litter.id}-${own(litter.id) ?? 'default'}`}
              label={`${litter.name}’s list`}
              saved={own(litter.id)}
              placeholder={`Default (${formatCents(amounts.defaultCents)})`}
              litterId={litter.id}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The deposit a family pays to hold their place (issue 40): a default, and each litter's own
 * where it differs. Shown on the waitlist, the family's page and the card payment page; never
 * on the public pages.
 */
export function DepositAmountsPanel({ litters }: { litters: readonly Litter[] }) {
  const deposits = useDeposits();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="deposit-amounts">
      <Stack gap="xs">
        <Title order={2} fz="lg" id="deposit-amounts">
          Deposits
        </Title>
        <Text size="sm" c="gray.7">
          What a family pays to hold their place on a list, in US dollars. Leave a litter empty to
          ask the default. The public pages never show it.
        </Text>
        {deposits.isPending ? (
          <Text size="sm">Loading the deposits…</Text>
        ) : deposits.isError ? (
          <Group gap="xs">
            <Text size="sm" c="red.9">
              The deposits could not be loaded.
            </Text>
            <Button size="xs" variant="default" onClick={() => void deposits.refetch()}>
              Try again
            </Button>
          </Group>
        ) : (
          <AmountsTable
            amounts={deposits.data.amounts}
            litters={litters.filter((l) => !l.archived)}
          />
        )}
      </Stack>
    </Paper>
  );
}
