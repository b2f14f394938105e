// Issue 40: the families' page links (Waitlist screen) and the litters' weekly news (Litters).
import {
  API_ROUTES,
  familyLinkListSchema,
  familyLinkSchema,
  familyLinkUrl,
  litterNewsUrl,
  litterUpdateListSchema,
  litterUpdateSchema,
  litterUpdateUrl,
  newsPhotoSchema,
  type LitterUpdateDraft,
} from '@cedar/api-contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, errorBodyOf, parsedQueryFn } from '../lib/query-client';
import { sendPhoto } from './litters';

const familyLinksQueryOptions = queryOptions({
  queryKey: [API_ROUTES.familyLinks.path],
  queryFn: parsedQueryFn(familyLinkListSchema),
  staleTime: 0,
});

/** Which families have a page link, and since when. */
export function useFamilyLinks() {
  return useQuery(familyLinksQueryOptions);
}

export type FamilyLinkAction = 'show' | 'reissue' | 'email' | 'revoke';

async function linkAction(entryId: string, action: FamilyLinkAction) {
  const json = (body: unknown) => ({
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (action === 'revoke') {
    await apiRequest('DELETE', familyLinkUrl(entryId));
    return null;
  }
  if (action === 'email') {
    await apiRequest('POST', `${familyLinkUrl(entryId)}/email`);
    return null;
  }
  const res = await apiRequest(
    'POST',
    familyLinkUrl(entryId),
    json({ reissue: action === 'reissue' }),
  );
  return familyLinkSchema.parse(await res.json());
}

/** Shows (making it when first asked for), reissues, e-mails or revokes a family's link. */
export function useFamilyLinkAction() {
  return useMutation({
    mutationFn: ({ entryId, action }: { entryId: string; action: FamilyLinkAction }) =>
      linkAction(entryId, action),
    onSettled: (_a, _e, _i, _r, { client }) =>
      client.invalidateQueries({ queryKey: familyLinksQueryOptions.queryKey }),
  });
}

const newsQueryOptions = (litterId: string) =>
  queryOptions({
    queryKey: [litterNewsUrl(litterId)],
    queryFn: parsedQueryFn(litterUpdateListSchema),
    staleTime: 0,
  });

/** A litter's updates, newest first. */
export function useLitterNews(litterId: string) {
  return useQuery(newsQueryOptions(litterId));
}

type NewsChange =
  | { kind: 'post'; litterId: string; draft: LitterUpdateDraft }
  | { kind: 'edit'; litterId: string; id: string; draft: LitterUpdateDraft }
  | { kind: 'remove'; litterId: string; id: string };

const postedSchema = z.object({ update: litterUpdateSchema, recipients: z.number().optional() });

async function changeNews(change: NewsChange) {
  const json = (body: unknown) => ({
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (change.kind === 'remove') {
    await apiRequest('DELETE', litterUpdateUrl(change.id));
    return null;
  }
  const res =
    change.kind === 'post'
      ? await apiRequest('POST', litterNewsUrl(change.litterId), json(change.draft))
      : await apiRequest('PUT', litterUpdateUrl(change.id), json(change.draft));
  return postedSchema.parse(await res.json());
}

/** Posts, edits or removes an update; the litter's news is asked for again after. */
export function useChangeNews() {
  return useMutation({
    mutationFn: changeNews,
    onSettled: (_a, _e, change, _r, { client }) =>
      client.invalidateQueries({ queryKey: newsQueryOptions(change.litterId).queryKey }),
  });
}

/** Sends one photo for an update: re-encoded and stored privately by the server. */
export function useUploadNewsPhoto() {
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: Blob; onProgress: (share: number) => void }) =>
      sendPhoto(API_ROUTES.uploadNewsPhoto.path, newsPhotoSchema, file, onProgress),
  });
}

/** The server's words for a refused call, or a general sentence. */
export function familyErrorMessage(error: unknown, what: string): string {
  return errorBodyOf(error)?.message ?? `${what} Check your connection and try again.`;
}
