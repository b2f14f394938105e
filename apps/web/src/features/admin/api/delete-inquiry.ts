import { inquiryUrl } from '@cedar/api-contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../lib/query-client';
import { dropCachedInquiry } from './inquiries';
import { inquiryStatsQueryOptions } from './inquiry-stats';
import { isGone } from './update-inquiry';

/** Deletes an inquiry for good. A 404 means it was already gone: it leaves the lists either way. */
export function useDeleteInquiry() {
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('DELETE', inquiryUrl(id));
    },
    onSettled: (_answer, error, id, _result, { client }) => {
      if (error && !isGone(error)) return;
      dropCachedInquiry(client, id);
      return client.invalidateQueries({ queryKey: inquiryStatsQueryOptions.queryKey });
    },
  });
}
