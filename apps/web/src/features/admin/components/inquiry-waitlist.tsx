import { GENERAL_LIST, depositSummary, type InboxInquiry } from '@cedar/api-contract';
import { Anchor, Button, Group, NativeSelect, Text } from '@mantine/core';
import {
  createContext,
  useContext,
  useDeferredValue,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { Link } from 'react-router';
import { useDeposits } from '../api/deposits';
import { useLitters } from '../api/litters';
import { useChangeWaitlist, useWaitlist, waitlistErrorMessage } from '../api/waitlist';
import { showError, showSuccess } from '../lib/toasts';
import { placeText } from '../waitlist/place-text';

interface WaitlistData {
  waitlist: ReturnType<typeof useWaitlist>['data'];
  litters: ReturnType<typeof useLitters>['data'];
  deposits: ReturnType<typeof useDeposits>['data'];
}

const WaitlistContext = createContext<WaitlistData | null>(null);

/**
 * The waitlists, the litters and the deposits, asked for once for all the inbox's cards: one
 * subscription each rather than one per card on each of the first page's 50 (decision 034).
 * The cards take them as a deferred value: they arrive just after the first page is drawn, and
 * adding each card's place or waitlist form is a render React can interrupt, so a tap, a scroll or
 * a reload in that moment does not wait for it (decision 034).
 */
export function InboxWaitlistProvider({ children }: { children: ReactNode }) {
  const waitlist = useWaitlist().data;
  const litters = useLitters().data;
  const deposits = useDeposits().data;
  const value = useMemo(() => ({ waitlist, litters, deposits }), [waitlist, litters, deposits]);
  const deferred = useDeferredValue(value);
  return <WaitlistContext.Provider value={deferred}>{children}</WaitlistContext.Provider>;
}

/**
 * Puts the family on a litter's list or the general one: drawn only for a family on none. A
 * native select (Mantine's NativeSelect), like the card's status: up to 50 of these appear at once
 * just after the first page, and Mantine's Select (a combobox with its popover) made that a frame
 * of about half a second (decision 034).
 */
function AddToWaitlist({
  inquiry,
  name,
  data,
}: {
  inquiry: InboxInquiry;
  name: string;
  data: WaitlistData & { waitlist: NonNullable<WaitlistData['waitlist']> };
}) {
  const change = useChangeWaitlist();
  const [choice, setChoice] = useState('');
  const options = [
    { value: '', label: 'Choose a list', disabled: true },
    { value: GENERAL_LIST, label: 'The general list' },
    ...(data.litters?.litters ?? [])
      .filter((l) => !l.archived)
      .map((l) => ({ value: l.id, label: `${l.name}’s list` })),
  ];
  const add = () => {
    if (!choice) return;
    change.mutate(
      {
        version: data.waitlist.version,
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
      <NativeSelect
        size="xs"
        label="Waitlist"
        aria-label={`Waitlist for ${name}`}
        data={options}
        value={choice}
        onChange={(event) => setChoice(event.currentTarget.value)}
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

/**
 * The family's place on the waitlists ("3rd on Ranger x Juniper's list"), or a way to put them on
 * a litter's list or the general one, their wishes taken from the inquiry. Inside the inbox's
 * InboxWaitlistProvider.
 */
export function InquiryWaitlist({ inquiry, name }: { inquiry: InboxInquiry; name: string }) {
  const data = useContext(WaitlistContext);
  if (!data) throw new Error('InquiryWaitlist needs the inbox’s InboxWaitlistProvider');
  const { waitlist, deposits } = data;
  if (!waitlist) return null;
  const place = placeText(waitlist, inquiry.id);
  if (!place) return <AddToWaitlist inquiry={inquiry} name={name} data={{ ...data, waitlist }} />;
  // Issue 40: their deposit, as the waitlist shows it.
  const entryId = waitlist.lists
    .flatMap((l) => l.entries)
    .find((e) => e.inquiryId === inquiry.id)?.id;
  const deposit = entryId ? deposits?.deposits[entryId] : undefined;
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
