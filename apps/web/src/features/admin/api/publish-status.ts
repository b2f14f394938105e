import { API_ROUTES, publishStatusSchema, type PublishStatus } from '@cedar/api-contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { parsedQueryFn } from '../lib/query-client';

export const PUBLISH_POLL_MS = 2000;
/** How long to wait for the server to start the build of a save before no longer expecting one. */
export const PUBLISH_START_GRACE_MS = 30_000;

export const publishStatusQueryOptions = queryOptions({
  queryKey: [API_ROUTES.publishStatus.path],
  queryFn: parsedQueryFn(publishStatusSchema),
});

/** A save made at `savedAt` (server time) that the status shown does not cover yet. */
export interface PendingPublish {
  savedAt: string;
  /** The file saved: its pages are the ones to look at once the change is live. */
  path: string;
  /** Local time the save answered, to stop waiting after the grace period. */
  since: number;
}

export function awaitsBuild(
  status: PublishStatus | undefined,
  pending: PendingPublish | null,
  now: number,
): boolean {
  if (!status || !pending || status.state === 'building' || status.state === 'live-reload')
    return false;
  if (now - pending.since > PUBLISH_START_GRACE_MS) return false;
  return status.startedAt === null || Date.parse(status.startedAt) < Date.parse(pending.savedAt);
}

/** Polls every 2 s while a build runs (or while the build of the last save has yet to start); otherwise not at all. */
export function usePublishStatus(pending: PendingPublish | null) {
  return useQuery({
    ...publishStatusQueryOptions,
    refetchInterval: (query) => {
      const status = query.state.data;
      if (status?.state === 'building' || awaitsBuild(status, pending, Date.now()))
        return PUBLISH_POLL_MS;
      return false;
    },
  });
}
