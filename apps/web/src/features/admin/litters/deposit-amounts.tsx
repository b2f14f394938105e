import { depositAmountSchema, formatCents, type DepositAmounts } from '@cedar/api-contract';
import type { Litter } from '@cedar/content';
import { Button, Group, NumberInput, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMemo } from 'react';
import { z } from 'zod';
import { depositErrorMessage, useDeposits, useSetDepositAmount } from '../api/deposits';
import fieldClasses from '../components/password-field.module.css';
import { AMOUNT_FIELD, dollarsAsCents } from '../lib/dollars';
import { renamePaths, setServerErrors } from '../lib/form-errors';
import { showError, showSuccess } from '../lib/toasts';

/**
 * The API's own request schema for one amount, typed in dollars: its limits, and that the default
 * needs one, in its words.
 */
const amountFormSchema = (litterId: string | null) =>
  z
    .object({ amount: dollarsAsCents })
    .transform(({ amount }) => ({ litterId, amountCents: amount }))
    .pipe(depositAmountSchema);

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
  const schema = useMemo(() => amountFormSchema(litterId), [litterId]);
  const form = useForm<{ amount: number | string }>({
    initialValues: { amount: saved === null ? '' : saved / 100 },
    validate: (values) => renamePaths(schemaResolver(schema, { sync: true })(values), AMOUNT_FIELD),
  });
  const save = useSetDepositAmount();
  const onSave = form.onSubmit((values) => {
    const { amountCents } = schema.parse(values);
    save.mutate(
      { litterId, amountCents },
      {
        onSuccess: () =>
          showSuccess(
            'Deposit saved',
            amountCents === null
              ? `${label} asks the default deposit.`
              : `${label}: ${formatCents(amountCents)}.`,
          ),
        onError: (failure) => {
          if (!setServerErrors(form, failure, AMOUNT_FIELD))
            showError(depositErrorMessage(failure));
        },
      },
    );
  });
  const { amount } = form.values;
  const unchanged = (amount === '' ? null : Math.round(Number(amount) * 100)) === saved;
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
          {...form.getInputProps('amount')}
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
          onClick={() => onSave()}
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
