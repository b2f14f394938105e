import { retryMailUrl } from '@cedar/api-contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../lib/query-client';
import { intakeStatusQueryOptions } from './intake-status';

/** Sends the e-mail about an inquiry again, after the mail server refused it for good. */
export function useRetryMail() {
  return useMutation({
    mutationFn: async (inquiryId: string) => {
      await apiRequest('POST', retryMailUrl(inquiryId));
    },
    onSettled: (_answer, _error, _id, _result, { client }) =>
      client.invalidateQueries({ queryKey: intakeStatusQueryOptions.queryKey }),
  });
}
