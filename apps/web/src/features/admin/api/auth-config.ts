import { API_ROUTES, authConfigSchema, type AuthConfig } from '@cedar/api-contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const authConfigQueryOptions = queryOptions({
  queryKey: [API_ROUTES.authConfig.path],
  select: (data: unknown): AuthConfig => authConfigSchema.parse(data),
});

/** Whether the server runs with demo login on, and with which credentials (the Test Login button). */
export function useAuthConfig() {
  return useQuery(authConfigQueryOptions);
}
