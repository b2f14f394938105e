import { inboxInquirySchema, inquiryUrl, type InquiryUpdate } from '@cedar/api-contract';
import { useMutation } from '@tanstack/react-query';
import { HttpError, apiRequest } from '../lib/query-client';
import { dropCachedInquiry, editCachedInquiries, inquiryListsKey } from './inquiries';
import { inquiryStatsQueryOptions } from './inquiry-stats';

type InquiryChange = InquiryUpdate & { id: string };

async function updateInquiry({ id, ...change }: InquiryChange) {
  const res = await apiRequest('PATCH', inquiryUrl(id), {
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(change),
  });
  return inboxInquirySchema.parse(await res.json());
}

export function isGone(error: unknown): boolean {
  return error instanceof HttpError && error.status === 404;
}

/**
 * A status or a note. The answer replaces the inquiry in every loaded list; a new status also
 * changes the counts, and may take the inquiry out of (or into) a list filtered by status, which
 * is asked for again when next shown rather than under the owner's cursor.
 */
export function useUpdateInquiry() {
  return useMutation({
    mutationFn: updateInquiry,
    onSuccess: (updated, { status }, _result, { client }) => {
      editCachedInquiries(client, (items) =>
        items.map((item) => (item.id === updated.id ? updated : item)),
      );
      if (status === undefined) return;
      return Promise.all([
        client.invalidateQueries({ queryKey: inquiryListsKey, refetchType: 'none' }),
        client.invalidateQueries({ queryKey: inquiryStatsQueryOptions.queryKey }),
      ]);
    },
    onError: (error, { id }, _result, { client }) => {
      if (!isGone(error)) return;
      // Deleted meanwhile, in another tab or by another admin.
      dropCachedInquiry(client, id);
      return client.invalidateQueries({ queryKey: inquiryStatsQueryOptions.queryKey });
    },
  });
}
