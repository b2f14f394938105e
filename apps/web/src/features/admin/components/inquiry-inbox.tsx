import type { InboxInquiry, InquiryFilter, InquiryStats } from '@cedar/api-contract';
import { Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useDeleteInquiry } from '../api/delete-inquiry';
import type { useInquiryList } from '../api/inquiries';
import { useInquiryNews } from '../api/inquiry-news';
import { isGone } from '../api/update-inquiry';
import { isFiltered } from '../lib/inquiry-filter';
import { showError, showSuccess } from '../lib/toasts';
import type { ChangeFilter } from '../use-inquiry-filter';
import { ConfirmDialog } from './confirm-dialog';
import { useRole } from '../lib/role';
import { ExportButton } from './export-button';
import { InquiryCard, fullNameOf } from './inquiry-card';
import { InquiryFilters } from './inquiry-filters';
import { InboxWaitlistProvider } from './inquiry-waitlist';
import classes from './inquiry-inbox.module.css';
import { NewArrivals } from './new-arrivals';

type InquiryList = ReturnType<typeof useInquiryList>;

function shownLine(count: number, more: boolean): string {
  if (more) return `Showing the newest ${count.toLocaleString('en-US')}.`;
  if (count === 1) return 'Showing the only one.';
  return `Showing all ${count.toLocaleString('en-US')}.`;
}

/** 'Error loading inquiries': Try Again reloads the page, filters and all, as the first load did. */
export function LoadError({ reload }: { reload: () => void }) {
  return (
    <Card withBorder radius="md" padding="lg" role="alert">
      <Text fw={600}>Error loading inquiries</Text>
      <Button mt="md" variant="outline" w="fit-content" onClick={reload}>
        Try Again
      </Button>
    </Card>
  );
}

/**
 * Keeps the card at the top of the screen where it is when inquiries join the list above it (the
 * browser's own scroll anchoring is off for the list, so every browser behaves the same).
 */
function useScrollAnchor(list: RefObject<HTMLDivElement | null>, firstId: string | undefined) {
  const anchor = useRef<{ id: string; top: number } | null>(null);
  const capture = useCallback(() => {
    anchor.current = null;
    // At the top of the page the new ones show where the owner looks.
    if (window.scrollY <= 0 || !list.current) return;
    for (const card of list.current.querySelectorAll<HTMLElement>('[data-inquiry-id]')) {
      const { top, bottom } = card.getBoundingClientRect();
      if (bottom > 0) {
        anchor.current = { id: card.dataset.inquiryId!, top };
        return;
      }
    }
  }, [list]);
  useEffect(() => {
    window.addEventListener('scroll', capture, { passive: true });
    window.addEventListener('resize', capture);
    return () => {
      window.removeEventListener('scroll', capture);
      window.removeEventListener('resize', capture);
    };
  }, [capture]);
  useLayoutEffect(() => {
    const held = anchor.current;
    const card = held
      ? [...(list.current?.querySelectorAll<HTMLElement>('[data-inquiry-id]') ?? [])].find(
          (element) => element.dataset.inquiryId === held.id,
        )
      : undefined;
    if (held && card) {
      const moved = card.getBoundingClientRect().top - held.top;
      if (Math.abs(moved) >= 1) window.scrollBy(0, moved);
    }
    capture();
  }, [firstId, list, capture]);
}

function Cards({
  list,
  onDelete,
  arrived,
}: {
  list: InquiryList;
  onDelete?: (i: InboxInquiry) => void;
  arrived: ReadonlySet<string>;
}) {
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const more = list.hasNextPage;
  const stack = useRef<HTMLDivElement>(null);
  useScrollAnchor(stack, items[0]?.id);
  return (
    <>
      {list.isPlaceholderData && (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">Updating the list...</Text>
        </Group>
      )}
      <Stack
        ref={stack}
        gap="md"
        aria-busy={list.isPlaceholderData}
        opacity={list.isPlaceholderData ? 0.6 : 1}
        className={classes.cards}
      >
        {items.map((inquiry) => (
          <InquiryCard
            key={inquiry.id}
            inquiry={inquiry}
            onDelete={onDelete}
            justArrived={arrived.has(inquiry.id)}
          />
        ))}
      </Stack>
      <Stack gap="xs" align="center">
        <Text size="sm" c="gray.7" role="status">
          {list.isPlaceholderData ? '' : shownLine(items.length, more)}
        </Text>
        {list.isFetchNextPageError && (
          <Text size="sm" role="alert">
            More inquiries could not be loaded. Please try again.
          </Text>
        )}
        {more && (
          <Button
            variant="default"
            onClick={() => {
              if (!list.isFetchingNextPage) void list.fetchNextPage();
            }}
            aria-busy={list.isFetchingNextPage}
          >
            {list.isFetchingNextPage ? 'Loading more...' : 'Load more'}
          </Button>
        )}
      </Stack>
    </>
  );
}

/** Asks for news while mounted (once the list is loaded: `since` is when it was read). */
function LiveNews({
  filter,
  since,
  onJoined,
}: {
  filter: InquiryFilter;
  since: string;
  onJoined: (items: InboxInquiry[]) => void;
}) {
  useInquiryNews(filter, since, onJoined);
  return null;
}

interface InquiryInboxProps {
  filter: InquiryFilter;
  onChangeFilter: ChangeFilter;
  stats: InquiryStats;
  list: InquiryList;
  reload: () => void;
}

/** The Customer Inquiries list as an inbox: find, page through, triage, export and delete. */
export function InquiryInbox({ filter, onChangeFilter, stats, list, reload }: InquiryInboxProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const remove = useDeleteInquiry();
  // Deleting and exporting are the owner's (issue 39): a helper is not offered them.
  const owner = useRole() === 'owner';
  const [target, setTarget] = useState<InboxInquiry | null>(null);
  const [confirming, setConfirming] = useState(false);
  const filtered = isFiltered(filter);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const filterKey = JSON.stringify(filter);
  // The inquiries that joined this filter's list since it was loaded, newest first.
  const [arrivals, setArrivals] = useState<{ key: string; ids: string[] }>({ key: '', ids: [] });
  const arrivedIds = arrivals.key === filterKey ? arrivals.ids : [];
  const since = list.isPlaceholderData ? undefined : list.data?.pages[0]?.asOf;
  const joined = useCallback(
    (added: InboxInquiry[]) =>
      setArrivals((previous) => ({
        key: filterKey,
        ids: [...added.map((i) => i.id), ...(previous.key === filterKey ? previous.ids : [])],
      })),
    [filterKey],
  );
  const [seen, setSeen] = useState<{ key: string; count: number }>({ key: '', count: 0 });
  const unseen = arrivedIds.length - (seen.key === filterKey ? seen.count : 0);
  const showNew = () => {
    setSeen({ key: filterKey, count: arrivedIds.length });
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus();
  };

  // The same function on every render, so the memoised cards it is passed to stay as they are.
  const { reset } = remove;
  const askToDelete = useCallback(
    (inquiry: InboxInquiry) => {
      reset();
      setTarget(inquiry);
      setConfirming(true);
    },
    [reset],
  );
  const close = () => {
    if (!remove.isPending) setConfirming(false);
  };
  const deleted = (title: string, message: string) => {
    setConfirming(false);
    showSuccess(title, message);
    // Its card, and the button that opened the dialog, are gone.
    requestAnimationFrame(() => heading.current?.focus());
  };
  const confirmDelete = () => {
    if (!target || remove.isPending) return;
    const name = fullNameOf(target);
    remove.mutate(target.id, {
      onSuccess: () => deleted('Inquiry deleted', `The inquiry from ${name} has been deleted.`),
      onError: (error) => {
        if (isGone(error))
          deleted('Already deleted', `The inquiry from ${name} had already been deleted.`);
        else showError('The inquiry could not be deleted. Please try again.');
      },
    });
  };

  let body;
  if (list.isError && !list.data) body = <LoadError reload={reload} />;
  else if (items.length === 0 && !list.hasNextPage && !list.isPlaceholderData)
    body = (
      <Text c="gray.7">{filtered ? 'No inquiries match these filters.' : 'No inquiries yet'}</Text>
    );
  else
    body = (
      <InboxWaitlistProvider>
        <Cards
          list={list}
          onDelete={owner ? askToDelete : undefined}
          arrived={new Set(arrivedIds)}
        />
      </InboxWaitlistProvider>
    );

  const hasAny = stats.total > 0 || filtered;
  return (
    <Stack component="section" aria-labelledby="customer-inquiries" gap="md">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={2} fz="xl" id="customer-inquiries" ref={heading} tabIndex={-1}>
          Customer Inquiries
        </Title>
        {hasAny && owner && <ExportButton filter={filter} />}
      </Group>
      {hasAny && <InquiryFilters filter={filter} stats={stats} onChange={onChangeFilter} />}
      {since && <LiveNews key={filterKey} filter={filter} since={since} onJoined={joined} />}
      <NewArrivals count={unseen} onShow={showNew} />
      {body}
      {/* Mounted once a deletion is first asked for: the first load draws no dialog. */}
      {target && (
        <ConfirmDialog
          opened={confirming}
          title="Delete this inquiry?"
          confirmLabel={remove.isPending ? 'Deleting...' : 'Delete for good'}
          busy={remove.isPending}
          color="red.9"
          onConfirm={confirmDelete}
          onClose={close}
        >
          This removes the inquiry from {fullNameOf(target)} for good, with its status and note. It
          cannot be undone.
        </ConfirmDialog>
      )}
    </Stack>
  );
}
