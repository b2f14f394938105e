import { API_ROUTES, auditPageSchema, type AuditQuery } from '@cedar/api-contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/query-client';

/** The query string of a filter and page: only what is set. */
function auditSearch(query: AuditQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** One page of the audit log (the owner's), newest first. */
export function useAuditPage(query: AuditQuery) {
  return useQuery({
    queryKey: [API_ROUTES.audit.path, query],
    queryFn: async () => {
      const res = await apiRequest('GET', `${API_ROUTES.audit.path}${auditSearch(query)}`);
      return auditPageSchema.parse(await res.json());
    },
    placeholderData: keepPreviousData,
  });
}
