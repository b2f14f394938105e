import { API_ROUTES, sessionListSchema, sessionUrl } from '@cedar/api-contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest, parsedQueryFn } from '../lib/query-client';

export const sessionsQueryOptions = queryOptions({
  queryKey: [API_ROUTES.sessions.path],
  queryFn: parsedQueryFn(sessionListSchema),
});

/** The admin's active sessions, newest first; the one of this browser has `current`. */
export function useSessions() {
  return useQuery(sessionsQueryOptions);
}

/** Signs one other session out. A 404 means it had already ended: the list is refreshed either way. */
export function useEndSession() {
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest(API_ROUTES.endSession.method, sessionUrl(id));
    },
    onSettled: (_answer, _error, _id, _result, { client }) =>
      client.invalidateQueries({ queryKey: sessionsQueryOptions.queryKey }),
  });
}

/** Ends every session of the admin, this one included (the server clears the cookie). */
export function useEndAllSessions() {
  return useMutation({
    mutationFn: async () => {
      await apiRequest(API_ROUTES.endAllSessions.method, API_ROUTES.endAllSessions.path);
    },
  });
}
