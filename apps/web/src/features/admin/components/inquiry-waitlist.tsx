import { GENERAL_LIST, type InboxInquiry } from '@cedar/api-contract';
import { Anchor, Button, Group, Select, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { depositSummary } from '@cedar/api-contract';
import { useDeposits } from '../api/deposits';
import { useLitters } from '../api/litters';
import { useChangeWaitlist, useWaitlist, waitlistErrorMessage } from '../api/waitlist';
import { showError, showSuccess } from '../lib/toasts';
import { placeText } from '../waitlist/place-text';

/**
 * The family's place on the waitlists ("3rd on Ranger x Juniper's list"), or a way to put them on
 * a litter's list or the general one, their wishes taken from the inquiry.
 */
export function InquiryWaitlist({ inquiry, name }: { inquiry: InboxInquiry; name: string }) {
  const waitlist = useWaitlist();
  const litters = useLitters();
  const change = useChangeWaitlist();
  const deposits = useDeposits();
  const [choice, setChoice] = useState<string | null>(null);
  if (!waitlist.data) return null;
  const place = placeText(waitlist.data, inquiry.id);
  if (place) {
    // Issue 40: their deposit, as the waitlist shows it.
    const entryId = waitlist.data.lists
      .flatMap((l) => l.entries)
      .find((e) => e.inquiryId === inquiry.id)?.id;
    const deposit = entryId ? deposits.data?.deposits[entryId] : undefined;
    return (
      <>
        <Text size="sm" mt="xs" data-testid="waitlist-place">
          <Anchor component={Link} to="/admin/waitlist" size="sm" fw={600}>
            {place}
          </Anchor>
        </Text>
        {deposit && (
          <Text
            size="sm"
            c={deposit.state === 'paid' ? 'olive.9' : 'gray.7'}
            data-testid="inquiry-deposit"
          >
            Deposit: {depositSummary(deposit)}
          </Text>
        )}
      </>
    );
  }
  const options = [
    { value: GENERAL_LIST, label: 'The general list' },
    ...(litters.data?.litters ?? [])
      .filter((l) => !l.archived)
      .map((l) => ({ value: l.id, label: `${l.name}’s list` })),
  ];
  const add = () => {
    if (!choice) return;
    change.mutate(
      {
        version: waitlist.data.version,
        change: {
          kind: 'add',
          add: { inquiryId: inquiry.id, litterId: choice === GENERAL_LIST ? null : choice },
        },
      },
      {
        onSuccess: (lists) =>
          showSuccess('On the waitlist', `${name} is ${placeText(lists, inquiry.id) ?? 'listed'}.`),
        onError: (error) => showError(waitlistErrorMessage(error)),
      },
    );
  };
  return (
    <Group gap="xs" mt="xs" align="flex-end">
      <Select
        size="xs"
        label="Waitlist"
        aria-label={`Waitlist for ${name}`}
        placeholder="Choose a list"
        data={options}
        value={choice}
        onChange={setChoice}
        w={240}
      />
      <Button
        size="xs"
        variant="default"
        disabled={!choice}
        loading={change.isPending}
        onClick={add}
      >
        Put on the list
      </Button>
    </Group>
  );
}
