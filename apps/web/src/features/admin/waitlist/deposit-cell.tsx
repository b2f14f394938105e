import {
  DEPOSIT_METHOD_LABELS,
  MANUAL_DEPOSIT_METHODS,
  depositRecordSchema,
  depositSummary,
  formatCents,
  type Deposit,
  type DepositState,
} from '@cedar/api-contract';
import {
  Anchor,
  Badge,
  Button,
  CopyButton,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { depositErrorMessage, useChangeDeposit, useOpenCheckout } from '../api/deposits';
import { ConfirmDialog } from '../components/confirm-dialog';
// Mantine's error red and description grey at WCAG AA (the other admin forms' own).
import fieldClasses from '../components/password-field.module.css';
import { AMOUNT_FIELD, dollarsAsCents } from '../lib/dollars';
import { setServerErrors } from '../lib/form-errors';
import { showError, showSuccess } from '../lib/toasts';

// Olive (the brand's, at primaryShade 7) and grey keep the badges' words at WCAG AA; gold is for
// large text only.
const STATE_BADGE: Record<DepositState, { label: string; color: string; variant: string }> = {
  none: { label: 'Not paid', color: 'gray', variant: 'light' },
  awaiting: { label: 'Awaiting payment', color: 'olive', variant: 'outline' },
  paid: { label: 'Paid', color: 'olive', variant: 'light' },
  refunded: { label: 'Refunded', color: 'gray', variant: 'light' },
};

/** The deposit's state as a badge, and its story in a few words ("Paid $300.00 (cheque, …)"). */
function DepositStatus({ deposit }: { deposit: Deposit }) {
  const badge = STATE_BADGE[deposit.state];
  return (
    <Stack gap={2} data-testid="deposit-status">
      <Badge size="sm" variant={badge.variant} color={badge.color}>
        {badge.label}
      </Badge>
      <Text size="xs" c="gray.7">
        {depositSummary(deposit)}
      </Text>
      {deposit.note && (
        <Text size="xs" c="gray.7">
          Note: {deposit.note}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The API's own request schema, with the amount typed in dollars: its limits and messages are the
 * owner's.
 */
const recordFormSchema = depositRecordSchema
  .omit({ amountCents: true })
  .extend({ amount: dollarsAsCents.refine((cents) => cents !== null, 'Give the amount paid') });

/** The owner's form for a deposit paid another way: amount in dollars, how, and a note. */
function RecordDepositForm({
  name,
  deposit,
  onDone,
}: {
  name: string;
  deposit: Deposit;
  onDone: () => void;
}) {
  const change = useChangeDeposit();
  const form = useForm<{ amount: number | string; method: string | null; note: string }>({
    initialValues: { amount: deposit.amountCents / 100, method: null, note: '' },
    validate: schemaResolver(recordFormSchema, { sync: true }),
  });
  const submit = form.onSubmit((values) => {
    const { amount, method, note } = recordFormSchema.parse(values);
    const amountCents = amount!;
    change.mutate(
      { kind: 'record', entryId: deposit.entryId, record: { amountCents, method, note } },
      {
        onSuccess: () => {
          showSuccess(
            'Deposit recorded',
            `${name}’s deposit of ${formatCents(amountCents)} is recorded.`,
          );
          onDone();
        },
        onError: (error) => {
          if (!setServerErrors(form, error, AMOUNT_FIELD)) showError(depositErrorMessage(error));
        },
      },
    );
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <NumberInput
          label="Amount paid"
          prefix="$"
          decimalScale={2}
          fixedDecimalScale
          thousandSeparator=","
          min={0}
          allowNegative={false}
          classNames={{ root: fieldClasses.field }}
          {...form.getInputProps('amount')}
        />
        <Select
          label="Paid by"
          placeholder="Choose how"
          data={MANUAL_DEPOSIT_METHODS.map((m) => ({ value: m, label: DEPOSIT_METHOD_LABELS[m] }))}
          classNames={{ root: fieldClasses.field }}
          {...form.getInputProps('method')}
        />
        <Textarea
          label="Note"
          description="A cheque number, the date of the transfer… (only you see it)"
          rows={2}
          classNames={{ root: fieldClasses.field, description: fieldClasses.description }}
          {...form.getInputProps('note')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={change.isPending}>
            Record deposit
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface DepositCellProps {
  name: string;
  deposit: Deposit | undefined;
  /** Card payments are on (STRIPE_SECRET_KEY): the payment link button shows. */
  cardPayments: boolean;
  /** The owner's: a helper sees the deposit, not its buttons. */
  canChange: boolean;
}

/**
 * A family's deposit on the waitlist: its state, and the owner's actions: a card payment link
 * (Stripe Checkout), a deposit paid another way, marked refunded or taken back.
 */
export function DepositCell({ name, deposit, cardPayments, canChange }: DepositCellProps) {
  const [dialog, setDialog] = useState<'record' | 'refund' | 'undo' | 'link' | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const change = useChangeDeposit();
  const checkout = useOpenCheckout();
  if (!deposit)
    return (
      <Text size="xs" c="gray.7">
        —
      </Text>
    );
  const manual = deposit.state === 'paid' && deposit.method !== 'card';
  const close = () => setDialog(null);
  const openLink = () =>
    checkout.mutate(deposit.entryId, {
      onSuccess: ({ url }) => {
        setLink(url);
        setDialog('link');
      },
      onError: (error) => showError(depositErrorMessage(error)),
    });
  const act = (kind: 'refund' | 'undo') =>
    change.mutate(
      kind === 'refund'
        ? { kind, entryId: deposit.entryId, note: '' }
        : { kind, entryId: deposit.entryId },
      {
        onSuccess: () => {
          close();
          showSuccess(
            kind === 'refund' ? 'Deposit refunded' : 'Deposit taken back',
            kind === 'refund'
              ? `${name}’s deposit is marked as refunded.`
              : `${name}’s recorded deposit is taken back.`,
          );
        },
        onError: (error) => {
          close();
          showError(depositErrorMessage(error));
        },
      },
    );

  return (
    <Stack gap={6}>
      <DepositStatus deposit={deposit} />
      {canChange && (
        <Group gap={4}>
          {deposit.state !== 'paid' && (
            <Button
              size="compact-xs"
              variant="default"
              onClick={() => setDialog('record')}
              aria-label={`Record a deposit from ${name}`}
            >
              Record
            </Button>
          )}
          {deposit.state !== 'paid' && cardPayments && (
            <Button
              size="compact-xs"
              variant="default"
              loading={checkout.isPending}
              onClick={openLink}
              aria-label={`Card payment link for ${name}`}
            >
              Card link
            </Button>
          )}
          {manual && (
            <>
              <Button
                size="compact-xs"
                variant="default"
                onClick={() => setDialog('refund')}
                aria-label={`Mark ${name}’s deposit refunded`}
              >
                Refunded
              </Button>
              <Button
                size="compact-xs"
                variant="subtle"
                onClick={() => setDialog('undo')}
                aria-label={`Undo ${name}’s recorded deposit`}
              >
                Undo
              </Button>
            </>
          )}
          {deposit.state === 'paid' && deposit.method === 'card' && (
            <Text size="xs" c="gray.7">
              Refund card payments in Stripe
            </Text>
          )}
        </Group>
      )}
      <Modal
        opened={dialog === 'record'}
        onClose={close}
        title={`Record a deposit from ${name}`}
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {dialog === 'record' && <RecordDepositForm name={name} deposit={deposit} onDone={close} />}
      </Modal>
      <Modal
        opened={dialog === 'link'}
        onClose={close}
        title={`Card payment for ${name}`}
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="sm">
          <Text size="sm">
            Send this link to {name}, or open it to take their card with them on the phone. Stripe
            takes the card; the deposit shows as paid here as soon as Stripe confirms it.
          </Text>
          <TextInput readOnly value={link ?? ''} aria-label="Payment link" />
          <Group>
            <CopyButton value={link ?? ''}>
              {({ copied, copy }) => (
                <Button size="xs" variant="outline" onClick={copy}>
                  {copied ? 'Copied' : 'Copy link'}
                </Button>
              )}
            </CopyButton>
            <Anchor href={link ?? undefined} target="_blank" rel="noopener noreferrer" size="sm">
              Open the payment page
            </Anchor>
          </Group>
        </Stack>
      </Modal>
      <ConfirmDialog
        opened={dialog === 'refund'}
        title="Mark this deposit refunded?"
        confirmLabel="Mark refunded"
        busy={change.isPending}
        onConfirm={() => act('refund')}
        onClose={close}
      >
        {name}’s deposit of {formatCents(deposit.amountCents)} was given back to them.
      </ConfirmDialog>
      <ConfirmDialog
        opened={dialog === 'undo'}
        title="Take this recorded deposit back?"
        confirmLabel="Take back"
        color="red.9"
        busy={change.isPending}
        onConfirm={() => act('undo')}
        onClose={close}
      >
        The deposit of {formatCents(deposit.amountCents)} was recorded by mistake: {name} has not
        paid it.
      </ConfirmDialog>
    </Stack>
  );
}

/** Card payments Stripe reported for no family on the lists: the owner has money to place. */
export function UnmatchedPayments({
  payments,
}: {
  payments: { at: string; amountCents: number; reference: string }[];
}) {
  if (payments.length === 0) return null;
  return (
    <Stack gap={4} data-testid="unmatched-payments">
      <Text size="sm" fw={600}>
        Stripe reported {payments.length === 1 ? 'a payment' : `${payments.length} payments`} for no
        family on the lists:
      </Text>
      {payments.map((p) => (
        <Text size="sm" key={p.reference}>
          {formatCents(p.amountCents)} on {new Date(p.at).toLocaleDateString('en-US')} (Stripe
          reference {p.reference})
        </Text>
      ))}
      <Text size="sm">Find it in your Stripe Dashboard, and refund it or record it by hand.</Text>
    </Stack>
  );
}
