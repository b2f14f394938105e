import { errorResponseSchema, type ErrorResponse } from '@cedar/api-contract';
import { QUERY_DEFAULTS } from '@cedar/content';
import {
  MutationCache,
  QueryCache,
  QueryClient,
  type QueryFunction,
  type QueryFunctionContext,
} from '@tanstack/react-query';
import type { z } from 'zod';

export type UnauthorizedBehavior = 'returnNull' | 'throw';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { on401?: UnauthorizedBehavior };
    mutationMeta: {
      /** false where a 401 answers the call itself (login's wrong password), not a lost session. */
      redirectOn401?: boolean;
    };
  }
}

/** A non-OK answer of our API. The message is always "<status>: <body or statusText>". */
export class HttpError extends Error {
  readonly status: number;
  readonly body: string;
  constructor(status: number, body: string, statusText: string) {
    super(`${status}: ${body || statusText}`);
    this.name = 'HttpError';
    this.status = status;
    this.body = body;
  }
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof HttpError && error.status === 401;
}

/** The API's JSON error (`{ error, message, … }`) inside a failure, or null for anything else. */
export function errorBodyOf(error: unknown): (ErrorResponse & Record<string, unknown>) | null {
  if (!(error instanceof HttpError)) return null;
  try {
    const raw: unknown = JSON.parse(error.body);
    const parsed = errorResponseSchema.safeParse(raw);
    return parsed.success ? { ...(raw as Record<string, unknown>), ...parsed.data } : null;
  } catch {
    return null;
  }
}

async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  let body = '';
  try {
    body = await res.text();
  } catch {
    // An unreadable body leaves the status text as the whole explanation.
  }
  throw new HttpError(res.status, body, res.statusText);
}

/** Any call of the admin screens: cookies included, non-OK answers thrown as HttpError. */
export async function apiRequest(
  method: string,
  url: string,
  init: { body?: string; headers?: Record<string, string> } = {},
): Promise<Response> {
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: init.headers,
    body: init.body,
  });
  await throwIfResNotOk(res);
  return res;
}

/** GET of the query key parts joined with '/', JSON on success, 401 per `on401`. */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey }: QueryFunctionContext) => {
    const res = await fetch(queryKey.join('/'), { credentials: 'include' });
    if (on401 === 'returnNull' && res.status === 401) return null;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}

/** The default query function: throws on 401 unless the query's meta says `on401: 'returnNull'`. */
const defaultQueryFn: QueryFunction = (context) =>
  getQueryFn<unknown>({ on401: context.meta?.on401 ?? 'throw' })(context);

/** The default fetch of the key, checked by `schema`: the cache only ever holds valid, typed data. */
export function parsedQueryFn<T>(schema: z.ZodType<T>): QueryFunction<T> {
  const fetchJson = getQueryFn<unknown>({ on401: 'throw' });
  return async (context) => schema.parse(await fetchJson(context));
}

/**
 * Nothing refetches on its own, data never goes stale, nothing retries. Any 401 of a
 * query, or of a mutation that does not opt out, calls `onUnauthorized` (the
 * session is gone).
 */
export function createAdminQueryClient(
  onUnauthorized: (client: QueryClient) => void = () => {},
): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isUnauthorized(error)) onUnauthorized(client);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => {
        if (isUnauthorized(error) && mutation.options.meta?.redirectOn401 !== false)
          onUnauthorized(client);
      },
    }),
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        refetchInterval: QUERY_DEFAULTS.refetchInterval,
        refetchOnWindowFocus: QUERY_DEFAULTS.refetchOnWindowFocus,
        staleTime: QUERY_DEFAULTS.staleTime,
        retry: QUERY_DEFAULTS.retry,
      },
      mutations: { retry: QUERY_DEFAULTS.mutationRetry },
    },
  });
  return client;
}
