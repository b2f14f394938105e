import { API_ROUTES, inquiryListSchema, type Inquiry } from '@cedar/api-contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const inquiriesQueryOptions = queryOptions({
  queryKey: [API_ROUTES.inquiries.path],
  select: (data: unknown): Inquiry[] => inquiryListSchema.parse(data),
});

/** Spec §7: fetched only when an admin user is stored. */
export function useInquiries(enabled: boolean) {
  return useQuery({ ...inquiriesQueryOptions, enabled });
}
