import { API_ROUTES, LITTER_UPLOADS_URL, MAX_PHOTO_BYTES, litterUrl } from '@cedar/api-contract';
import { litterSchema, type LitterDraft } from '@cedar/content';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { publishStatusQueryOptions } from './publish-status';
import { serverFieldErrors, type ServerFieldErrors } from '../lib/form-errors';
import { HttpError, apiRequest, errorBodyOf, parsedQueryFn } from '../lib/query-client';

const littersAnswerSchema = z.object({
  sha256: z.string(),
  litters: z.array(litterSchema),
});

export const littersQueryKey = [API_ROUTES.litters.path];

const littersQueryOptions = queryOptions({
  queryKey: littersQueryKey,
  queryFn: parsedQueryFn(littersAnswerSchema),
  staleTime: 0,
});

/** Every litter of the data file, archived ones included, and the file's sha256. */
export function useLitters() {
  return useQuery(littersQueryOptions);
}

const savedLitterSchema = z.object({
  sha256: z.string(),
  savedAt: z.string(),
  litter: litterSchema,
});
type SavedLitter = z.infer<typeof savedLitterSchema>;

interface SaveLitterInput {
  /** Absent for a new litter. */
  id?: string;
  draft: LitterDraft;
  /** The file's sha256 when the list was loaded: a change made since is refused (409). */
  sha256: string;
}

async function saveLitter({ id, draft, sha256 }: SaveLitterInput): Promise<SavedLitter> {
  const res = await apiRequest(
    id ? 'PUT' : 'POST',
    id ? litterUrl(id) : API_ROUTES.addLitter.path,
    {
      headers: { 'Content-Type': 'application/json', 'If-Match': `"${sha256}"` },
      body: JSON.stringify(draft),
    },
  );
  return savedLitterSchema.parse(await res.json());
}

export function useSaveLitter() {
  return useMutation({
    mutationFn: saveLitter,
    onSettled: (_answer, _error, _input, _result, { client }) =>
      Promise.all([
        client.invalidateQueries({ queryKey: littersQueryOptions.queryKey }),
        client.invalidateQueries({ queryKey: publishStatusQueryOptions.queryKey }),
      ]),
  });
}

/** What a refused save means for the form: a field to mark, the list changed meanwhile, or else. */
export type LitterSaveFailure =
  | { kind: 'field'; errors: ServerFieldErrors }
  | { kind: 'conflict' }
  | { kind: 'other'; message: string };

export function classifyLitterError(error: unknown): LitterSaveFailure {
  if (error instanceof HttpError && error.status === 409) return { kind: 'conflict' };
  const errors = serverFieldErrors(error);
  if (errors) return { kind: 'field', errors };
  const body = errorBodyOf(error);
  return {
    kind: 'other',
    message: body?.message ?? 'The litter could not be saved. Check your connection and try again.',
  };
}

const uploadAnswerSchema = z.object({
  path: z.string().startsWith(`${LITTER_UPLOADS_URL}/`),
});

/** Refused before sending: the server would answer 413 only after the whole file went up. */
const PHOTO_TOO_BIG = `The photo is larger than ${MAX_PHOTO_BYTES / 1024 / 1024} MB. Choose a smaller one.`;

/**
 * Sends one photo to `path`, reporting the share sent (0 to 1) as it goes: XMLHttpRequest,
 * because fetch reports no upload progress. Resolves with the server's answer, checked by
 * `schema`. The litters' photos and their weekly news (issue 40) upload the same way.
 */
export function sendPhoto<T>(
  path: string,
  schema: z.ZodType<T>,
  file: Blob,
  onProgress: (share: number) => void,
): Promise<T> {
  if (file.size > MAX_PHOTO_BYTES) return Promise.reject(new Error(PHOTO_TOO_BIG));
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new Error('The photo could not be sent. Check your connection.'));
    xhr.onload = () => {
      if (xhr.status === 201) {
        const answer = schema.safeParse(JSON.parse(xhr.responseText));
        if (answer.success) return resolve(answer.data);
      }
      reject(new HttpError(xhr.status, xhr.responseText, xhr.statusText));
    };
    xhr.send(file);
  });
}

/** Sends one of a litter's photos; resolves with its path on the site. */
const uploadPhoto = async (file: Blob, onProgress: (share: number) => void) =>
  (await sendPhoto(API_ROUTES.uploadLitterPhoto.path, uploadAnswerSchema, file, onProgress)).path;

/** An upload as a mutation: a lost session (401) is handled like any other call's. */
export function useUploadPhoto() {
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: Blob; onProgress: (share: number) => void }) =>
      uploadPhoto(file, onProgress),
  });
}

/** The reason an upload failed, in the server's words when it gave some. */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof HttpError)
    return errorBodyOf(error)?.message ?? `The photo could not be uploaded (${error.status}).`;
  return error instanceof Error ? error.message : 'The photo could not be uploaded.';
}
