import { QUERY_DEFAULTS } from '@cedar/content';
import { QueryClient, type QueryFunction, type QueryFunctionContext } from '@tanstack/react-query';

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** A non-OK answer of our API. The message is exactly spec §8's "<status>: <body or statusText>". */
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

export async function throwIfResNotOk(res: Response): Promise<void> {
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

/** Spec §7: GET of the query key parts joined with '/', JSON on success, 401 per `on401`. */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey }: QueryFunctionContext) => {
    const res = await fetch(queryKey.join('/'), { credentials: 'include' });
    if (on401 === 'returnNull' && res.status === 401) return null;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}

/** The default query function: throws on 401 unless the query's meta says `on401: 'returnNull'`. */
export const defaultQueryFn: QueryFunction = (context) => {
  const on401: UnauthorizedBehavior = context.meta?.on401 === 'returnNull' ? 'returnNull' : 'throw';
  return getQueryFn<unknown>({ on401 })(context);
};

/** Spec §9: nothing refetches on its own, data never goes stale, nothing retries. */
export function createAdminQueryClient(): QueryClient {
  return new QueryClient({
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
}
