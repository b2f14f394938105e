import {
  CONFIRMATION_REQUIRED,
  fileUrl,
  saveFileResponseSchema,
  sectionWordsSchema,
  wordsUrl,
  type EditableFilePath,
  type SaveFileResponse,
  type WordChange,
} from '@cedar/api-contract';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { HttpError, apiRequest, errorBodyOf, parsedQueryFn } from '../lib/query-client';
import { refreshAfterWrite } from './revisions';

export interface LoadedFile {
  content: string;
  /** The quoted sha256 the server sent, echoed as If-Match when saving. */
  etag: string | null;
}

async function fetchFile(path: string): Promise<LoadedFile> {
  const res = await apiRequest('GET', fileUrl(path));
  return { content: await res.text(), etag: res.headers.get('ETag') };
}

/** Always asked again: the editor opens the file as it is on the server now. */
export const fileQueryOptions = (path: EditableFilePath) =>
  queryOptions({ queryKey: ['admin-file', path], queryFn: () => fetchFile(path), staleTime: 0 });

interface SaveFileInput {
  path: EditableFilePath;
  content: string;
  etag: string | null;
}

async function saveFile({ path, content, etag }: SaveFileInput): Promise<SaveFileResponse> {
  const headers: Record<string, string> = { 'Content-Type': 'text/plain; charset=utf-8' };
  if (etag) headers['If-Match'] = etag;
  const res = await apiRequest('PUT', fileUrl(path), { headers, body: content });
  return saveFileResponseSchema.parse(await res.json());
}

export function useSaveFile() {
  return useMutation({
    mutationFn: saveFile,
    onSuccess: (_answer, { path }, _result, { client }) => refreshAfterWrite(client, path),
  });
}

/** The file's words (the strings of its copy object) and the sha256 of the version they are from. */
export const wordsQueryOptions = (path: EditableFilePath) =>
  queryOptions({
    queryKey: [wordsUrl(path)],
    queryFn: parsedQueryFn(sectionWordsSchema),
    staleTime: 0,
  });

interface SaveWordsInput {
  path: EditableFilePath;
  words: WordChange[];
  etag: string | null;
}

async function saveWords({ path, words, etag }: SaveWordsInput): Promise<SaveFileResponse> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (etag) headers['If-Match'] = etag;
  const res = await apiRequest('PUT', wordsUrl(path), { headers, body: JSON.stringify({ words }) });
  return saveFileResponseSchema.parse(await res.json());
}

/** Words mode's save: only the changed words travel; the server rewrites just their literals. */
export function useSaveWords() {
  return useMutation({
    mutationFn: saveWords,
    onSuccess: (_answer, { path }, _result, { client }) => refreshAfterWrite(client, path),
  });
}

export function etagOf(sha256: string): string {
  return `"${sha256}"`;
}

/** The server refused the content itself (422): a syntax error, code a section may not use, … */
export interface SaveRefusal {
  code: string;
  message: string;
  line: number | null;
  column: number | null;
}

/** What a failed save or restore means for the editor. */
export type WriteFailure =
  | { kind: 'refused'; refusal: SaveRefusal }
  | { kind: 'conflict' }
  | { kind: 'confirmation-required' }
  | { kind: 'other' };

export function classifyWriteError(error: unknown): WriteFailure {
  if (!(error instanceof HttpError)) return { kind: 'other' };
  const body = errorBodyOf(error);
  if (error.status === 403 && body?.error === CONFIRMATION_REQUIRED)
    return { kind: 'confirmation-required' };
  if (error.status === 409) return { kind: 'conflict' };
  if (error.status === 422 && body) {
    const { line, column } = body;
    return {
      kind: 'refused',
      refusal: {
        code: body.error,
        message: body.message,
        line: typeof line === 'number' ? line : null,
        column: typeof column === 'number' ? column : null,
      },
    };
  }
  return { kind: 'other' };
}

const REFUSAL_TITLES: Record<string, string> = {
  syntax_error: 'Not saved: the file has a syntax error',
  forbidden_code: 'Not saved: this code is not allowed in a section',
  unknown_word: 'Not saved: the file changed its words',
  no_words: 'Not saved: this file has no words to change',
};

export function refusalTitle({ code }: SaveRefusal): string {
  return REFUSAL_TITLES[code] ?? 'Not saved';
}

/** "Line 3, column 7: Expected ..." without repeating a position the server already put in its message. */
export function describeRefusal({ line, column, message }: SaveRefusal): string {
  if (line === null || column === null) return message;
  const detail = message.replace(/^(syntax error at )?line \d+, column \d+:\s*/i, '');
  return `Line ${line}, column ${column}: ${detail}`;
}
