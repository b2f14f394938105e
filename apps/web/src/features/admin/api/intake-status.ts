import { API_ROUTES, intakeStatusSchema } from '@cedar/api-contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { parsedQueryFn } from '../lib/query-client';

/** How inquiries come in (HubSpot) and go out (the owner's e-mails), and what is wrong there. */
export const intakeStatusQueryOptions = queryOptions({
  queryKey: [API_ROUTES.intakeStatus.path],
  queryFn: parsedQueryFn(intakeStatusSchema),
});

export function useIntakeStatus() {
  return useQuery(intakeStatusQueryOptions);
}
