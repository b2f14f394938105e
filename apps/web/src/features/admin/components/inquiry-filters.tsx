import {
  INQUIRY_STATUSES,
  INQUIRY_STATUS_LABELS,
  inquiryStatusSchema,
  type InquiryFilter,
  type InquiryStats,
} from '@cedar/api-contract';
import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { isFiltered } from '../lib/inquiry-filter';
import { colorLabel } from '../lib/preferred-colors';
import type { ChangeFilter } from '../use-inquiry-filter';

/** How long typing pauses before the list follows the search box. */
const SEARCH_DELAY_MS = 300;
const SEARCH_MAX = 100;

const count = (n: number) => n.toLocaleString('en-US');

function statusOptions(stats: InquiryStats) {
  return [
    { value: '', label: `All statuses (${count(stats.total)})` },
    ...INQUIRY_STATUSES.map((status) => ({
      value: status,
      label: `${INQUIRY_STATUS_LABELS[status]} (${count(stats.byStatus[status])})`,
    })),
  ];
}

/** The colours families asked for, most asked first; a colour chosen in the address stays listed. */
function colorOptions(stats: InquiryStats, chosen: string | undefined) {
  // A form without a colour question leaves it empty: 'All colours' already covers those.
  const colors = stats.byColor.filter((c) => c.color !== '');
  if (chosen && !colors.some((c) => c.color === chosen)) colors.push({ color: chosen, count: 0 });
  return [
    { value: '', label: 'All colours' },
    ...colors.map(({ color, count: n }) => ({
      value: color,
      label: `${colorLabel(color)} (${count(n)})`,
    })),
  ];
}

/**
 * The search box follows the address too (Back, Forward, Clear filters), but never rewrites what
 * is being typed: only a value the list has not caught up with yet is replaced.
 */
function useSearchBox(q: string, onChange: ChangeFilter) {
  const [text, setText] = useState(q);
  const [shownQ, setShownQ] = useState(q);
  if (q !== shownQ) {
    setShownQ(q);
    if (text.trim() !== q) setText(q);
  }
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // Typing replaces the address rather than adding to the history: Back skips the keystrokes.
  const commit = (value: string) => {
    clearTimeout(timer.current);
    onChange({ q: value.trim() || undefined }, { replace: true });
  };
  const type = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => commit(value), SEARCH_DELAY_MS);
  };
  return { text, type, commit };
}

interface InquiryFiltersProps {
  filter: InquiryFilter;
  stats: InquiryStats;
  onChange: ChangeFilter;
}

/** Search by name, e-mail or phone, and filters by status and preferred colour. */
export function InquiryFilters({ filter, stats, onChange }: InquiryFiltersProps) {
  const search = useSearchBox(filter.q ?? '', onChange);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    search.commit(search.text);
  };
  return (
    <Group
      component="form"
      role="search"
      aria-label="Find inquiries"
      onSubmit={submit}
      align="flex-end"
      gap="sm"
      wrap="wrap"
    >
      <TextInput
        type="search"
        label="Search"
        placeholder="Name, e-mail or phone"
        value={search.text}
        maxLength={SEARCH_MAX}
        onChange={(event) => search.type(event.currentTarget.value)}
        flex="1 1 240px"
      />
      <NativeSelect
        label="Status"
        data={statusOptions(stats)}
        value={filter.status ?? ''}
        onChange={(event) => {
          const parsed = inquiryStatusSchema.safeParse(event.currentTarget.value);
          onChange({ status: parsed.success ? parsed.data : undefined });
        }}
        flex="1 1 160px"
      />
      <NativeSelect
        label="Preferred colour"
        data={colorOptions(stats, filter.color)}
        value={filter.color ?? ''}
        onChange={(event) => onChange({ color: event.currentTarget.value || undefined })}
        flex="1 1 160px"
      />
      {isFiltered(filter) && (
        <Button
          variant="subtle"
          onClick={() => onChange({ status: undefined, color: undefined, q: undefined })}
        >
          Clear filters
        </Button>
      )}
    </Group>
  );
}
