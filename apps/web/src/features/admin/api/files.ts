import {
  saveFileResponseSchema,
  syntaxErrorResponseSchema,
  type SaveFileResponse,
  type SyntaxErrorResponse,
} from '@cedar/api-contract';
import { fileUrl } from '@cedar/api-contract';
import { useMutation } from '@tanstack/react-query';
import { HttpError, apiRequest } from '../lib/query-client';

export interface LoadedFile {
  content: string;
  /** The quoted sha256 the server sent, echoed as If-Match when saving. */
  etag: string | null;
}

export const fileQueryKey = (path: string) => ['admin-file', path] as const;

export async function fetchFile(path: string): Promise<LoadedFile> {
  const res = await apiRequest('GET', fileUrl(path));
  return { content: await res.text(), etag: res.headers.get('ETag') };
}

export interface SaveFileInput {
  path: string;
  content: string;
  etag: string | null;
}

export async function saveFile({ path, content, etag }: SaveFileInput): Promise<SaveFileResponse> {
  const headers: Record<string, string> = { 'Content-Type': 'text/plain; charset=utf-8' };
  if (etag) headers['If-Match'] = etag;
  const res = await apiRequest('PUT', fileUrl(path), { headers, body: content });
  return saveFileResponseSchema.parse(await res.json());
}

export function useSaveFile() {
  return useMutation({ mutationFn: saveFile });
}

export function etagOf(sha256: string): string {
  return `"${sha256}"`;
}

/** What a failed save means for the editor: a syntax error to point at, a conflict, or just a failure. */
export type SaveFailure =
  { kind: 'syntax'; error: SyntaxErrorResponse } | { kind: 'conflict' } | { kind: 'other' };

export function classifySaveError(error: unknown): SaveFailure {
  if (!(error instanceof HttpError)) return { kind: 'other' };
  if (error.status === 409) return { kind: 'conflict' };
  if (error.status === 422) {
    try {
      const parsed = syntaxErrorResponseSchema.safeParse(JSON.parse(error.body));
      if (parsed.success) return { kind: 'syntax', error: parsed.data };
    } catch {
      // Fall through: a 422 without the documented body is an ordinary failure.
    }
  }
  return { kind: 'other' };
}

/** "Line 3, column 7: Expected ..." without repeating a position the server already put in its message. */
export function describeSyntaxError({ line, column, message }: SyntaxErrorResponse): string {
  const detail = message.replace(/^syntax error at line \d+, column \d+:\s*/i, '');
  return `Line ${line}, column ${column}: ${detail}`;
}
