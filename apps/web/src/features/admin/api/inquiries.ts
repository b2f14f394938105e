import { API_ROUTES, inquiryListSchema } from '@cedar/api-contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { parsedQueryFn } from '../lib/query-client';

export const inquiriesQueryOptions = queryOptions({
  queryKey: [API_ROUTES.inquiries.path],
  queryFn: parsedQueryFn(inquiryListSchema),
});

/** Spec §7: asked for only on the screens behind the admin gate, so only when an admin user is stored. */
export function useInquiries() {
  return useQuery(inquiriesQueryOptions);
}
