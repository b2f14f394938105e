import {
  INQUIRY_STATUSES,
  INQUIRY_STATUS_LABELS,
  inquiryStatusSchema,
  type InboxInquiry,
} from '@cedar/api-contract';
import { useId } from 'react';
import { isGone, useUpdateInquiry } from '../api/update-inquiry';
import { showError } from '../lib/toasts';
import classes from './inquiry-card.module.css';

/**
 * Where the inquiry stands: a native select drawn as Mantine's NativeSelect (size xs) draws it,
 * without its components, one on each of the first page's 50 cards (decision 034). The choice shows at once while the server saves it; if it fails the
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
  const id = useId();
  return (
    <div className={classes.status}>
      <label htmlFor={id} className={classes.statusLabel}>
        Status
      </label>
      <div className={classes.statusBox}>
        <select
          id={id}
          className={classes.statusSelect}
          value={shown}
          onChange={(event) => change(event.currentTarget.value)}
          aria-busy={update.isPending}
        >
          {INQUIRY_STATUSES.map((status) => (
            <option key={status} value={status}>
              {INQUIRY_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
        <svg className={classes.chevron} viewBox="0 0 15 15" width="15" height="15" aria-hidden>
          <path
            d="M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.26618 11.9026 7.38064 11.95 7.49999 11.95C7.61933 11.95 7.73379 11.9026 7.81819 11.8182L10.0682 9.56819Z"
            fill="currentColor"
            fillRule="evenodd"
            clipRule="evenodd"
          />
        </svg>
      </div>
    </div>
  );
}
