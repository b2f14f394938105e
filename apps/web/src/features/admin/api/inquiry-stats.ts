import { API_ROUTES, inquiryStatsSchema } from '@cedar/api-contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { parsedQueryFn } from '../lib/query-client';

/** The dashboard's figures over every stored inquiry, and the counts the filters show. */
export const inquiryStatsQueryOptions = queryOptions({
  queryKey: [API_ROUTES.inquiryStats.path],
  queryFn: parsedQueryFn(inquiryStatsSchema),
});

export function useInquiryStats() {
  return useQuery(inquiryStatsQueryOptions);
}
