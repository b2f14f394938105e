import { revisionListSchema, revisionsUrl, restoreUrl, type Revision } from '@cedar/api-contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/query-client';

export const revisionsQueryOptions = (path: string) =>
  queryOptions({
    queryKey: [revisionsUrl(path)],
    select: (data: unknown): Revision[] => revisionListSchema.parse(data),
  });

export function useRevisions(path: string | null) {
  return useQuery({ ...revisionsQueryOptions(path ?? ''), enabled: path !== null });
}

/** Answers the server's JSON (the new revision, like a save) or null when it sent none. */
export async function restoreRevision({
  path,
  id,
}: {
  path: string;
  id: string;
}): Promise<unknown> {
  const res = await apiRequest('POST', restoreUrl(path, id));
  return res.json().catch(() => null);
}

export function useRestoreRevision() {
  return useMutation({ mutationFn: restoreRevision });
}
