import {
  INQUIRY_STATUSES,
  INQUIRY_STATUS_LABELS,
  inquiryStatusSchema,
  type InboxInquiry,
} from '@cedar/api-contract';
import { NativeSelect } from '@mantine/core';
import { isGone, useUpdateInquiry } from '../api/update-inquiry';
import { showError } from '../lib/toasts';

const OPTIONS = INQUIRY_STATUSES.map((status) => ({
  value: status,
  label: INQUIRY_STATUS_LABELS[status],
}));

/**
 * Where the inquiry stands. The choice shows at once while the server saves it; if it fails the
 * select shows the saved status again, and a toast says so.
 */
export function InquiryStatusSelect({ inquiry }: { inquiry: InboxInquiry }) {
  const update = useUpdateInquiry();
  const shown = (update.isPending ? update.variables.status : undefined) ?? inquiry.status;
  const change = (value: string) => {
    const parsed = inquiryStatusSchema.safeParse(value);
    if (!parsed.success || parsed.data === shown) return;
    update.mutate(
      { id: inquiry.id, status: parsed.data },
      {
        onError: (error) =>
          showError(
            isGone(error)
              ? 'This inquiry has been deleted, so its status cannot change.'
              : 'The status could not be changed. Please try again.',
          ),
      },
    );
  };
  return (
    <NativeSelect
      label="Status"
      size="xs"
      w={150}
      data={OPTIONS}
      value={shown}
      onChange={(event) => change(event.currentTarget.value)}
      aria-busy={update.isPending}
    />
  );
}
