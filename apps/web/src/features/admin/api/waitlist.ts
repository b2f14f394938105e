import {
  API_ROUTES,
  announcementListSchema,
  announcementPreviewSchema,
  reservePuppyUrl,
  waitlistEntryUrl,
  waitlistOrderUrl,
  waitlistSchema,
  type AnnouncementDraft,
  type Waitlist,
  type WaitlistAdd,
} from '@cedar/api-contract';
import { queryOptions, useMutation, useQuery, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { HttpError, apiRequest, errorBodyOf, parsedQueryFn } from '../lib/query-client';
import { inquiryListsKey } from './inquiries';
import { littersQueryKey } from './litters';

const waitlistQueryOptions = queryOptions({
  queryKey: [API_ROUTES.waitlist.path],
  queryFn: parsedQueryFn(waitlistSchema),
  staleTime: 0,
});

/** Every list in order, and the version each change names (If-Match). */
export function useWaitlist({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...waitlistQueryOptions, enabled });
}

type Change =
  | { kind: 'add'; add: WaitlistAdd }
  | { kind: 'order'; key: string; entryIds: string[] }
  | { kind: 'reserve'; entryId: string; puppyId: string | null }
  | { kind: 'remove'; entryId: string };

async function change(version: number, c: Change): Promise<Waitlist> {
  const json = (body: unknown) => ({
    headers: { 'Content-Type': 'application/json', 'If-Match': `"${version}"` },
    body: JSON.stringify(body),
  });
  const res =
    c.kind === 'add'
      ? await apiRequest('POST', API_ROUTES.addToWaitlist.path, json(c.add))
      : c.kind === 'order'
        ? await apiRequest('PUT', waitlistOrderUrl(c.key), json({ entryIds: c.entryIds }))
        : c.kind === 'reserve'
          ? await apiRequest('PUT', reservePuppyUrl(c.entryId), json({ puppyId: c.puppyId }))
          : await apiRequest('DELETE', waitlistEntryUrl(c.entryId), {
              headers: { 'If-Match': `"${version}"` },
            });
  return waitlistSchema.parse(await res.json());
}

const refresh = (client: QueryClient, reserved: boolean) =>
  Promise.all([
    client.invalidateQueries({ queryKey: waitlistQueryOptions.queryKey }),
    client.invalidateQueries({ queryKey: inquiryListsKey, refetchType: 'none' }),
    ...(reserved ? [client.invalidateQueries({ queryKey: littersQueryKey })] : []),
  ]);

/**
 * One change to the lists, made on the version shown: the answer is the lists as they are now.
 * Refused (409) when another tab changed them first: the lists are asked for again, unchanged.
 */
export function useChangeWaitlist() {
  return useMutation({
    mutationFn: ({ version, change: c }: { version: number; change: Change }) => change(version, c),
    onSuccess: (lists, _input, _result, { client }) => {
      client.setQueryData(waitlistQueryOptions.queryKey, lists);
    },
    onSettled: (_answer, _error, { change: c }, _result, { client }) =>
      refresh(client, c.kind === 'reserve' || c.kind === 'remove'),
  });
}

/** The server's words for a refused change; a conflict says the lists were reloaded. */
export function waitlistErrorMessage(error: unknown): string {
  const body = errorBodyOf(error);
  if (error instanceof HttpError && error.status === 409 && body?.error === 'conflict')
    return 'The waitlist was changed in another tab or by another admin. It is shown as it is now: make your change again.';
  return body?.message ?? 'The waitlist could not be changed. Check your connection and try again.';
}

const announcementsQueryOptions = queryOptions({
  queryKey: [API_ROUTES.announcements.path],
  queryFn: parsedQueryFn(announcementListSchema),
  staleTime: 0,
});

export function useAnnouncements() {
  return useQuery(announcementsQueryOptions);
}

export function usePreviewAnnouncement() {
  return useMutation({
    mutationFn: async (draft: AnnouncementDraft) => {
      const res = await apiRequest('POST', API_ROUTES.previewAnnouncement.path, {
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(draft),
      });
      return announcementPreviewSchema.parse(await res.json());
    },
  });
}

export function useSendAnnouncement() {
  return useMutation({
    mutationFn: async (draft: AnnouncementDraft) => {
      const res = await apiRequest('POST', API_ROUTES.sendAnnouncement.path, {
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(draft),
      });
      return z.object({ id: z.string(), recipients: z.number() }).parse(await res.json());
    },
    onSettled: (_a, _e, _i, _r, { client }) =>
      client.invalidateQueries({ queryKey: announcementsQueryOptions.queryKey }),
  });
}
