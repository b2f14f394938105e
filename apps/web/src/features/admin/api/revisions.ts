import {
  restoreUrl,
  revisionListSchema,
  revisionsUrl,
  saveFileResponseSchema,
  type Revision,
  type SaveFileResponse,
} from '@cedar/api-contract';
import { queryOptions, useMutation, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest, parsedQueryFn } from '../lib/query-client';
import { publishStatusQueryOptions } from './publish-status';

const revisionsQueryOptions = (path: string) =>
  queryOptions({ queryKey: [revisionsUrl(path)], queryFn: parsedQueryFn(revisionListSchema) });

export function useRevisions(path: string | null) {
  return useQuery({ ...revisionsQueryOptions(path ?? ''), enabled: path !== null });
}

/** A save or restore made a new revision and starts a rebuild: both lists are out of date. */
export function refreshAfterWrite(client: QueryClient, path: string): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: revisionsQueryOptions(path).queryKey }),
    client.invalidateQueries({ queryKey: publishStatusQueryOptions.queryKey }),
  ]);
}

async function restoreRevision(revision: Revision): Promise<SaveFileResponse> {
  const res = await apiRequest('POST', restoreUrl(revision.path, revision.id));
  return saveFileResponseSchema.parse(await res.json());
}

export function useRestoreRevision() {
  return useMutation({
    mutationFn: restoreRevision,
    onSuccess: (_answer, revision, _result, { client }) => refreshAfterWrite(client, revision.path),
  });
}
