import {
  API_ROUTES,
  invitationUrl,
  type InviteRequest,
  inviteResponseSchema,
  peopleSchema,
  personSchema,
  personUrl,
} from '@cedar/api-contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest, parsedQueryFn } from '../lib/query-client';

const json = (body: unknown) => ({
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

const peopleQueryOptions = queryOptions({
  queryKey: [API_ROUTES.people.path],
  queryFn: parsedQueryFn(peopleSchema),
});

/** The people of the admin area and the pending invitations (the owner's). */
export function usePeople() {
  return useQuery(peopleQueryOptions);
}

export function useInvite() {
  return useMutation({
    mutationFn: async (request: InviteRequest) => {
      const res = await apiRequest(API_ROUTES.invite.method, API_ROUTES.invite.path, json(request));
      return inviteResponseSchema.parse(await res.json());
    },
    onSettled: (_answer, _error, _variables, _result, { client }) =>
      client.invalidateQueries({ queryKey: peopleQueryOptions.queryKey }),
  });
}

export function useRevokeInvitation() {
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest(API_ROUTES.revokeInvitation.method, invitationUrl(id));
    },
    onSettled: (_answer, _error, _variables, _result, { client }) =>
      client.invalidateQueries({ queryKey: peopleQueryOptions.queryKey }),
  });
}

/** Suspends or resumes a person. */
export function useSetStatus() {
  return useMutation({
    mutationFn: async ({
      username,
      action,
    }: {
      username: string;
      action: 'suspend' | 'resume';
    }) => {
      const res = await apiRequest('POST', personUrl(username, action));
      return personSchema.parse(await res.json());
    },
    onSettled: (_answer, _error, _variables, _result, { client }) =>
      client.invalidateQueries({ queryKey: peopleQueryOptions.queryKey }),
  });
}

export function useRemovePerson() {
  return useMutation({
    mutationFn: async (username: string) => {
      await apiRequest(API_ROUTES.removePerson.method, personUrl(username));
    },
    onSettled: (_answer, _error, _variables, _result, { client }) =>
      client.invalidateQueries({ queryKey: peopleQueryOptions.queryKey }),
  });
}
