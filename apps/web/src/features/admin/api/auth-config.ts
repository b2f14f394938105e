import { API_ROUTES, authConfigSchema } from '@cedar/api-contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { parsedQueryFn } from '../lib/query-client';

const authConfigQueryOptions = queryOptions({
  queryKey: [API_ROUTES.authConfig.path],
  queryFn: parsedQueryFn(authConfigSchema),
});

/** Whether the server runs with demo login on, and with which credentials (the Test Login button). */
export function useAuthConfig() {
  return useQuery(authConfigQueryOptions);
}
